import { TEXT_LIMITS as L } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, invoices, ref } from "./business";
import { companies } from "./companies";
import { maxLength } from "./constraints";

/** The largest amount of one credit note or line, in cents (NUMBER_LIMITS.maxMoney). */
const MAX_CENTS = 100_000_000;

/**
 * A credit note (DECISIONS 'Credit notes'): a numbered record CN-YYYY-NNNN against one sent or paid
 * invoice of the company, issued in one step and never edited. Of its total, `applied_cents` went to
 * the invoice as a `credit_note` payment (payments.credit_note_id) and `to_credit_cents` is what was
 * left over, credited to the client's account; the two always add up to the total.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    invoiceId: uuid("invoice_id").notNull(),
    /** The invoice's client when it was issued (the client-credit ledger keys on it). */
    clientId: uuid("client_id"),
    creditNoteNumber: text("credit_note_number").notNull(),
    date: date("date").notNull(),
    reason: text("reason").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    appliedCents: bigint("applied_cents", { mode: "number" }).notNull(),
    toCreditCents: bigint("to_credit_cents", { mode: "number" }).notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentTo: text("sent_to"),
    /** When the client first opened its public link. */
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
  },
  (t) => [
    unique("credit_notes_company_id_id_key").on(t.companyId, t.id),
    unique("credit_notes_company_number_key").on(t.companyId, t.creditNoteNumber),
    ref("credit_notes_invoice_fk", t, t.invoiceId, invoices, "restrict"),
    ref("credit_notes_created_by_fk", t, t.createdBy, user, "set null"),
    index("credit_notes_company_date_idx").on(t.companyId, t.date, t.id),
    index("credit_notes_company_invoice_idx").on(t.companyId, t.invoiceId),
    index("credit_notes_company_client_idx").on(t.companyId, t.clientId),
    // The list's search by number (apps/server domain/credit-notes listCreditNotes): `ILIKE '%…%'`
    // reads the candidates from this index instead of testing every credit note of the company.
    index("credit_notes_number_trgm_idx").using("gin", t.creditNoteNumber.op("gin_trgm_ops")),
    maxLength("credit_notes", t.creditNoteNumber, L.code),
    maxLength("credit_notes", t.reason, L.reason),
    maxLength("credit_notes", t.sentTo, L.email),
    check("credit_notes_total_cents_range", sql`${t.totalCents} between 1 and ${sql.raw(String(MAX_CENTS))}`),
    check("credit_notes_applied_cents_range", sql`${t.appliedCents} >= 0`),
    check("credit_notes_to_credit_cents_range", sql`${t.toCreditCents} >= 0`),
    check("credit_notes_parts_sum", sql`${t.appliedCents} + ${t.toCreditCents} = ${t.totalCents}`),
  ],
);

/** A credit note's line: description, quantity × rate = amount (cents, rounded half up on the server). */
export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    creditNoteId: uuid("credit_note_id").notNull(),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 12, scale: 2 }).notNull(),
    rateCents: bigint("rate_cents", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    ref("credit_note_lines_credit_note_fk", t, t.creditNoteId, creditNotes, "cascade"),
    index("credit_note_lines_credit_note_idx").on(t.creditNoteId),
    maxLength("credit_note_lines", t.description, L.location),
    check("credit_note_lines_quantity_range", sql`${t.quantity} > 0 and ${t.quantity} <= 10000`),
    check(
      "credit_note_lines_rate_cents_range",
      sql`${t.rateCents} between 0 and ${sql.raw(String(MAX_CENTS))}`,
    ),
    check(
      "credit_note_lines_amount_cents_range",
      sql`${t.amountCents} between 0 and ${sql.raw(String(MAX_CENTS))}`,
    ),
  ],
);

/**
 * How many credit notes each company has: kept by a trigger on credit_notes (written by hand in its
 * migration), never by the app, like client_open_balances. The list's total without a filter reads
 * this row instead of counting the company's credit notes, so a page costs the same at 40 or 4,000.
 */
export const creditNoteCounts = pgTable("credit_note_counts", {
  // Derived rows: they go with their company.
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  creditNotes: integer("credit_notes").notNull(),
});
