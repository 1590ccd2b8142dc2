import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromCents, toCents } from "./money";
import { quickPayOf } from "./quick-pay";

describe("quickPayOf", () => {
  it("takes the percent off the total, rounded half up to the cent, with the last day it holds", () => {
    expect(quickPayOf({ total: "1656.52", issueDate: "2026-11-25" }, { percent: "2.5", days: 10 })).toEqual({
      percent: "2.50",
      days: 10,
      payBy: "2026-12-05",
      gross: "1656.52",
      discount: "41.41",
      net: "1615.11",
    });
    // 3 % of $0.50 is 1.5 cents: half up.
    expect(quickPayOf({ total: "0.50", issueDate: "2026-12-31" }, { percent: "3", days: 1 })).toMatchObject({
      discount: "0.02",
      net: "0.48",
      payBy: "2027-01-01",
    });
  });

  it("is null without terms or on a $0.00 total", () => {
    expect(
      quickPayOf({ total: "100.00", issueDate: "2026-11-25" }, { percent: null, days: null }),
    ).toBeNull();
    expect(quickPayOf({ total: "0.00", issueDate: "2026-11-25" }, { percent: "2", days: 5 })).toBeNull();
  });

  it("net + discount is always the gross, exactly, and the discount never exceeds the percent of it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 2500 }),
        (cents, hundredths) => {
          const q = quickPayOf(
            { total: fromCents(cents), issueDate: "2026-01-01" },
            { percent: fromCents(hundredths), days: 10 },
          );
          expect(q).not.toBeNull();
          if (!q) return;
          expect(toCents(q.net) + toCents(q.discount)).toBe(cents);
          expect(Math.abs(toCents(q.discount) - (cents * hundredths) / 10000)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
