import { sql } from "drizzle-orm";
import {
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
import { companies } from "./companies";

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
const tenant = {
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "restrict" }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
};

export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    name: text("name").notNull(),
    contactPerson: text("contact_person"),
    mcNumber: text("mc_number"),
    dotNumber: text("dot_number"),
    email: text("email"),
    phone: text("phone"),
    cellPhone: text("cell_phone"),
    fax: text("fax"),
    address: text("address"),
    ...timestamps,
  },
  (t) => [index("clients_company_name_idx").on(t.companyId, t.name)],
);

/** One table for the admin roster and the portal profile (DECISIONS: One PEVO table). */
export const pevos = pgTable(
  "pevos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    licenseNumber: text("license_number"),
    certificationExpiry: date("certification_expiry"),
    states: text("states").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    check("pevos_status_check", sql`${t.status} in ('active', 'inactive')`),
    index("pevos_company_created_idx").on(t.companyId, t.createdAt),
    index("pevos_company_last_name_idx").on(t.companyId, t.lastName),
  ],
);

export const rateConfirmations = pgTable(
  "rate_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    jobNumber: text("job_number").notNull(),
    originAddress: text("origin_address").notNull(),
    destinationAddress: text("destination_address").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    description: text("description").notNull(),
    additionalTerms: text("additional_terms"),
    signatureStatus: text("signature_status").notNull().default("not_sent"),
    signatureToken: text("signature_token").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signerName: text("signer_name"),
    signerIp: text("signer_ip"),
    signedHash: text("signed_hash"),
    ...timestamps,
  },
  (t) => [
    unique("rate_confirmations_company_job_number_key").on(t.companyId, t.jobNumber),
    check(
      "rate_confirmations_signature_status_check",
      sql`${t.signatureStatus} in ('not_sent', 'awaiting_signature', 'signed')`,
    ),
    index("rate_confirmations_company_created_idx").on(t.companyId, t.createdAt),
    index("rate_confirmations_client_idx").on(t.clientId),
  ],
);

export const standardRates = pgTable("rate_confirmation_standard_rates", {
  rateConfirmationId: uuid("rate_confirmation_id")
    .primaryKey()
    .references(() => rateConfirmations.id, { onDelete: "cascade" }),
  minimumDailyRate: money("minimum_daily_rate").notNull(),
  mileageRate: money("mileage_rate").notNull(),
  overnightRate: money("overnight_rate").notNull(),
  noGoRate: money("no_go_rate").notNull(),
  detentionRate: money("detention_rate").notNull(),
  detentionThreshold: integer("detention_threshold").notNull().default(2),
});

export const customRates = pgTable(
  "rate_confirmation_custom_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rateConfirmationId: uuid("rate_confirmation_id")
      .notNull()
      .references(() => rateConfirmations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    amount: money("amount").notNull(),
    unit: text("unit").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    check("custom_rates_unit_check", sql`${t.unit} in ('hourly', 'daily', 'weekly', 'per_job', 'per_mile')`),
    index("custom_rates_rc_idx").on(t.rateConfirmationId),
  ],
);

