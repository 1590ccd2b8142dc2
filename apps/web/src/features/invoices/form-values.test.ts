import {
  emptyLoadDetails,
  type SuggestedLine,
  type TClient,
  type TDispatch,
  type TInvoice,
} from "@pevo/shared";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  chargeFor,
  customerAddressOf,
  type DispatchSummary,
  dispatchPrefill,
  dueDateFor,
  invoiceValues,
  isMileage,
  isOnInvoice,
  isPlaceholderLine,
  type LineItemValues,
  newInvoiceValues,
  POSITION_LABELS,
  prefillLine,
  previewTotals,
  summaryOfDispatch,
  summaryOfInvoice,
} from "./form-values";

const rates = { minimumDailyRate: "350.00", mileageRate: "1.85" };

const client = (fields: Partial<TClient> = {}): TClient => ({
  id: "client-1",
  name: "Heavy Haul Inc",
  contactPerson: "Dana Reyes",
  mcNumber: null,
  dotNumber: null,
  email: null,
  billingEmail: null,
  phone: null,
  cellPhone: null,
  fax: null,
  address: "1 Main St, Dallas, TX 75201",
  paymentTermsDays: null,
  poRequired: false,
  billToClientId: null,
  billToName: null,
  quickPayPercent: null,
  quickPayDays: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

type RateConfirmation = NonNullable<TDispatch["rateConfirmation"]>;

const rateConfirmation = (fields: Partial<RateConfirmation> = {}): RateConfirmation => ({
  id: "rc-1",
  jobNumber: "RC-20260110-001",
  clientId: "client-1",
  clientName: "Heavy Haul Inc",
  originAddress: "Dallas, TX",
  destinationAddress: "Tulsa, OK",
  startDate: "2026-01-10",
  description: "",
  standardRates: {
    ...rates,
    overnightRate: "150.00",
    noGoRate: "250.00",
    detentionRate: "50.00",
    detentionThreshold: 2,
  },
  positions: [
    { positionType: "lead_car", customName: null, pevoId: "pevo-lead" },
    { positionType: "custom", customName: "Night Escort", pevoId: "pevo-night" },
    { positionType: "custom", customName: null, pevoId: "pevo-unnamed" },
  ],
  loadDetails: emptyLoadDetails(),
  ...fields,
});

const dispatch = (fields: Partial<TDispatch> = {}): TDispatch => ({
  id: "dispatch-1",
  rateConfirmationId: "rc-1",
  pevoId: "pevo-lead",
  pevoName: "Sam Carter",
  driverName: "Jo Driver",
  driverPhone: "5551234567",
  driverCompany: null,
  positionType: null,
  positionName: null,
  pickupDate: "2026-01-12",
  pickupTime: "07:30",
  notes: null,
  status: "pending",
  alertMail: null,
  createdAt: "2026-01-02T00:00:00.000Z",
  hasInvoices: false,
  invoices: [],
  rateConfirmation: rateConfirmation(),
  ...fields,
});

const summary: DispatchSummary = {
  id: "dispatch-1",
  jobNumber: "RC-20260110-001",
  driverName: "Jo Driver",
  pickupDate: "2026-01-12",
  originAddress: "Dallas, TX",
  destinationAddress: "Tulsa, OK",
  standardRates: rates,
};

const line = (fields: Partial<LineItemValues> = {}): LineItemValues => ({
  kind: "day",
  date: "2026-01-12",
  location: "Dallas, TX",
  mileage: "0",
  charge: "350.00",
  ...fields,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("POSITION_LABELS", () => {
  test("offers every position type's label, custom last", () => {
    expect(POSITION_LABELS).toEqual([
      "Lead Car",
      "Chase Car",
      "High Pole Car",
      "Steerman",
      "Route Survey",
      "3rd Car",
      "Custom Position",
    ]);
  });
});

describe("isMileage", () => {
  test.each([
    ["0", true],
    ["123", true],
    ["123.4", true],
    [" 123.45 ", true],
    ["9999999999.99", true],
    ["12345678901", false],
    ["1.234", false],
    ["-1", false],
    ["1e3", false],
    ["", false],
    [".5", false],
  ])("%j → %s", (value, expected) => {
    expect(isMileage(value)).toBe(expected);
  });
});

describe("chargeFor", () => {
  test.each([
    ["", "350.00"], // empty mileage counts as 0: the minimum daily rate
    ["0", "350.00"],
    ["189", "350.00"], // 189 × 1.85 = 349.65 < 350
    ["189.19", "350.00"], // 349.9915 → 349.99 < 350
    ["189.20", "350.02"], // 350.02 exactly
    ["200", "370.00"],
    ["123.4", "350.00"],
    ["1000.5", "1850.93"], // 1850.925 → half up
    ["abc", null],
    ["1.234", null],
  ])("mileage %j → %s", (mileage, expected) => {
    expect(chargeFor(mileage, rates)).toBe(expected);
  });

  test("money is exact for large mileages", () => {
    expect(chargeFor("1234567.89", { minimumDailyRate: "0.00", mileageRate: "0.10" })).toBe("123456.79");
  });
});

describe("dueDateFor", () => {
  test.each([
    ["2026-01-31", 30, "2026-03-02"],
    ["2026-01-31", null, "2026-03-02"], // default payment terms: 30 days
    ["2026-01-31", undefined, "2026-03-02"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2024-02-28", 1, "2024-02-29"], // leap year
    ["2026-12-31", 15, "2027-01-15"],
    ["2026-03-08", 0, "2026-03-08"], // across a DST change: still a calendar date
    ["", 30, ""],
    ["01/31/2026", 30, ""],
  ])("%j + %s days → %j", (issueDate, days, expected) => {
    expect(dueDateFor(issueDate, days)).toBe(expected);
  });
});

describe("customerAddressOf", () => {
  test.each([
    [{ address: "1 Main St", contactPerson: "Dana" }, "1 Main St"],
    [{ address: null, contactPerson: "Dana" }, "Dana"],
    [{ address: "", contactPerson: "Dana" }, "Dana"],
    [{ address: null, contactPerson: null }, ""],
  ])("%j → %j", (fields, expected) => {
    expect(customerAddressOf(fields)).toBe(expected);
  });
});

describe("summaryOfDispatch", () => {
  test("takes job number, route and the two billing rates from the rate confirmation", () => {
    expect(summaryOfDispatch(dispatch())).toEqual(summary);
  });

  test("without a rate confirmation: no job, route or rates", () => {
    expect(summaryOfDispatch(dispatch({ rateConfirmation: null }))).toEqual({
      ...summary,
      jobNumber: null,
      originAddress: null,
      destinationAddress: null,
      standardRates: null,
    });
  });

  test("a rate confirmation without standard rates has no rates", () => {
    const rc = rateConfirmation({ standardRates: null });
    expect(summaryOfDispatch(dispatch({ rateConfirmation: rc })).standardRates).toBeNull();
  });
});

describe("summaryOfInvoice", () => {
  test("is the invoice's stored dispatch summary, or null without one", () => {
    const invoice = { dispatch: summary } as TInvoice;
    expect(summaryOfInvoice(invoice)).toEqual(summary);
    expect(summaryOfInvoice(invoice)).not.toBe(summary);
    expect(summaryOfInvoice({ dispatch: null } as TInvoice)).toBeNull();
  });
});

describe("prefillLine", () => {
  test("pickup date, origin, mileage 0 and the minimum daily rate", () => {
    expect(prefillLine(summary)).toEqual(line());
  });

  test("without a route or rates: empty location, charge 0.00", () => {
    expect(prefillLine({ ...summary, originAddress: null, standardRates: null })).toEqual(
      line({ location: "", charge: "0.00" }),
    );
  });
});

describe("dispatchPrefill", () => {
  test("customer from the client record, PEVO and its position, and the first line", () => {
    expect(dispatchPrefill(dispatch(), [client({ id: "other" }), client()])).toEqual({
      clientId: "client-1",
      customerName: "Heavy Haul Inc",
      customerAddress: "1 Main St, Dallas, TX 75201",
      pevoName: "Sam Carter",
      pevoPosition: "Lead Car",
      lineItems: [line()],
    });
  });

  test("a custom position by its name, or 'Custom Position' without one", () => {
    expect(dispatchPrefill(dispatch({ pevoId: "pevo-night" }), []).pevoPosition).toBe("Night Escort");
    expect(dispatchPrefill(dispatch({ pevoId: "pevo-unnamed" }), []).pevoPosition).toBe("Custom Position");
  });

  test("the position the dispatch fills comes first, whoever the rate confirmation planned for it", () => {
    const highPole = dispatch({ pevoId: "pevo-other", positionType: "high_pole_car" });
    expect(dispatchPrefill(highPole, []).pevoPosition).toBe("High Pole Car");
    const custom = dispatch({ positionType: "custom", positionName: "Bucket Truck" });
    expect(dispatchPrefill(custom, []).pevoPosition).toBe("Bucket Truck");
  });

  test("no position when the PEVO holds none on the rate confirmation, or none is assigned", () => {
    expect(dispatchPrefill(dispatch({ pevoId: "pevo-other" }), []).pevoPosition).toBe("");
    expect(dispatchPrefill(dispatch({ pevoId: null, pevoName: null }), [])).toMatchObject({
      pevoName: "",
      pevoPosition: "",
    });
  });

  test("clients not loaded: the rate confirmation's client name, no address", () => {
    expect(dispatchPrefill(dispatch(), undefined)).toMatchObject({
      clientId: "client-1",
      customerName: "Heavy Haul Inc",
      customerAddress: "",
    });
  });

  test("without a rate confirmation: no customer, an empty first line", () => {
    expect(dispatchPrefill(dispatch({ rateConfirmation: null }), [client()])).toEqual({
      clientId: "",
      customerName: "",
      customerAddress: "",
      pevoName: "Sam Carter",
      pevoPosition: "",
      lineItems: [line({ location: "", charge: "0.00" })],
    });
  });
});

describe("newInvoiceValues", () => {
  const now = new Date(2026, 0, 31, 9, 15); // local time: today is 2026-01-31

  test("the suggested number, issued today, due after the payment terms, draft, empty", () => {
    vi.useFakeTimers({ now });
    expect(newInvoiceValues({ invoiceNumber: "INV-2026-0007", paymentTermsDays: 15 })).toEqual({
      invoiceNumber: "INV-2026-0007",
      issueDate: "2026-01-31",
      dueDate: "2026-02-15",
      status: "draft",
      dispatchId: "",
      clientId: "",
      customerName: "",
      customerAddress: "",
      pevoName: "",
      pevoPosition: "",
      notes: "",
      memo: "",
      poNumber: "",
      lineItems: [],
      allowAdditional: false,
    });
  });

  test("default payment terms (30 days) when the company has none", () => {
    vi.useFakeTimers({ now });
    expect(newInvoiceValues({ paymentTermsDays: null }).dueDate).toBe("2026-03-02");
  });

  test("with a dispatch: its id and the dispatch prefill", () => {
    vi.useFakeTimers({ now });
    expect(newInvoiceValues({ dispatch: dispatch(), clients: [client()] })).toMatchObject({
      dispatchId: "dispatch-1",
      clientId: "client-1",
      customerName: "Heavy Haul Inc",
      pevoPosition: "Lead Car",
      lineItems: [line()],
    });
  });
});

describe("invoiceValues", () => {
  const invoice: TInvoice = {
    id: "invoice-1",
    invoiceNumber: "INV-1",
    issueDate: "2026-01-31",
    dueDate: "2026-03-02",
    dispatchId: "dispatch-1",
    clientId: null,
    status: "sent",
    customerName: null,
    customerAddress: "1 Main St",
    pevoName: null,
    pevoPosition: "Lead Car",
    notes: null,
    memo: null,
    amountPaid: "0.00",
    balance: "779.40",
    overdue: false,
    sentAt: null,
    sentTo: null,
    viewedAt: null,
    voidReason: null,
    poNumber: null,
    billTo: null,
    replaces: null,
    replacedBy: null,
    quickPay: null,
    factoring: null,
    subtotal: "720.00",
    tax: "59.40",
    total: "779.40",
    taxRate: "8.25",
    mail: null,
    createdAt: "2026-01-31T00:00:00.000Z",
    lineItems: [
      {
        id: "l1",
        kind: "day",
        date: "2026-01-12",
        location: "Dallas",
        mileage: "0.00",
        charge: "350.00",
        dispatchId: null,
      },
      {
        id: "l2",
        kind: "mileage",
        date: "2026-01-13",
        location: "Tulsa",
        mileage: "200.00",
        charge: "370.00",
        dispatchId: "dispatch-1",
      },
    ],
    jobs: [],
    dispatch: summary,
  };

  test("the stored invoice as form strings: nulls become empty, line ids dropped", () => {
    expect(invoiceValues(invoice)).toEqual({
      invoiceNumber: "INV-1",
      issueDate: "2026-01-31",
      dueDate: "2026-03-02",
      status: "sent",
      dispatchId: "dispatch-1",
      clientId: "",
      customerName: "",
      customerAddress: "1 Main St",
      pevoName: "",
      pevoPosition: "Lead Car",
      notes: "",
      memo: "",
      poNumber: "",
      lineItems: [
        {
          kind: "day",
          date: "2026-01-12",
          location: "Dallas",
          mileage: "0.00",
          charge: "350.00",
          dispatchId: null,
        },
        // A consolidated invoice's line keeps its job through an edit.
        {
          kind: "mileage",
          date: "2026-01-13",
          location: "Tulsa",
          mileage: "200.00",
          charge: "370.00",
          dispatchId: "dispatch-1",
        },
      ],
      allowAdditional: false,
    });
  });

  test("a stored PO number is kept for the form's PO Number field", () => {
    expect(invoiceValues({ ...invoice, poNumber: "PO-7781" }).poNumber).toBe("PO-7781");
  });
});

describe("isPlaceholderLine", () => {
  test.each([
    ["a blank row", line({ location: "", mileage: "", charge: "" }), null, true],
    [
      "a blank row with spaces and a charge",
      line({ location: "  ", mileage: "0", charge: "10" }),
      null,
      true,
    ],
    ["the untouched prefilled line", line(), summary, true],
    [
      "the prefilled line with 0.00 mileage and a padded location",
      line({ mileage: "0.00", location: " Dallas, TX " }),
      summary,
      true,
    ],
    ["the prefilled line with a changed charge", line({ charge: "400.00" }), summary, false],
    ["the prefilled line with another date", line({ date: "2026-01-13" }), summary, false],
    ["a filled line without a dispatch", line(), null, false],
    ["a line with mileage but no location", line({ location: "", mileage: "12" }), null, false],
  ])("%s → %s", (_name, value, dispatchSummary, expected) => {
    expect(isPlaceholderLine(value, dispatchSummary)).toBe(expected);
  });
});

describe("isOnInvoice", () => {
  const suggested: SuggestedLine = {
    kind: "overnight",
    date: "2026-01-12",
    location: "Overnight at Tulsa",
    mileage: "0.00",
    charge: "150.00",
  };
  const stored = line({ kind: "overnight", location: "Overnight at Tulsa", mileage: "0", charge: "150" });
  test.each([
    ["the same line (charge written differently)", [stored], true],
    ["a padded location", [{ ...stored, location: " Overnight at Tulsa " }], true],
    ["another kind", [{ ...stored, kind: "custom" as const }], false],
    ["another date", [{ ...stored, date: "2026-01-13" }], false],
    ["a changed charge", [{ ...stored, charge: "100.00" }], false],
    ["no lines", [], false],
  ])("%s → %s", (_name, lines, expected) => {
    expect(isOnInvoice(suggested, lines)).toBe(expected);
  });
});

describe("previewTotals", () => {
  const lines = [line({ charge: "100.00" }), line({ charge: "0.01" })];

  test.each([
    ["0", { subtotal: "100.01", tax: "0.00", total: "100.01" }],
    // The invoice's stored 8.25 %: 100.01 × 8.25 % = 8.250825 → 8.25
    ["8.25", { subtotal: "100.01", tax: "8.25", total: "108.26" }],
    // The company's changed 10 %: a different preview, so the form must pass the invoice's own rate.
    ["10", { subtotal: "100.01", tax: "10.00", total: "110.01" }],
  ])("at %s %%", (taxRate, expected) => {
    expect(previewTotals(lines, taxRate)).toEqual(expected);
  });

  test("tax rounds half up to the cent; money is exact (0.10 + 0.20 = 0.30)", () => {
    expect(previewTotals([line({ charge: "2.00" })], "8.25")).toEqual({
      subtotal: "2.00",
      tax: "0.17",
      total: "2.17",
    });
    expect(previewTotals([line({ charge: "0.10" }), line({ charge: "0.20" })], "0")).toEqual({
      subtotal: "0.30",
      tax: "0.00",
      total: "0.30",
    });
  });

  test("empty, non-numeric and missing lines count as 0", () => {
    expect(previewTotals([line({ charge: "" }), line({ charge: "abc" }), undefined, {}], "8.25")).toEqual({
      subtotal: "0.00",
      tax: "0.00",
      total: "0.00",
    });
  });
});
