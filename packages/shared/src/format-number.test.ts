import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatNumber } from "./format-number";

// Each case against what toLocaleString("en-US") prints, Intl being what formatNumber stands in for.
describe("formatNumber", () => {
  test("matches toLocaleString for any amount, 0–3 decimals, trailing zeros or not", () => {
    const amount = fc.oneof(
      fc.double({ min: -1e20, max: 1e20, noNaN: true }),
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => cents / 100),
      fc.integer({ min: -1e7, max: 1e7 }).map((n) => n / 1000 + 0.0005),
    );
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 3 }), fc.boolean(), (value, decimals, fixed) => {
        const minimumFractionDigits = fixed ? decimals : 0;
        const expected = value.toLocaleString("en-US", {
          minimumFractionDigits,
          maximumFractionDigits: decimals,
        });
        expect(formatNumber(value, decimals, fixed)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  test("with 3 decimals, what toLocaleString prints by default", () => {
    for (const value of [0, 1, 1234, 1234.5, 1234.5678, 250_000, 1e15, -0.0004, 12.3456]) {
      expect(formatNumber(value, 3)).toBe(value.toLocaleString("en-US"));
    }
    expect(formatNumber(1e22)).toBe((1e22).toLocaleString("en-US"));
  });
});
