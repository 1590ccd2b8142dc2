import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ZTaxProfileInput, ZTaxYearSettingsInput } from "../schemas/tax-profile";
import { defaultThresholdCents } from "./thresholds";
import { formatTin, maskTin, tinDigits, tinProblem } from "./w9";

describe("TIN", () => {
  test.each([
    ["ssn", "123-45-6789", null],
    ["ssn", "123 45 6789", null],
    ["ssn", "12345678", "SSN must be 9 digits, e.g. 123-45-6789"],
    ["ssn", "666-12-3456", "This is not a valid SSN (its first 3 digits)"],
    ["ssn", "912-34-5678", "This is not a valid SSN (its first 3 digits)"],
    ["ssn", "123-00-4567", "This is not a valid SSN (its middle 2 digits)"],
    ["ssn", "123-45-0000", "This is not a valid SSN (its last 4 digits)"],
    ["ein", "12-3456789", null],
    ["ein", "98-7654321", null],
    ["ein", "00-1234567", "This is not a valid EIN (its first 2 digits)"],
    ["ein", "89-1234567", "This is not a valid EIN (its first 2 digits)"],
    ["ein", "12-345678a", "EIN must be 9 digits, e.g. 12-3456789"],
  ] as const)("%s %s", (type, typed, problem) => {
    expect(tinProblem(type, tinDigits(typed))).toBe(problem);
  });

  test("masked and written out in each type's shape", () => {
    expect(maskTin("ssn", "6789")).toBe("•••-••-6789");
    expect(maskTin("ein", "6789")).toBe("••-•••6789");
    expect(formatTin("ssn", "123456789")).toBe("123-45-6789");
    expect(formatTin("ein", "123456789")).toBe("12-3456789");
  });

  test("a mask shows at most the last 4 digits of any TIN", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{9}$/),
        fc.constantFrom("ssn" as const, "ein" as const),
        (digits, type) => {
          const mask = maskTin(type, digits.slice(-4));
          expect(mask.replace(/\D/g, "")).toBe(digits.slice(-4));
          expect(formatTin(type, digits).replace(/\D/g, "")).toBe(digits);
        },
      ),
    );
  });
});

describe("the W-9 form", () => {
  const valid = {
    legalName: "Paula One",
    classification: "individual",
    address: "12 Elm St",
    city: "Tulsa",
    state: "OK",
    zip: "74103",
    tinType: "ein",
    tin: " 12-3456789 ",
  };
  test("keeps the TIN's digits and drops the other classification's text unless 'other'", () => {
    const parsed = ZTaxProfileInput.parse({ ...valid, classificationOther: "ignored" });
    expect(parsed.tin).toBe("123456789");
    expect(parsed.classificationOther).toBeNull();
    expect(ZTaxProfileInput.parse({ ...valid, tin: "" }).tin).toBeNull();
  });
});

describe("the 1099-NEC threshold", () => {
  test("$600 through 2025, $2,000 from 2026 (One Big Beautiful Bill Act)", () => {
    expect(defaultThresholdCents(2024)).toBe(60_000);
    expect(defaultThresholdCents(2025)).toBe(60_000);
    expect(defaultThresholdCents(2026)).toBe(200_000);
    expect(defaultThresholdCents(2027)).toBe(200_000);
  });
  test("the setting is bounded", () => {
    expect(
      ZTaxYearSettingsInput.safeParse({ threshold: "100000", includeReimbursedExpenses: false }).success,
    ).toBe(true);
    expect(
      ZTaxYearSettingsInput.safeParse({ threshold: "100000.01", includeReimbursedExpenses: false }).success,
    ).toBe(false);
  });
});
