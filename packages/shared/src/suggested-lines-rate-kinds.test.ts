import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals, mileageChargeCents } from "./invoice-math";
import { fromCents, toCents } from "./money";
import { additionalRateRows, emptyAdditionalRates, hasAdditionalRates, RATE_KINDS } from "./rate-kinds";
import { type TAdditionalRates, ZAdditionalRates } from "./schemas/additional-rates";
import { type SuggestionInput, type SuggestionTrip, suggestInvoiceLines } from "./suggested-lines";

const rates = {
  minimumDailyRate: "450.00",
  mileageRate: "1.85",
  overnightRate: "150.00",
  noGoRate: "300.00",
  detentionRate: "45.50",
  detentionThreshold: 2,
};

const extra = (over: Partial<TAdditionalRates> = {}): TAdditionalRates => ({
  ...emptyAdditionalRates(),
  ...over,
});

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

const brief = (i: SuggestionInput) =>
  suggestInvoiceLines(i).map((l) => [l.kind, l.date, l.charge, l.mileage]);

describe("suggested lines of the additional rate kinds", () => {
  const cases: [string, SuggestionInput, string[][]][] = [
    [
      "no additional rates: the lines of before",
      input({ trips: [trip()], additionalRates: extra() }),
      [["day", "2026-03-02", "450.00", "100.00"]],
    ],
    [
      "mileage minimum: a short day bills the minimum miles when they beat the day rate",
      input({ trips: [trip({ miles: "123.40" })], additionalRates: extra({ mileageMinimum: "300.00" }) }),
      // 300 × 1.85 = 555.00 > 450
      [["mileage", "2026-03-02", "555.00", "300.00"]],
    ],
    [
      "mileage minimum: a day above it bills its own miles",
      input({ trips: [trip({ miles: "400.50" })], additionalRates: extra({ mileageMinimum: "300.00" }) }),
      // 400.5 × 1.85 = 740.925 → 740.93
      [["mileage", "2026-03-02", "740.93", "400.50"]],
    ],
    [
      "mileage minimum below the day rate's worth: the day rate",
      input({ trips: [trip({ miles: "50.00" })], additionalRates: extra({ mileageMinimum: "100.00" }) }),
      [["day", "2026-03-02", "450.00", "50.00"]],
    ],
    [
      "mileage minimum applies to the booked day when nothing is logged",
      input({ additionalRates: extra({ mileageMinimum: "250.00" }) }),
      // 250 × 1.85 = 462.50 > 450
      [["mileage", "2026-03-01", "462.50", "250.00"]],
    ],
    [
      "deadhead: the agreed miles × the rate, once, on the first day",
      input({
        trips: [trip(), trip({ tripDate: "2026-03-03" })],
        additionalRates: extra({ deadheadRate: "1.15", deadheadMiles: "87.30" }),
      }),
      // 87.3 × 1.15 = 100.395 → 100.40
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["day", "2026-03-03", "450.00", "100.00"],
        ["deadhead", "2026-03-02", "100.40", "87.30"],
      ],
    ],
    [
      "per diem: each logged day, a no-go day too",
      input({
        trips: [trip(), trip({ tripDate: "2026-03-03", noGo: true })],
        additionalRates: extra({ perDiemRate: "65.00" }),
      }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["no_go", "2026-03-03", "300.00", "0.00"],
        ["per_diem", "2026-03-02", "65.00", "0.00"],
        ["per_diem", "2026-03-03", "65.00", "0.00"],
      ],
    ],
    [
      "standby: hours beyond the threshold × the rate, per day",
      input({
        trips: [
          trip({ hours: "10.00", standbyHours: "3.50" }),
          trip({ tripDate: "2026-03-03", hours: "6.00", standbyHours: "1.00" }),
        ],
        additionalRates: extra({ standbyRate: "37.25", standbyThreshold: 1 }),
      }),
      // 2.5 h × 37.25 = 93.125 → 93.13; day two is within the threshold
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["day", "2026-03-03", "450.00", "100.00"],
        ["standby", "2026-03-02", "93.13", "0.00"],
      ],
    ],
    [
      "standby without a threshold bills every hour; detention stays the wait hours'",
      input({
        trips: [trip({ hours: "10.00", waitHours: "3.00", standbyHours: "2.00" })],
        additionalRates: extra({ standbyRate: "40.00" }),
      }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["detention", "2026-03-02", "45.50", "0.00"],
        ["standby", "2026-03-02", "80.00", "0.00"],
      ],
    ],
    [
      "high-pole surcharge: each worked day of a high pole car",
      input({
        highPole: true,
        trips: [trip(), trip({ tripDate: "2026-03-03", noGo: true })],
        additionalRates: extra({ highPoleRate: "75.00" }),
      }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["no_go", "2026-03-03", "300.00", "0.00"],
        ["high_pole", "2026-03-02", "75.00", "0.00"],
      ],
    ],
    [
      "high-pole surcharge: not for another position",
      input({ highPole: false, trips: [trip()], additionalRates: extra({ highPoleRate: "75.00" }) }),
      [["day", "2026-03-02", "450.00", "100.00"]],
    ],
    [
      "tolls at cost from the trip log's expenses",
      input({
        trips: [trip({ expenses: [{ type: "tolls", amount: "14.75" }] })],
        additionalRates: extra({ tollsAtCost: true }),
      }),
      [
        ["day", "2026-03-02", "450.00", "100.00"],
        ["expense", "2026-03-02", "14.75", "0.00"],
      ],
    ],
    [
      "no rate confirmation: the additional rates play no part",
      input({ rates: null, trips: [trip()], additionalRates: extra({ perDiemRate: "65.00" }) }),
      [["day", "2026-03-02", "0.00", "100.00"]],
    ],
  ];

  it.each(cases)("%s", (_name, data, expected) => {
    expect(brief(data)).toEqual(expected);
  });

  it("bills a 3-day job with 2 overnights day by day, to the cent", () => {
    const lines = suggestInvoiceLines(
      input({
        highPole: true,
        additionalRates: extra({
          mileageMinimum: "250.00",
          deadheadRate: "1.00",
          deadheadMiles: "120.00",
          perDiemRate: "50.00",
          highPoleRate: "100.00",
          tollsAtCost: true,
        }),
        trips: [
          trip({ tripDate: "2026-03-02", miles: "312.60", overnight: true, endLocation: "Tulsa, OK" }),
          trip({
            tripDate: "2026-03-03",
            startLocation: "Tulsa, OK",
            endLocation: "Joplin, MO",
            miles: "110.00",
            hours: "9.00",
            waitHours: "4.00",
            overnight: true,
            expenses: [{ type: "tolls", amount: "23.40" }],
          }),
          trip({
            tripDate: "2026-03-04",
            startLocation: "Joplin, MO",
            endLocation: "Springfield, MO",
            miles: "71.00",
          }),
        ],
      }),
    );
    expect(lines.map((l) => [l.kind, l.date, l.mileage, l.charge])).toEqual([
      // 312.6 × 1.85 = 578.31
      ["mileage", "2026-03-02", "312.60", "578.31"],
      // 110 mi < 250 minimum: 250 × 1.85 = 462.50 > 450
      ["mileage", "2026-03-03", "250.00", "462.50"],
      ["mileage", "2026-03-04", "250.00", "462.50"],
      ["overnight", "2026-03-02", "0.00", "150.00"],
      ["overnight", "2026-03-03", "0.00", "150.00"],
      // 4 h − 2 h = 2 h × 45.50
      ["detention", "2026-03-03", "0.00", "91.00"],
      ["per_diem", "2026-03-02", "0.00", "50.00"],
      ["per_diem", "2026-03-03", "0.00", "50.00"],
      ["per_diem", "2026-03-04", "0.00", "50.00"],
      ["high_pole", "2026-03-02", "0.00", "100.00"],
      ["high_pole", "2026-03-03", "0.00", "100.00"],
      ["high_pole", "2026-03-04", "0.00", "100.00"],
      ["deadhead", "2026-03-02", "120.00", "120.00"],
      ["expense", "2026-03-03", "0.00", "23.40"],
    ]);
    expect(invoiceTotals(lines.map((l) => l.charge)).total).toBe("2487.71");
    expect(lines[1]?.location).toBe("Tulsa, OK → Joplin, MO (110 mi logged, minimum 250 mi × $1.85/mi)");
  });

  const decimal = (maxCents: number) => fc.integer({ min: 0, max: maxCents }).map(fromCents);
  const arbTrip = fc
    .record({
      day: fc.integer({ min: 1, max: 5 }),
      miles: decimal(200_000),
      hours: fc.integer({ min: 0, max: 2400 }),
      wait: fc.integer({ min: 0, max: 100 }),
      standby: fc.integer({ min: 0, max: 100 }),
      overnight: fc.boolean(),
      noGo: fc.boolean(),
      tolls: decimal(50_000),
    })
    .map(
      (t): SuggestionTrip =>
        trip({
          tripDate: `2026-03-0${t.day}`,
          miles: t.miles,
          hours: fromCents(t.hours),
          // Shares of the hours, as the trip log's rule keeps them.
          waitHours: fromCents(Math.floor((t.hours * t.wait) / 200)),
          standbyHours: fromCents(Math.floor((t.hours * t.standby) / 200)),
          overnight: t.overnight,
          noGo: t.noGo,
          expenses: [{ type: "tolls", amount: t.tolls }],
        }),
    );
  const arbExtra = fc.record({
    deadheadRate: fc.option(decimal(1_000), { nil: null }),
    deadheadMiles: fc.option(decimal(200_000), { nil: null }),
    perDiemRate: fc.option(decimal(20_000), { nil: null }),
    standbyRate: fc.option(decimal(10_000), { nil: null }),
    standbyThreshold: fc.option(fc.integer({ min: 0, max: 24 }), { nil: null }),
    highPoleRate: fc.option(decimal(20_000), { nil: null }),
    mileageMinimum: fc.option(decimal(200_000), { nil: null }),
    tollsAtCost: fc.boolean(),
  });
  const arbRates = fc.record({
    minimumDailyRate: decimal(100_000),
    mileageRate: decimal(1_000),
    overnightRate: decimal(50_000),
    noGoRate: decimal(50_000),
    detentionRate: decimal(10_000),
    detentionThreshold: fc.integer({ min: 0, max: 24 }),
  });

  it("property: each per-quantity line is quantity × rate rounded once, the total is Σ lines", () => {
    fc.assert(
      fc.property(
        arbRates,
        arbExtra,
        fc.array(arbTrip, { maxLength: 8 }),
        fc.boolean(),
        (r, x, trips, highPole) => {
          const lines = suggestInvoiceLines(input({ rates: r, additionalRates: x, trips, highPole }));
          for (const line of lines) {
            expect(line.charge).toMatch(/^\d+\.\d{2}$/);
            if (line.kind === "mileage") {
              expect(toCents(line.charge)).toBe(mileageChargeCents(line.mileage, r.mileageRate));
            }
            if (line.kind === "deadhead" && x.deadheadRate !== null) {
              expect(toCents(line.charge)).toBe(mileageChargeCents(line.mileage, x.deadheadRate));
            }
            if (line.kind === "day") expect(line.charge).toBe(r.minimumDailyRate);
            if (line.kind === "per_diem") expect(line.charge).toBe(x.perDiemRate);
            if (line.kind === "high_pole") expect(line.charge).toBe(x.highPoleRate);
          }
          const sum = lines.reduce((cents, l) => cents + toCents(l.charge), 0);
          expect(invoiceTotals(lines.map((l) => l.charge)).total).toBe(fromCents(sum));
          // Each worked day is billed once, whatever its entries.
          const workedDays = new Set(trips.filter((t) => !t.noGo).map((t) => t.tripDate));
          const dayLines = lines.filter((l) => l.kind === "day" || l.kind === "mileage");
          expect(dayLines.length).toBe(trips.length === 0 ? 1 : workedDays.size);
          // A mileage minimum never bills a day for fewer miles than the minimum.
          if (x.mileageMinimum !== null) {
            for (const l of lines.filter((l) => l.kind === "mileage")) {
              expect(toCents(l.mileage)).toBeGreaterThanOrEqual(toCents(x.mileageMinimum));
            }
          }
        },
      ),
    );
  });
});

