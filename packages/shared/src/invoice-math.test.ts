import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals, lineCharge, lineTotalBelowZero, mileageChargeCents } from "./invoice-math";
import { fromCents, toCents } from "./money";

describe("money", () => {
  it("converts decimal strings to cents and back exactly", () => {
    expect(toCents("0.1") + toCents("0.2")).toBe(30);
    expect(fromCents(toCents("0.1") + toCents("0.2"))).toBe("0.30");
    expect(toCents("1234567890.99")).toBe(123456789099);
    expect(fromCents(5)).toBe("0.05");
    expect(toCents(1.85)).toBe(185);
  });
});

describe("lineCharge", () => {
  const rates = { minimumDailyRate: "450.00", mileageRate: "1.85" };
  it("uses the minimum daily rate when mileage pays less", () => {
    expect(lineCharge("0", rates)).toBe("450.00");
    expect(lineCharge("100", rates)).toBe("450.00");
  });
  it("uses mileage × rate when it pays more", () => {
    expect(lineCharge("400", rates)).toBe("740.00");
  });
  it("rounds fractional mileage to the cent, half up", () => {
    // 123.4 × 1.85 = 228.29
    expect(mileageChargeCents("123.4", "1.85")).toBe(22829);
    // 0.5 × 0.01 = 0.005 → 0.01
    expect(mileageChargeCents("0.5", "0.01")).toBe(1);
    expect(lineCharge("123.4", { minimumDailyRate: "0", mileageRate: "1.85" })).toBe("228.29");
  });
  it("stays exact where floats would drift", () => {
    // 10000.5 × 2.33 = 23301.165 → 23301.17 (a float product gives 23301.164999…)
    expect(mileageChargeCents("10000.5", "2.33")).toBe(2330117);
  });
});

describe("invoiceTotals", () => {
  it("sums without float drift", () => {
    expect(invoiceTotals(["0.10", "0.20"])).toEqual({ subtotal: "0.30", tax: "0.00", total: "0.30" });
  });
  it("counts a line without a numeric charge as 0", () => {
    expect(invoiceTotals(["10.00", "", null, "abc"]).subtotal).toBe("10.00");
  });
  it("rounds tax to the cent, half up", () => {
    // 10.01 × 8.25 % = 0.825825 → 0.83
    expect(invoiceTotals(["10.01"], "8.25")).toEqual({ subtotal: "10.01", tax: "0.83", total: "10.84" });
    // 0.10 × 5 % = 0.005 → 0.01
    expect(invoiceTotals(["0.10"], "5")).toEqual({ subtotal: "0.10", tax: "0.01", total: "0.11" });
  });
  it("has zero tax by default", () => {
    expect(invoiceTotals(["740.00", "450.00"])).toEqual({
      subtotal: "1190.00",
      tax: "0.00",
      total: "1190.00",
    });
  });
});

describe("discount lines (DECISIONS 'Discount lines')", () => {
  const cents = fc.integer({ min: 0, max: 100_000_000 });
  const line = fc.oneof(
    cents.map((c) => ({ kind: "day", charge: fromCents(c) })),
    cents.map((c) => ({ kind: "discount", charge: fromCents(-c) })),
  );
  const rate = fc.integer({ min: 0, max: 10_000 }).map(fromCents);

  it("the subtotal is exactly the sum of the lines, discounts included", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), rate, (lines, taxRate) => {
        const sum = lines.reduce((s, l) => s + toCents(l.charge), 0);
        const totals = invoiceTotals(
          lines.map((l) => l.charge),
          taxRate,
        );
        expect(toCents(totals.subtotal)).toBe(sum);
        expect(toCents(totals.total)).toBe(sum + toCents(totals.tax));
      }),
    );
  });

  it("an accepted invoice's total is never below zero; a refused one is exactly one whose lines sum below zero", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), rate, (lines, taxRate) => {
        const charges = lines.map((l) => l.charge);
        const refused = lineTotalBelowZero(charges);
        expect(refused).toBe(lines.reduce((s, l) => s + toCents(l.charge), 0) < 0);
        if (!refused) {
          const totals = invoiceTotals(charges, taxRate);
          expect(toCents(totals.total)).toBeGreaterThanOrEqual(0);
          expect(toCents(totals.tax)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
