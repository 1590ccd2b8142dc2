import { DEFAULT_TIME_ZONE, TEXT_LIMITS as L, LOGO_LIMITS, TIME_ZONE_MAX_LENGTH } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { maxLength } from "./constraints";

/** Raw bytes (PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** The tenant. Its profile fields appear on invoices. */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    contactPerson: text("contact_person"),
    address: text("address"),
    phone: text("phone"),
    email: text("email"),
    mcNumber: text("mc_number"),
    dotNumber: text("dot_number"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    invoiceFooter: text("invoice_footer"),
    /** IANA zone: pickup dates and times are wall-clock times here (reminders). */
    timeZone: text("time_zone").notNull().default(DEFAULT_TIME_ZONE),
    /** Overdue invoice reminder emails (checked when each reminder job runs). */
    invoiceReminders: boolean("invoice_reminders").notNull().default(true),
    /** Credential expiry emails to the PEVO and the office, and the daily digest (checked when each runs). */
    credentialExpiryEmails: boolean("credential_expiry_emails").notNull().default(true),
    /** The factoring company (Settings → Factoring): printed on the invoices assigned to it. */
    factorName: text("factor_name"),
    factorEmail: text("factor_email"),
    factorRemitTo: text("factor_remit_to"),
    factorNotice: text("factor_notice"),
    /**
     * The logo on client PDFs and emails (DECISIONS 'Company set-up and logo'): a sniffed, bounded PNG or
     * JPEG kept in the company row, so that every PDF renderer (in a transaction, in a mail job, on a
     * public link) reads it with the company's letterhead.
     */
    logo: bytea("logo"),
    logoType: text("logo_type"),
    /** The random key of the logo's public address (/api/public/logos/{key}), new with each upload. */
    logoKey: text("logo_key"),
    /** The first-sign-in set-up is still to be shown (set at signup; done or skipped clears it). */
    setupPending: boolean("setup_pending").notNull().default(false),
    /** The dashboard's "Get started" checklist is shown (set at signup; dismissing clears it). */
    checklistOpen: boolean("checklist_open").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    maxLength("companies", t.name, L.name),
    maxLength("companies", t.contactPerson, L.name),
    maxLength("companies", t.address, L.address),
    maxLength("companies", t.phone, L.phone),
    maxLength("companies", t.email, L.email),
    maxLength("companies", t.mcNumber, L.code),
    maxLength("companies", t.dotNumber, L.code),
    maxLength("companies", t.invoiceFooter, L.longText),
    maxLength("companies", t.timeZone, TIME_ZONE_MAX_LENGTH),
    maxLength("companies", t.factorName, L.name),
    maxLength("companies", t.factorEmail, L.email),
    maxLength("companies", t.factorRemitTo, L.address),
    maxLength("companies", t.factorNotice, L.reason),
    check("companies_logo_size", sql`octet_length(${t.logo}) <= ${sql.raw(String(LOGO_LIMITS.maxBytes))}`),
    check("companies_logo_type", sql`${t.logoType} in ('image/png', 'image/jpeg')`),
    uniqueIndex("companies_logo_key_unique").on(t.logoKey),
  ],
);
