import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  creditLineAmountCents,
  creditNoteTotalCents,
  creditRoomCents,
  splitCreditNote,
} from "./credit-note-math";
import { fromCents } from "./money";

/** A decimal string with two places from cents (what the schemas hand the math). */
const decimal = (maxCents: number) => fc.integer({ min: 0, max: maxCents }).map(fromCents);

describe("a credit note line", () => {
  it("is quantity × rate rounded half up to the cent", () => {
    expect(creditLineAmountCents("1.50", "120.00")).toBe(18000);
    expect(creditLineAmountCents("0.33", "0.05")).toBe(2); // 1.65 cents → 2
    expect(creditLineAmountCents("0.01", "0.49")).toBe(0); // 0.49 cents → 0
    expect(creditLineAmountCents("612", "1.85")).toBe(113220);
  });

  it("equals the exact product (in hundredths of a cent) rounded half up, for any inputs", () => {
    fc.assert(
      fc.property(decimal(1_000_000), decimal(100_000_000), (quantity, rate) => {
        const exact = BigInt(Math.round(Number(quantity) * 100)) * BigInt(Math.round(Number(rate) * 100));
        const cents = creditLineAmountCents(quantity, rate);
        // Within half a cent, and exactly half rounds up: −50 < cents × 100 − exact ≤ 50.
        const diff = BigInt(cents) * 100n - exact;
        expect(diff > -50n && diff <= 50n).toBe(true);
      }),
    );
  });
});

describe("a credit note's total and where it goes", () => {
  const line = fc.record({ quantity: decimal(1_000_000), rate: decimal(10_000_000) });

  it("the total is the sum of its lines' amounts", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const sum = lines.reduce((s, l) => s + creditLineAmountCents(l.quantity, l.rate), 0);
        expect(creditNoteTotalCents(lines)).toBe(sum);
      }),
    );
  });

  it("applied + credited = total; applied never exceeds the balance; credit only once the balance is covered", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: -1000, max: 100_000_000 }),
        (total, balance) => {
          const { appliedCents, toCreditCents } = splitCreditNote(total, balance);
          expect(appliedCents + toCreditCents).toBe(total);
          expect(appliedCents).toBeGreaterThanOrEqual(0);
          expect(toCreditCents).toBeGreaterThanOrEqual(0);
          expect(appliedCents).toBeLessThanOrEqual(Math.max(0, balance));
          if (toCreditCents > 0) expect(appliedCents).toBe(Math.max(0, balance));
        },
      ),
    );
  });

  it("over any sequence of payments and credit notes, the balance never goes below 0 and credits never exceed the total", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("pay" as const), cents: fc.integer({ min: 1, max: 200_000 }) }),
      fc.record({ kind: fc.constant("credit" as const), cents: fc.integer({ min: 1, max: 200_000 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.array(op, { maxLength: 30 }),
        (invoiceTotal, ops) => {
          let paid = 0; // Σ payments rows (cash and credit_note)
          let credited = 0; // Σ credit note totals
          let toClient = 0; // Σ parts credited to the client's account
          let cash = 0; // Σ money received
          for (const o of ops) {
            const balance = invoiceTotal - paid;
            if (o.kind === "pay") {
              // The server refuses more than the balance.
              if (o.cents <= balance) {
                paid += o.cents;
                cash += o.cents;
              }
              continue;
            }
            if (o.cents > creditRoomCents(invoiceTotal, credited)) continue; // 400
            const { appliedCents, toCreditCents } = splitCreditNote(o.cents, balance);
            credited += o.cents;
            paid += appliedCents;
            toClient += toCreditCents;
          }
          expect(invoiceTotal - paid).toBeGreaterThanOrEqual(0);
          expect(credited).toBeLessThanOrEqual(invoiceTotal);
          // Every cent of every credit note is either on the invoice or on the client's account.
          expect(credited).toBe(toClient + (paid - cash));
        },
      ),
    );
  });
});
