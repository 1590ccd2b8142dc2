import { describe, expect, it } from "vitest";
import { type SuggestionInput, type SuggestionTrip, suggestInvoiceLines } from "./suggested-lines";

const rates = {
  minimumDailyRate: "450.00",
  mileageRate: "1.85",
  overnightRate: "150.00",
  noGoRate: "300.00",
  detentionRate: "45.50",
  detentionThreshold: 2,
};

const trip = (over: Partial<SuggestionTrip> = {}): SuggestionTrip => ({
  tripDate: "2026-03-02",
  startLocation: "Dallas, TX",
  endLocation: "Tulsa, OK",
  miles: "100.00",
  hours: "8.00",
  waitHours: "0.00",
  standbyHours: "0.00",
  overnight: false,
  noGo: false,
  expenses: [],
  ...over,
});

const input = (over: Partial<SuggestionInput> = {}): SuggestionInput => ({
  pickupDate: "2026-03-01",
  originAddress: "Dallas, TX",
  rates,
  customRates: [],
  trips: [],
  ...over,
});

/** kind, date and charge of each line: what the table of cases compares. */
const brief = (i: SuggestionInput) =>
  suggestInvoiceLines(i).map((l) => [l.kind, l.date, l.charge, l.mileage]);

describe("suggestInvoiceLines", () => {
  const cases: [string, SuggestionInput, (string | number)[][]][] = [
    ["nothing logged: the pickup day at the minimum", input(), [["day", "2026-03-01", "450.00", "0.00"]]],
    [
      "no rate confirmation: days at 0, expenses at cost",
      input({ rates: null, trips: [trip({ expenses: [{ type: "fuel", amount: "80.25" }] })] }),
      [
        ["day", "2026-03-02", "0.00", "100.00"],
        ["expense", "2026-03-02", "80.25", "0.00"],
      ],
    ],
    [
      "a short day bills the minimum daily rate",
      input({ trips: [trip({ miles: "100" })] }),
      [["day", "2026-03-02", "450.00", "100.00"]],
    ],
    [
      "a long day bills its miles (123.4 × 1.85 + …, half up)",
      input({ trips: [trip({ miles: "300.40" })] }),
      // 300.4 × 1.85 = 555.74
      [["mileage", "2026-03-02", "555.74", "300.40"]],
    ],
    [
      "two entries on one day add their miles before the rule",
      input({
        trips: [trip({ miles: "200.00" }), trip({ miles: "100.00", startLocation: "Tulsa, OK" })],
      }),
      // 300 × 1.85 = 555.00 > 450
      [["mileage", "2026-03-02", "555.00", "300.00"]],
    ],
    [
      "one line per day, in date order",
      input({ trips: [trip({ tripDate: "2026-03-03" }), trip({ tripDate: "2026-03-02" })] }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["day", "2026-03-03", "450.00", "100.00"],
      ],
    ],
    [
      "a no-go day bills the no-go rate instead of the day",
      input({ trips: [trip({ noGo: true, miles: "40" })] }),
      [["no_go", "2026-03-02", "300.00", "0.00"]],
    ],
    [
      "an overnight after a day",
      input({ trips: [trip({ overnight: true }), trip({ tripDate: "2026-03-03" })] }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["day", "2026-03-03", "450.00", "100.00"],
        ["overnight", "2026-03-02", "150.00", "0.00"],
      ],
    ],
    [
      "wait hours within the threshold bill nothing",
      input({ trips: [trip({ waitHours: "2.00" })] }),
      [["day", "2026-03-02", "450.00", "100.00"]],
    ],
    [
      "wait hours beyond the threshold × the detention rate (exact cents)",
      input({
        trips: [trip({ waitHours: "3.25" }), trip({ waitHours: "1.00", startLocation: "Tulsa, OK" })],
      }),
      // 4.25 h waited − 2 h = 2.25 h × 45.50 = 102.375 → 102.38 (half up)
      [
        ["day", "2026-03-02", "450.00", "200.00"],
        ["detention", "2026-03-02", "102.38", "0.00"],
      ],
    ],
    [
      "custom rates by unit: per job, daily, weekly, hourly, per mile",
      input({
        trips: [trip({ hours: "7.50" }), trip({ tripDate: "2026-03-03", hours: "3.00", miles: "20.50" })],
        customRates: [
          { name: "Permit fee", amount: "75.00", unit: "per_job" },
          { name: "Height pole", amount: "25.00", unit: "daily" },
          { name: "Equipment", amount: "100.00", unit: "weekly" },
          { name: "Route planning", amount: "12.33", unit: "hourly" },
          { name: "Fuel surcharge", amount: "0.15", unit: "per_mile" },
        ],
      }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["day", "2026-03-03", "450.00", "20.50"],
        ["custom", "2026-03-02", "75.00", "0.00"],
        ["custom", "2026-03-02", "50.00", "0.00"],
        ["custom", "2026-03-02", "100.00", "0.00"],
        // 10.5 h × 12.33 = 129.465 → 129.47
        ["custom", "2026-03-02", "129.47", "0.00"],
        // 120.5 mi × 0.15 = 18.075 → 18.08
        ["custom", "2026-03-02", "18.08", "0.00"],
      ],
    ],
    [
      "an hourly or per-mile rate with nothing logged is left out; a per-job rate stays",
      input({
        customRates: [
          { name: "Route planning", amount: "12.00", unit: "hourly" },
          { name: "Permit fee", amount: "75.00", unit: "per_job" },
        ],
      }),
      [
        ["day", "2026-03-01", "450.00", "0.00"],
        ["custom", "2026-03-01", "75.00", "0.00"],
      ],
    ],
    [
      "expenses at cost, one line per type and trip (same type summed)",
      input({
        trips: [
          trip({
            expenses: [
              { type: "tolls", amount: "12.10" },
              { type: "fuel", amount: "80.25" },
              { type: "tolls", amount: "0.20" },
              { type: "lodging", amount: "0.00" },
            ],
          }),
        ],
      }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["expense", "2026-03-02", "80.25", "0.00"],
        ["expense", "2026-03-02", "12.30", "0.00"],
      ],
    ],
  ];

  it.each(cases)("%s", (_name, data, expected) => {
    expect(brief(data)).toEqual(expected);
  });

  it("describes each line in words the client can check", () => {
    const lines = suggestInvoiceLines(
      input({
        trips: [
          trip({
            miles: "300.40",
            waitHours: "3.50",
            overnight: true,
            expenses: [{ type: "lodging", amount: "99" }],
          }),
        ],
        customRates: [{ name: "Height pole", amount: "25.00", unit: "daily" }],
      }),
    );
    expect(lines.map((l) => l.location)).toEqual([
      "Dallas, TX → Tulsa, OK (300.4 mi × $1.85/mi)",
      "Overnight at Tulsa, OK",
      "Detention: 3.5 h waited, 1.5 h beyond 2 hours × $45.50/h",
      "Height pole (1 day × $25.00 per day)",
      "Lodging (at cost): Dallas, TX → Tulsa, OK",
    ]);
  });

  it("keeps every description within the line's bound", () => {
    const long = "x".repeat(300);
    const [line] = suggestInvoiceLines(input({ trips: [trip({ startLocation: long, endLocation: long })] }));
    expect(line?.location.length).toBeLessThanOrEqual(300);
    expect(line?.location.endsWith("…")).toBe(true);
  });

  it("sums to the same total as the lines' charges, in exact cents", () => {
    const lines = suggestInvoiceLines(
      input({
        trips: [
          trip({ miles: "0.10", expenses: [{ type: "fuel", amount: "0.10" }] }),
          trip({ tripDate: "2026-03-03", miles: "0.20", expenses: [{ type: "fuel", amount: "0.20" }] }),
        ],
        rates: { ...rates, minimumDailyRate: "0.00" },
      }),
    );
    // 0.1 × 1.85 = 0.185 → 0.19; 0.2 × 1.85 = 0.37; 0.10 + 0.20 at cost
    expect(lines.map((l) => l.charge)).toEqual(["0.19", "0.37", "0.10", "0.20"]);
  });
});
