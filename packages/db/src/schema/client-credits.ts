import { CLIENT_CREDIT_KINDS, TEXT_LIMITS as L } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients, companyId, invoices, ref } from "./business";
import { maxLength } from "./constraints";
import { paymentMethod } from "./enums";
import { payments } from "./payments";

export const clientCreditKind = pgEnum("client_credit_kind", CLIENT_CREDIT_KINDS);

/**
 * The client's credit as a ledger (DECISIONS 'Client credit'): each row adds (an overpayment, a
 * credit note's excess) or takes away (applied to an invoice, refunded); the client's unapplied credit
 * is their sum, kept never negative by domain/invoices with the client row locked. An application is
 * also a `payments` row of method client_credit (payment_id), so an invoice's balance stays
 * total − Σ payments; deleting that payment gives the credit back (cascade).
 */
export const clientCreditEntries = pgTable(
  "client_credit_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    clientId: uuid("client_id").notNull(),
    kind: clientCreditKind("kind").notNull(),
    date: date("date").notNull(),
    /** Exact integer cents, signed: > 0 for overpayment and credit_note, < 0 for applied and refund. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The overpaid invoice, or the invoice the credit was applied to. */
    invoiceId: uuid("invoice_id"),
    /** The payment that overpaid, or the client_credit payment of an application. */
    paymentId: uuid("payment_id"),
    /** The credit note whose excess became credit (no reference yet: credit notes are built apart). */
    creditNoteId: uuid("credit_note_id"),
    /** How a refund was paid. */
    method: paymentMethod("method"),
    reference: text("reference"),
    note: text("note"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A client with credit history is not deleted silently (409 "in use").
    ref("client_credit_entries_client_fk", t, t.clientId, clients, "restrict"),
    ref("client_credit_entries_invoice_fk", t, t.invoiceId, invoices, "set null"),
    ref("client_credit_entries_payment_fk", t, t.paymentId, payments, "cascade"),
    ref("client_credit_entries_created_by_fk", t, t.createdBy, user, "set null"),
    index("client_credit_entries_company_client_idx").on(t.companyId, t.clientId, t.createdAt),
    index("client_credit_entries_payment_idx").on(t.companyId, t.paymentId),
    maxLength("client_credit_entries", t.reference, L.code),
    maxLength("client_credit_entries", t.note, L.longText),
    check(
      "client_credit_entries_amount_sign",
      sql`(${t.kind} in ('overpayment', 'credit_note') and ${t.amountCents} between 1 and 9999999999)
        or (${t.kind} in ('applied', 'refund') and ${t.amountCents} between -9999999999 and -1)`,
    ),
    check(
      "client_credit_entries_links",
      sql`(${t.kind} <> 'credit_note' or ${t.creditNoteId} is not null)
        and (${t.kind} <> 'applied' or (${t.invoiceId} is not null and ${t.paymentId} is not null))
        and (${t.kind} <> 'refund' or ${t.method} is not null)`,
    ),
  ],
);
