import { TEXT_LIMITS as L, NUMBER_LIMITS, type UsState } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  date,
  foreignKey,
  index,
  integer,
  numeric,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companies } from "./companies";
import { maxLength, nonNegative, range, setNull } from "./constraints";
import {
  activityStatus,
  dispatchStatus,
  expenseType,
  invoiceStatus,
  pevoStatus,
  positionType,
  rateUnit,
  signatureStatus,
} from "./enums";

/*
 * Tenancy the database enforces: every tenant row carries company_id, every parent has a unique
 * (company_id, id), and every reference between tenant tables is composite, (company_id, x_id) →
 * (company_id, id). A row of company A can therefore never point at a row of company B. Nullable
 * references are MATCH SIMPLE (a null x_id is not checked); ON DELETE SET NULL names its column so
 * that company_id stays.
 */

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
export const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "restrict" });
const tenant = {
  companyId: companyId(),
  createdBy: text("created_by"),
};

type Tenant = { companyId: PgColumn; id: PgColumn };
type Action = "cascade" | "restrict" | "set null";

/** (company_id, column) → parent (company_id, id). */
export function ref(
  name: string,
  child: { companyId: PgColumn },
  column: PgColumn,
  parent: Tenant,
  onDelete: Action,
) {
  return foreignKey({
    name,
    columns: [child.companyId, column],
    foreignColumns: [parent.companyId, parent.id],
  }).onDelete(onDelete === "set null" ? setNull(column.name) : onDelete);
}

/** The parent side: unique (company_id, id), and created_by a login of the same company. */
export function tenantKeys(table: string, t: Tenant & { createdBy?: PgColumn }) {
  return [
    unique(`${table}_company_id_id_key`).on(t.companyId, t.id),
    ...(t.createdBy ? [ref(`${table}_created_by_fk`, t, t.createdBy, user, "set null")] : []),
  ];
}

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
  (t) => [
    ...tenantKeys("clients", t),
    index("clients_company_name_idx").on(t.companyId, t.name),
    maxLength("clients", t.name, L.name),
    maxLength("clients", t.contactPerson, L.name),
    maxLength("clients", t.mcNumber, L.code),
    maxLength("clients", t.dotNumber, L.code),
    maxLength("clients", t.email, L.email),
    maxLength("clients", t.phone, L.phone),
    maxLength("clients", t.cellPhone, L.phone),
    maxLength("clients", t.fax, L.phone),
    maxLength("clients", t.address, L.address),
  ],
);

/** One table for the admin roster and the portal profile (DECISIONS: One PEVO table). */
export const pevos = pgTable(
  "pevos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    userId: text("user_id").unique(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    licenseNumber: text("license_number"),
    certificationExpiry: date("certification_expiry"),
    states: text("states").array().$type<UsState[]>().notNull().default(sql`'{}'::text[]`),
    status: pevoStatus("status").notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("pevos", t),
    ref("pevos_user_fk", t, t.userId, user, "set null"),
    index("pevos_company_created_idx").on(t.companyId, t.createdAt),
    index("pevos_company_last_name_idx").on(t.companyId, t.lastName),
    maxLength("pevos", t.firstName, L.name),
    maxLength("pevos", t.lastName, L.name),
    maxLength("pevos", t.email, L.email),
    maxLength("pevos", t.phone, L.phone),
    maxLength("pevos", t.licenseNumber, L.code),
  ],
);

export const rateConfirmations = pgTable(
  "rate_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    clientId: uuid("client_id").notNull(),
    jobNumber: text("job_number").notNull(),
    originAddress: text("origin_address").notNull(),
    destinationAddress: text("destination_address").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date"),
    description: text("description").notNull(),
    additionalTerms: text("additional_terms"),
    signatureStatus: signatureStatus("signature_status").notNull().default("not_sent"),
    signatureToken: text("signature_token").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signerName: text("signer_name"),
    signerIp: text("signer_ip"),
    signedHash: text("signed_hash"),
    /** Canceled: kept for history, left out of the dispatch picker and the dashboard counts. */
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("rate_confirmations", t),
    ref("rate_confirmations_client_fk", t, t.clientId, clients, "restrict"),
    unique("rate_confirmations_company_job_number_key").on(t.companyId, t.jobNumber),
    index("rate_confirmations_company_created_idx").on(t.companyId, t.createdAt),
    index("rate_confirmations_client_idx").on(t.clientId),
    maxLength("rate_confirmations", t.jobNumber, L.code),
    maxLength("rate_confirmations", t.originAddress, L.address),
    maxLength("rate_confirmations", t.destinationAddress, L.address),
    maxLength("rate_confirmations", t.description, L.longText),
    maxLength("rate_confirmations", t.additionalTerms, L.longText),
    maxLength("rate_confirmations", t.signerName, L.name),
  ],
);

