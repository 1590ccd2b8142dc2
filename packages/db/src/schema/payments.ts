import { TEXT_LIMITS as L } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, invoices, ref } from "./business";
import { maxLength } from "./constraints";
import { creditNotes } from "./credit-notes";
import { paymentMethod } from "./enums";

/**
 * A payment received on an invoice (DECISIONS 'Invoices'). The invoice's amount_paid and status follow in
 * the same transaction; a payment never exceeds the balance (service + the invoice's CHECK): money
 * above it is kept as the client's credit (client_credit_entries, DECISIONS 'Client credit'). A credit
 * note's applied part and the client's credit applied to an invoice are payments rows too (methods
 * credit_note, with credit_note_id set, and client_credit), so that balance = total − Σ payments stays
 * the one rule; the cash figures leave those rows out (NON_CASH_PAYMENT_METHODS).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    invoiceId: uuid("invoice_id").notNull(),
    date: date("date").notNull(),
    /** Exact integer cents. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    method: paymentMethod("method").notNull(),
    reference: text("reference"),
    note: text("note"),
    /** Set on the payment a credit note applied to its invoice (method credit_note; DECISIONS 'Credit notes'). */
    creditNoteId: uuid("credit_note_id"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The parent side of client_credit_entries' composite reference.
    unique("payments_company_id_id_key").on(t.companyId, t.id),
    ref("payments_invoice_fk", t, t.invoiceId, invoices, "cascade"),
    ref("payments_created_by_fk", t, t.createdBy, user, "set null"),
    ref("payments_credit_note_fk", t, t.creditNoteId, creditNotes, "restrict"),
    unique("payments_credit_note_key").on(t.creditNoteId),
    check(
      "payments_credit_note_method",
      sql`(${t.method}::text = 'credit_note') = (${t.creditNoteId} is not null)`,
    ),
    index("payments_company_invoice_idx").on(t.companyId, t.invoiceId),
    index("payments_company_date_idx").on(t.companyId, t.date),
    maxLength("payments", t.reference, L.code),
    maxLength("payments", t.note, L.longText),
    check("payments_amount_cents_range", sql`${t.amountCents} between 1 and 9999999999`),
  ],
);
