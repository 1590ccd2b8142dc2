import { z } from "zod";
import { NUMBER_LIMITS } from "./limits";

/**
 * Exact money: decimal strings on the wire and in PostgreSQL, integer cents in arithmetic.
 * The shape takes any number of digits: a too-large amount ("99999999999") is refused with its
 * bound's message, not as a malformed one; `atMost` then keeps it within NUMBER_LIMITS.maxMoney.
 */
export const AMOUNT_SHAPE = /^\d+(\.\d{1,2})?$/;

/** "12.3" → 1230. Only for strings that passed the money schema (or numeric columns). */
export function toCents(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = (negative ? text.slice(1) : text).split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? -cents : cents;
}

/** 1230 → "12.30". */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "1000000.00" → "1,000,000.00" (for messages). */
export function groupedAmount(value: string): string {
  const [whole = "0", fraction = "00"] = fromCents(toCents(value)).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/**
 * An amount as money for people: "1000" → "$1,000.00", "-12.5" → "-$12.50" (activity texts, messages,
 * PDFs), never "$1000.00".
 */
export function formatUsd(value: string | number): string {
  const cents = toCents(value);
  return `${cents < 0 ? "-" : ""}$${groupedAmount(fromCents(Math.abs(cents)))}`;
}

/** Whether an amount of AMOUNT_SHAPE (a leading minus allowed) is at most `max` in size; any length is safe. */
export function atMost(value: string, max: string): boolean {
  const digits = (text: string) =>
    (text.replace(/^-/, "").split(".")[0] ?? "").replace(/^0+(?=\d)/, "").length;
  // More whole digits than the bound has cannot be within it (and would lose precision as a number).
  if (digits(value) > digits(max)) return false;
  return Math.abs(toCents(value)) <= toCents(max);
}

export const MAX_MONEY_MESSAGE = `Amount must be at most $${groupedAmount(NUMBER_LIMITS.maxMoney)}`;

/**
 * A required amount of 0 or more with at most two decimals and at most NUMBER_LIMITS.maxMoney,
 * from a form string or a JSON number. Output is the normalized decimal string ("7" → "7.00").
 */
export const money = (requiredMessage: string) =>
  z
    .union([z.string(), z.number()], { error: requiredMessage })
    .transform((v) => (typeof v === "number" ? (Number.isFinite(v) ? String(v) : "x") : v.trim()))
    .refine((v) => v !== "", { message: requiredMessage })
    .refine((v) => v === "" || !v.startsWith("-"), { message: "Amount must be 0 or more" })
    .refine((v) => v === "" || v.startsWith("-") || AMOUNT_SHAPE.test(v), {
      message: "Enter an amount with up to 2 decimals",
    })
    .refine((v) => !AMOUNT_SHAPE.test(v) || atMost(v, NUMBER_LIMITS.maxMoney), {
      message: MAX_MONEY_MESSAGE,
    })
    .transform((v) => fromCents(toCents(v)));