export const standardRates = pgTable(
  "rate_confirmation_standard_rates",
  {
    rateConfirmationId: uuid("rate_confirmation_id").primaryKey(),
    companyId: companyId(),
    minimumDailyRate: money("minimum_daily_rate").notNull(),
    mileageRate: money("mileage_rate").notNull(),
    overnightRate: money("overnight_rate").notNull(),
    noGoRate: money("no_go_rate").notNull(),
    detentionRate: money("detention_rate").notNull(),
    detentionThreshold: integer("detention_threshold").notNull().default(2),
  },
  (t) => [
    ref("standard_rates_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    range("standard_rates", t.minimumDailyRate),
    range("standard_rates", t.mileageRate),
    range("standard_rates", t.overnightRate),
    range("standard_rates", t.noGoRate),
    range("standard_rates", t.detentionRate),
  ],
);

export const customRates = pgTable(
  "rate_confirmation_custom_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    rateConfirmationId: uuid("rate_confirmation_id").notNull(),
    name: text("name").notNull(),
    amount: money("amount").notNull(),
    unit: rateUnit("unit").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    ref("custom_rates_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    index("custom_rates_rc_idx").on(t.rateConfirmationId),
    maxLength("custom_rates", t.name, L.label),
    range("custom_rates", t.amount),
  ],
);

export const positions = pgTable(
  "rate_confirmation_positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    rateConfirmationId: uuid("rate_confirmation_id").notNull(),
    positionType: positionType("position_type").notNull(),
    customName: text("custom_name"),
    pevoId: uuid("pevo_id"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    ref("positions_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    ref("positions_pevo_fk", t, t.pevoId, pevos, "restrict"),
    index("positions_rc_idx").on(t.rateConfirmationId),
    index("positions_pevo_idx").on(t.pevoId),
    maxLength("positions", t.customName, L.label),
  ],
);

export const dispatches = pgTable(
  "dispatches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    rateConfirmationId: uuid("rate_confirmation_id"),
    pevoId: uuid("pevo_id"),
    driverName: text("driver_name").notNull(),
    driverPhone: text("driver_phone").notNull(),
    driverCompany: text("driver_company"),
    pickupDate: date("pickup_date").notNull(),
    pickupTime: text("pickup_time").notNull(),
    notes: text("notes"),
    status: dispatchStatus("status").notNull().default("pending"),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("dispatches", t),
    ref("dispatches_rc_fk", t, t.rateConfirmationId, rateConfirmations, "restrict"),
    ref("dispatches_pevo_fk", t, t.pevoId, pevos, "restrict"),
    index("dispatches_company_created_idx").on(t.companyId, t.createdAt),
    index("dispatches_company_pickup_idx").on(t.companyId, t.pickupDate),
    index("dispatches_pevo_pickup_idx").on(t.pevoId, t.pickupDate),
    index("dispatches_rc_idx").on(t.rateConfirmationId),
    maxLength("dispatches", t.driverName, L.name),
    maxLength("dispatches", t.driverPhone, L.phone),
    maxLength("dispatches", t.driverCompany, L.name),
    maxLength("dispatches", t.notes, L.longText),
  ],
);

/** Snapshot columns copy names the server put together (e.g. "first last", a client's address). */
const SNAPSHOT = L.activity;

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenant,
    dispatchId: uuid("dispatch_id").notNull(),
    clientId: uuid("client_id"),
    invoiceNumber: text("invoice_number").notNull(),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date").notNull(),
    subtotal: money("subtotal").notNull().default("0"),
    /** The company's tax rate when the invoice was created: later edits keep it. */
    taxRate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    tax: money("tax").notNull().default("0"),
    total: money("total").notNull().default("0"),
    notes: text("notes"),
    status: invoiceStatus("status").notNull().default("draft"),
    customerName: text("customer_name"),
    customerAddress: text("customer_address"),
    pevoName: text("pevo_name"),
    pevoPosition: text("pevo_position"),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("invoices", t),
    ref("invoices_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    ref("invoices_client_fk", t, t.clientId, clients, "set null"),
    unique("invoices_company_number_key").on(t.companyId, t.invoiceNumber),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt),
    index("invoices_dispatch_idx").on(t.dispatchId),
    maxLength("invoices", t.invoiceNumber, L.code),
    maxLength("invoices", t.notes, L.longText),
    maxLength("invoices", t.customerName, SNAPSHOT),
    maxLength("invoices", t.customerAddress, SNAPSHOT),
    maxLength("invoices", t.pevoName, SNAPSHOT),
    maxLength("invoices", t.pevoPosition, SNAPSHOT),
    nonNegative("invoices", t.subtotal),
    nonNegative("invoices", t.tax),
    nonNegative("invoices", t.total),
  ],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    invoiceId: uuid("invoice_id").notNull(),
    date: date("date").notNull(),
    location: text("location").notNull(),
    mileage: numeric("mileage", { precision: 12, scale: 2 }).notNull().default("0"),
    charge: money("charge").notNull().default("0"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    ref("line_items_invoice_fk", t, t.invoiceId, invoices, "cascade"),
    index("line_items_invoice_idx").on(t.invoiceId),
    maxLength("line_items", t.location, L.location),
    range("line_items", t.mileage, NUMBER_LIMITS.maxLineMileage),
    range("line_items", t.charge),
  ],
);