describe("the additional rates on a rate confirmation", () => {
  it("every rate kind has a label and a unit", () => {
    for (const kind of Object.values(RATE_KINDS)) {
      expect(kind.label).not.toBe("");
      expect(kind.unit).not.toBe("");
    }
  });

  it("blank fields are none; a confirmation without any is the one of before", () => {
    const parsed = ZAdditionalRates.parse({ deadheadRate: "", perDiemRate: null, mileageMinimum: " " });
    expect(parsed).toEqual(emptyAdditionalRates());
    expect(hasAdditionalRates(parsed)).toBe(false);
    expect(additionalRateRows(parsed)).toEqual([]);
  });

  it("reads the set ones in words", () => {
    const parsed = ZAdditionalRates.parse({
      deadheadRate: "1.15",
      deadheadMiles: "87.3",
      perDiemRate: 65,
      standbyRate: "40",
      standbyThreshold: "2",
      highPoleRate: "1250.5",
      mileageMinimum: "250",
      tollsAtCost: true,
    });
    expect(additionalRateRows(parsed).map((r) => `${r.label}: ${r.value}`)).toEqual([
      "Mileage minimum: 250 mi per day",
      "Deadhead: 87.3 mi × $1.15 per mile = $100.40",
      "Per diem: $65.00 per day",
      "Standby / wait: $40.00 per hour after 2 hours",
      "High-pole surcharge: $1,250.50 per day (high pole car)",
      "Tolls: Billed at cost, with receipts",
    ]);
  });

  it.each([
    [{ perDiemRate: "-1" }, "perDiemRate", "Amount must be 0 or more"],
    [{ perDiemRate: "1.234" }, "perDiemRate", "Enter an amount with up to 2 decimals"],
    [{ highPoleRate: "1000000.01" }, "highPoleRate", "Amount must be at most $1,000,000.00"],
    [{ deadheadRate: "1.00" }, "deadheadMiles", "Enter the deadhead miles"],
    [{ deadheadMiles: "10" }, "deadheadRate", "Enter the deadhead rate"],
    [{ mileageMinimum: "2000.01" }, "mileageMinimum", "Mileage minimum must be at most 2,000"],
    [
      { standbyThreshold: "25", standbyRate: "1" },
      "standbyThreshold",
      "Standby threshold must be at most 24 hours",
    ],
    [{ standbyThreshold: "2" }, "standbyRate", "Enter the standby rate"],
  ])("refuses %o", (value, path, message) => {
    const result = ZAdditionalRates.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([path, message]);
  });
});
