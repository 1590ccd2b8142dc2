import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { NUMBER_LIMITS } from "./limits";
import { atMost, formatUsd, MAX_MONEY_MESSAGE, money } from "./money";
import { ZRecordPayment } from "./schemas/invoice-payment";

const amount = money("Amount is required");
const messages = (value: string) => amount.safeParse(value).error?.issues.map((i) => i.message);

describe("an amount over the bound names the bound", () => {
  test("the message shows the real maximum as money", () => {
    expect(MAX_MONEY_MESSAGE).toBe("Amount must be at most $1,000,000.00");
  });

  test.each(["1000000.01", "99999999999", "99999999999.99", `9${"0".repeat(400)}`])("%s", (value) => {
    expect(messages(value)).toEqual([MAX_MONEY_MESSAGE]);
  });

  test("any whole number above the maximum gets the bound's message, never the shape's", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1_000_001n, max: 10n ** 30n }), (n) => {
        expect(messages(String(n))).toEqual([MAX_MONEY_MESSAGE]);
      }),
    );
  });

  test("malformed amounts still get the shape's message", () => {
    expect(messages("1.005")).toEqual(["Enter an amount with up to 2 decimals"]);
    expect(messages("12a")).toEqual(["Enter an amount with up to 2 decimals"]);
  });

  test("the maximum itself and leading zeros pass", () => {
    expect(amount.parse(NUMBER_LIMITS.maxMoney)).toBe("1000000.00");
    expect(amount.parse("0001000000")).toBe("1000000.00");
  });

  test("a payment far over the bound names it too", () => {
    const res = ZRecordPayment.safeParse({ date: "2026-01-02", amount: "99999999999", method: "check" });
    expect(res.error?.issues.map((i) => i.message)).toEqual([MAX_MONEY_MESSAGE]);
  });

  test("atMost compares sizes of any length, signed or not", () => {
    expect(atMost("-1000000.00", NUMBER_LIMITS.maxMoney)).toBe(true);
    expect(atMost("-1000000.01", NUMBER_LIMITS.maxMoney)).toBe(false);
    expect(atMost("2000", "2000")).toBe(true);
    expect(atMost("2000.01", "2000")).toBe(false);
    expect(atMost("12345678901234567890", "2000")).toBe(false);
  });
});

describe("formatUsd", () => {
  test.each([
    ["1000", "$1,000.00"],
    ["1000000.5", "$1,000,000.50"],
    ["-12.5", "-$12.50"],
    ["0", "$0.00"],
    [1234.5, "$1,234.50"],
  ] as const)("%s → %s", (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });
});