export const tripLogs = pgTable(
  "trip_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id").notNull(),
    dispatchId: uuid("dispatch_id"),
    tripDate: date("trip_date").notNull(),
    startLocation: text("start_location").notNull(),
    endLocation: text("end_location").notNull(),
    miles: numeric("miles", { precision: 12, scale: 2 }).notNull().default("0"),
    hours: numeric("hours", { precision: 6, scale: 2 }).notNull().default("0"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("trip_logs", t),
    ref("trip_logs_pevo_fk", t, t.pevoId, pevos, "restrict"),
    ref("trip_logs_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    index("trip_logs_pevo_date_idx").on(t.pevoId, t.tripDate),
    index("trip_logs_dispatch_idx").on(t.dispatchId),
    maxLength("trip_logs", t.startLocation, L.location),
    maxLength("trip_logs", t.endLocation, L.location),
    maxLength("trip_logs", t.notes, L.longText),
    range("trip_logs", t.miles, NUMBER_LIMITS.maxTripMiles),
    range("trip_logs", t.hours, NUMBER_LIMITS.maxTripHours),
  ],
);

export const tripLogExpenses = pgTable(
  "trip_log_expenses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    tripLogId: uuid("trip_log_id").notNull(),
    type: expenseType("type").notNull(),
    amount: money("amount").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    ref("trip_expenses_trip_fk", t, t.tripLogId, tripLogs, "cascade"),
    index("trip_expenses_trip_idx").on(t.tripLogId),
    range("trip_expenses", t.amount),
  ],
);

/** Recent Activity, written by the server when things happen. */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    actorId: text("actor_id"),
    type: text("type").notNull(),
    status: activityStatus("status").notNull().default("success"),
    client: text("client"),
    job: text("job"),
    pevo: text("pevo"),
    pevoId: uuid("pevo_id"),
    amount: money("amount"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ref("activity_actor_fk", t, t.actorId, user, "set null"),
    ref("activity_pevo_fk", t, t.pevoId, pevos, "set null"),
    index("activity_company_created_idx").on(t.companyId, t.createdAt),
    maxLength("activity", t.type, L.activity),
    maxLength("activity", t.message, L.activity),
    maxLength("activity", t.client, L.activity),
    maxLength("activity", t.job, L.activity),
    maxLength("activity", t.pevo, L.activity),
    nonNegative("activity", t.amount),
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
