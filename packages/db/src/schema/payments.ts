import { TEXT_LIMITS as L } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, invoices, ref } from "./business";
import { maxLength } from "./constraints";
import { paymentMethod } from "./enums";

/**
 * A payment received on an invoice (DECISIONS 'Invoices'). The invoice's amount_paid and status follow in
 * the same transaction; a payment never exceeds the balance (service + the invoice's CHECK): money
 * above it is kept as the client's credit (client_credit_entries, DECISIONS 'Client credit').
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
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The parent side of client_credit_entries' composite reference.
    unique("payments_company_id_id_key").on(t.companyId, t.id),
    ref("payments_invoice_fk", t, t.invoiceId, invoices, "cascade"),
    ref("payments_created_by_fk", t, t.createdBy, user, "set null"),
    index("payments_company_invoice_idx").on(t.companyId, t.invoiceId),
    index("payments_company_date_idx").on(t.companyId, t.date),
    maxLength("payments", t.reference, L.code),
    maxLength("payments", t.note, L.longText),
    check("payments_amount_cents_range", sql`${t.amountCents} between 1 and 9999999999`),
  ],
);