export const positions = pgTable(
  "rate_confirmation_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rateConfirmationId: uuid("rate_confirmation_id")
      .notNull()
      .references(() => rateConfirmations.id, { onDelete: "cascade" }),
    positionType: text("position_type").notNull(),
    customName: text("custom_name"),
    pevoId: uuid("pevo_id").references(() => pevos.id, { onDelete: "restrict" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    check(
      "positions_type_check",
      sql`${t.positionType} in ('lead_car', 'chase_car', 'high_pole_car', 'steerman', 'route_survey', '3rd_car', 'custom')`,
    ),
    index("positions_rc_idx").on(t.rateConfirmationId),
    index("positions_pevo_idx").on(t.pevoId),
  ],
);

export const dispatches = pgTable(
  "dispatches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    rateConfirmationId: uuid("rate_confirmation_id").references(() => rateConfirmations.id, {
      onDelete: "restrict",
    }),
    pevoId: uuid("pevo_id").references(() => pevos.id, { onDelete: "restrict" }),
    driverName: text("driver_name").notNull(),
    driverPhone: text("driver_phone").notNull(),
    driverCompany: text("driver_company"),
    pickupDate: date("pickup_date").notNull(),
    pickupTime: text("pickup_time").notNull(),
    notes: text("notes"),
    status: text("status").notNull().default("pending"),
    ...timestamps,
  },
  (t) => [
    check("dispatches_status_check", sql`${t.status} in ('pending', 'dispatched', 'completed', 'canceled')`),
    index("dispatches_company_created_idx").on(t.companyId, t.createdAt),
    index("dispatches_company_pickup_idx").on(t.companyId, t.pickupDate),
    index("dispatches_pevo_pickup_idx").on(t.pevoId, t.pickupDate),
    index("dispatches_rc_idx").on(t.rateConfirmationId),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    dispatchId: uuid("dispatch_id")
      .notNull()
      .references(() => dispatches.id, { onDelete: "restrict" }),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    invoiceNumber: text("invoice_number").notNull(),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date").notNull(),
    subtotal: money("subtotal").notNull().default("0"),
    /** The company's tax rate when the invoice was created: later edits keep it. */
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    tax: money("tax").notNull().default("0"),
    total: money("total").notNull().default("0"),
    notes: text("notes"),
    status: text("status").notNull().default("draft"),
    customerName: text("customer_name"),
    customerAddress: text("customer_address"),
    pevoName: text("pevo_name"),
    pevoPosition: text("pevo_position"),
    ...timestamps,
  },
  (t) => [
    unique("invoices_company_number_key").on(t.companyId, t.invoiceNumber),
    check("invoices_status_check", sql`${t.status} in ('draft', 'sent', 'paid', 'overdue')`),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt),
    index("invoices_dispatch_idx").on(t.dispatchId),
  ],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    date: date("date").notNull(),
    location: text("location").notNull(),
    mileage: numeric("mileage", { precision: 12, scale: 2 }).notNull().default("0"),
    charge: money("charge").notNull().default("0"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    check("line_items_amounts_check", sql`${t.mileage} >= 0 and ${t.charge} >= 0`),
    index("line_items_invoice_idx").on(t.invoiceId),
  ],
);

export const tripLogs = pgTable(
  "trip_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    pevoId: uuid("pevo_id")
      .notNull()
      .references(() => pevos.id, { onDelete: "restrict" }),
    dispatchId: uuid("dispatch_id").references(() => dispatches.id, { onDelete: "restrict" }),
    tripDate: date("trip_date").notNull(),
    startLocation: text("start_location").notNull(),
    endLocation: text("end_location").notNull(),
    miles: numeric("miles", { precision: 12, scale: 2 }).notNull().default("0"),
    hours: numeric("hours", { precision: 6, scale: 2 }).notNull().default("0"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    check("trip_logs_amounts_check", sql`${t.miles} >= 0 and ${t.hours} >= 0`),
    index("trip_logs_pevo_date_idx").on(t.pevoId, t.tripDate),
    index("trip_logs_dispatch_idx").on(t.dispatchId),
  ],
);

export const tripLogExpenses = pgTable(
  "trip_log_expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tripLogId: uuid("trip_log_id")
      .notNull()
      .references(() => tripLogs.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    amount: money("amount").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    check("trip_expenses_type_check", sql`${t.type} in ('fuel', 'lodging', 'tolls', 'other')`),
    check("trip_expenses_amount_check", sql`${t.amount} >= 0`),
    index("trip_expenses_trip_idx").on(t.tripLogId),
  ],
);

/** Recent Activity, written by the server when things happen. */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    status: text("status").notNull().default("success"),
    client: text("client"),
    job: text("job"),
    pevo: text("pevo"),
    pevoId: uuid("pevo_id").references(() => pevos.id, { onDelete: "set null" }),
    amount: money("amount"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("activity_status_check", sql`${t.status} in ('success', 'pending', 'error')`),
    index("activity_company_created_idx").on(t.companyId, t.createdAt),
  ],
);

/** Emails kept when no SMTP server is configured (development, tests). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);
