import { INVOICE_OPEN_STATUSES, TEXT_LIMITS as L, LOAD_LIMITS, NUMBER_LIMITS } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companies } from "./companies";
import { maxLength, nonNegative, range, setNull } from "./constraints";
import {
  activityStatus,
  credentialReviewStatus,
  dispatchStatus,
  expenseType,
  invoiceStatus,
  lineKind,
  pevoStatus,
  positionType,
  publicLinkPurpose,
  rateUnit,
  signatureRequestStatus,
  signatureStatus,
} from "./enums";

/*
 * Tenancy the database enforces: every tenant row carries company_id, every parent has a unique
 * (company_id, id), and every reference between tenant tables is composite, (company_id, x_id) →
 * (company_id, id). A row of company A can therefore never point at a row of company B. Nullable
 * references are MATCH SIMPLE (a null x_id is not checked); ON DELETE SET NULL names its column so
 * that company_id stays.
 */

/**
 * A trigram index for `LIKE '%…%'` / `ILIKE '%…%'` search on a column (needs the pg_trgm extension:
 * migration 0008 creates it; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm).
 */
const trigram = (name: string, column: ExtraConfigColumn) =>
  index(name).using("gin", column.op("gin_trgm_ops"));

/**
 * What a list's search box matches, lowered and kept by PostgreSQL (a stored generated column): the
 * search is one `LIKE lower('%term%')` per row and one trigram index, not an ILIKE per column and
 * one index each (8x less CPU over a company's 300 PEVOs, npm run bench, 2026-11-27). The fields
 * are joined by a newline, so a one-line term matches within one field (`searchMatches` in
 * apps/server lib/paging.ts). `fields` is SQL over the table's column names.
 */
const searchText = (fields: string) =>
  text("search_text")
    .notNull()
    .generatedAlwaysAs(sql.raw(`lower(${fields})`));

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
    /** Where invoices are sent; the contact email when null. */
    billingEmail: text("billing_email"),
    phone: text("phone"),
    cellPhone: text("cell_phone"),
    fax: text("fax"),
    address: text("address"),
    /** Billing settings (DECISIONS 'Client billing settings'): days to pay; null = the company's terms. */
    paymentTermsDays: integer("payment_terms_days"),
    /** An invoice of this client is not sent without a PO number. */
    poRequired: boolean("po_required").notNull().default(false),
    /** Another client of the company who is billed for this client's jobs (a broker's payer). */
    billToClientId: uuid("bill_to_client_id"),
    /** Quick pay: this percent off an invoice's total when paid within quick_pay_days (both or neither). */
    quickPayPercent: numeric("quick_pay_percent", { precision: 5, scale: 2 }),
    quickPayDays: integer("quick_pay_days"),
    searchText: searchText(
      "name || E'\\n' || coalesce(contact_person, '') || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(phone, '')",
    ),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("clients", t),
    // The list's default order (clients/service.ts SORTS.name): a first or deep page reads the index.
    index("clients_company_name_idx").on(t.companyId, sql`lower(${t.name})`, t.name, t.id),
    trigram("clients_search_text_trgm_idx", t.searchText),
    maxLength("clients", t.name, L.name),
    maxLength("clients", t.contactPerson, L.name),
    maxLength("clients", t.mcNumber, L.code),
    maxLength("clients", t.dotNumber, L.code),
    maxLength("clients", t.email, L.email),
    maxLength("clients", t.billingEmail, L.email),
    maxLength("clients", t.phone, L.phone),
    maxLength("clients", t.cellPhone, L.phone),
    maxLength("clients", t.fax, L.phone),
    maxLength("clients", t.address, L.address),
    check("clients_payment_terms_days_range", sql`${t.paymentTermsDays} between 0 and 365`),
    // Self-reference written out: `ref` would name the table inside its own definition.
    foreignKey({
      name: "clients_bill_to_fk",
      columns: [t.companyId, t.billToClientId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete(setNull("bill_to_client_id")),
    check("clients_bill_to_not_self", sql`${t.billToClientId} <> ${t.id}`),
    check(
      "clients_quick_pay_terms",
      sql`(${t.quickPayPercent} is null) = (${t.quickPayDays} is null) and ${t.quickPayPercent} between 0.01 and 25 and ${t.quickPayDays} between 1 and 60`,
    ),
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
    /**
     * The office's review of the driver's licence (number and expiry), as for the other credentials:
     * the office's change is approved at once, the PEVO's own (My Profile) waits for the office.
     */
    licenceReviewStatus: credentialReviewStatus("licence_review_status").notNull().default("approved"),
    licenceReviewNote: text("licence_review_note"),
    licenceReviewedAt: timestamp("licence_reviewed_at", { withTimezone: true }),
    licenceReviewedBy: text("licence_reviewed_by"),
    status: pevoStatus("status").notNull().default("active"),
    // The full name as one field, so that "casey whit" finds Casey Whitfield.
    searchText: searchText(
      "first_name || ' ' || last_name || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(phone, '')",
    ),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("pevos", t),
    ref("pevos_user_fk", t, t.userId, user, "set null"),
    ref("pevos_licence_reviewed_by_fk", t, t.licenceReviewedBy, user, "set null"),
    index("pevos_company_created_idx").on(t.companyId, t.createdAt),
    // The list's default order (pevos/service.ts SORTS.lastName).
    index("pevos_company_last_name_idx").on(
      t.companyId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    trigram("pevos_search_text_trgm_idx", t.searchText),
    maxLength("pevos", t.firstName, L.name),
    maxLength("pevos", t.lastName, L.name),
    maxLength("pevos", t.email, L.email),
    maxLength("pevos", t.phone, L.phone),
    maxLength("pevos", t.licenseNumber, L.code),
    maxLength("pevos", t.licenceReviewNote, L.reason),
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
    /** The latest signature request's state (signature_requests holds each request and its record). */
    signatureStatus: signatureStatus("signature_status").notNull().default("not_sent"),
    /** When the open request's link expires: awaiting or viewed past it reads "expired". */
    signatureExpiresAt: timestamp("signature_expires_at", { withTimezone: true }),
    /** Canceled: kept for history, left out of the dispatch picker and the dashboard counts. */
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    // Load details; the permits are rate_confirmation_permits. Lengths in whole inches.
    loadDescription: text("load_description"),
    loadWidthInches: integer("load_width_inches"),
    loadHeightInches: integer("load_height_inches"),
    loadLengthInches: integer("load_length_inches"),
    loadWeightPounds: integer("load_weight_pounds"),
    frontOverhangInches: integer("front_overhang_inches"),
    rearOverhangInches: integer("rear_overhang_inches"),
    truckNumber: text("truck_number"),
    trailerNumber: text("trailer_number"),
    cbChannel: integer("cb_channel"),
    routeDescription: text("route_description"),
    /** The US state codes on the route, in driving order (each once). */
    routeStates: text("route_states").array().notNull().default(sql`'{}'::text[]`),
    searchText: searchText("job_number || E'\\n' || origin_address || E'\\n' || destination_address"),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("rate_confirmations", t),
    ref("rate_confirmations_client_fk", t, t.clientId, clients, "restrict"),
    unique("rate_confirmations_company_job_number_key").on(t.companyId, t.jobNumber),
    index("rate_confirmations_company_created_idx").on(t.companyId, t.createdAt),
    index("rate_confirmations_company_start_idx").on(t.companyId, t.startDate, t.id),
    // The list's default view (not canceled, by start date): its page ids and its count come from
    // the index alone.
    index("rate_confirmations_open_start_idx")
      .on(t.companyId, t.startDate, t.id)
      .where(sql`${t.canceledAt} is null`),
    // The calendar's spans overlapping a window: greatest() skips a null end date; the start date
    // is checked in the index, so the years of jobs booked ahead are not read from the table.
    index("rate_confirmations_company_last_day_idx").on(
      t.companyId,
      sql`greatest(${t.startDate}, ${t.endDate})`,
      t.startDate,
    ),
    // Jobs running in a window that are not canceled (the dashboard's uncovered count, domain/dispatches/coverage.ts):
    // the start date is checked in the index, so only the window's jobs are read from the table.
    index("rate_confirmations_open_window_idx")
      .on(t.companyId, sql`greatest(${t.startDate}, ${t.endDate})`, t.startDate)
      .where(sql`${t.canceledAt} is null`),
    index("rate_confirmations_company_client_idx").on(t.companyId, t.clientId),
    // The dashboard's pending signatures: the open requests (only they have a link expiry) not yet
    // expired, counted from the index alone.
    index("rate_confirmations_signature_expiry_idx")
      .on(t.companyId, t.signatureExpiresAt, t.signatureStatus)
      .where(sql`${t.signatureExpiresAt} is not null and ${t.canceledAt} is null`),
    // The dispatch list's search by job number.
    trigram("rate_confirmations_job_number_trgm_idx", t.jobNumber),
    trigram("rate_confirmations_search_text_trgm_idx", t.searchText),
    maxLength("rate_confirmations", t.jobNumber, L.code),
    maxLength("rate_confirmations", t.originAddress, L.address),
    maxLength("rate_confirmations", t.destinationAddress, L.address),
    maxLength("rate_confirmations", t.description, L.longText),
    maxLength("rate_confirmations", t.additionalTerms, L.longText),
    maxLength("rate_confirmations", t.loadDescription, L.address),
    maxLength("rate_confirmations", t.truckNumber, L.code),
    maxLength("rate_confirmations", t.trailerNumber, L.code),
    maxLength("rate_confirmations", t.routeDescription, L.longText),
    range("rate_confirmations", t.loadWidthInches, LOAD_LIMITS.maxWidthInches),
    range("rate_confirmations", t.loadHeightInches, LOAD_LIMITS.maxHeightInches),
    range("rate_confirmations", t.loadLengthInches, LOAD_LIMITS.maxLengthInches),
    range("rate_confirmations", t.loadWeightPounds, LOAD_LIMITS.maxWeightPounds),
    range("rate_confirmations", t.frontOverhangInches, LOAD_LIMITS.maxOverhangInches),
    range("rate_confirmations", t.rearOverhangInches, LOAD_LIMITS.maxOverhangInches),
    check(
      "rate_confirmations_cb_channel_range",
      sql`${t.cbChannel} between 1 and ${sql.raw(String(LOAD_LIMITS.cbChannels))}`,
    ),
    check(
      "rate_confirmations_route_states_length",
      sql`cardinality(${t.routeStates}) <= ${sql.raw(String(LOAD_LIMITS.maxRouteStates))}`,
    ),
  ],
);

/** A rate confirmation's permit numbers, one per state, in the order entered. */
export const permits = pgTable(
  "rate_confirmation_permits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    rateConfirmationId: uuid("rate_confirmation_id").notNull(),
    state: text("state").notNull(),
    permitNumber: text("permit_number").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    ref("permits_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    unique("permits_rc_state_key").on(t.rateConfirmationId, t.state),
    maxLength("permits", t.state, 2),
    maxLength("permits", t.permitNumber, L.code),
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
    // The additional rate kinds (packages/shared RATE_KINDS; DECISIONS 'Rate kinds'): null when not
    // charged, so every confirmation saved before them reads, prints and hashes as it did.
    deadheadRate: money("deadhead_rate"),
    deadheadMiles: numeric("deadhead_miles", { precision: 12, scale: 2 }),
    perDiemRate: money("per_diem_rate"),
    standbyRate: money("standby_rate"),
    standbyThreshold: integer("standby_threshold"),
    highPoleRate: money("high_pole_rate"),
    mileageMinimum: numeric("mileage_minimum", { precision: 12, scale: 2 }),
    tollsAtCost: boolean("tolls_at_cost").notNull().default(false),
  },
  (t) => [
    ref("standard_rates_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    range("standard_rates", t.minimumDailyRate),
    range("standard_rates", t.mileageRate),
    range("standard_rates", t.overnightRate),
    range("standard_rates", t.noGoRate),
    range("standard_rates", t.detentionRate),
    range("standard_rates", t.deadheadRate),
    range("standard_rates", t.perDiemRate),
    range("standard_rates", t.standbyRate),
    range("standard_rates", t.highPoleRate),
    range("standard_rates", t.deadheadMiles, NUMBER_LIMITS.maxTripMiles),
    range("standard_rates", t.mileageMinimum, NUMBER_LIMITS.maxTripMiles),
    range("standard_rates", t.standbyThreshold, NUMBER_LIMITS.maxTripHours),
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
    /**
     * The rate confirmation position this dispatch fills (lead car, chase car, …). Stored by type and
     * custom name, not by position id: saving a rate confirmation rewrites its position rows.
     */
    positionType: positionType("position_type"),
    positionName: text("position_name"),
    /**
     * Which of the rate confirmation's equal positions (two chase cars: 1 and 2) this dispatch covers,
     * while it covers one (not canceled, with a PEVO): the unique index below lets one dispatch cover
     * a position (DECISIONS 'One dispatch per position'). Null when it covers none.
     */
    positionSlot: integer("position_slot"),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("dispatches", t),
    ref("dispatches_rc_fk", t, t.rateConfirmationId, rateConfirmations, "restrict"),
    ref("dispatches_pevo_fk", t, t.pevoId, pevos, "restrict"),
    index("dispatches_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("dispatches_company_pickup_idx").on(t.companyId, t.pickupDate, t.pickupTime, t.id),
    index("dispatches_company_status_pickup_idx").on(t.companyId, t.status, t.pickupDate),
    index("dispatches_company_pevo_pickup_idx").on(t.companyId, t.pevoId, t.pickupDate),
    index("dispatches_company_rc_idx").on(t.companyId, t.rateConfirmationId),
    uniqueIndex("dispatches_position_once_idx")
      .on(t.rateConfirmationId, t.positionType, sql`coalesce(${t.positionName}, '')`, t.positionSlot)
      .where(sql`${t.status} <> 'canceled' and ${t.pevoId} is not null and ${t.positionSlot} is not null`),
    trigram("dispatches_driver_name_trgm_idx", t.driverName),
    maxLength("dispatches", t.driverName, L.name),
    maxLength("dispatches", t.driverPhone, L.phone),
    maxLength("dispatches", t.driverCompany, L.name),
    maxLength("dispatches", t.notes, L.longText),
    maxLength("dispatches", t.positionName, L.label),
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
    /** The office's own memo: never printed, mailed or shown to the client; editable once sent. */
    memo: text("memo"),
    status: invoiceStatus("status").notNull().default("draft"),
    customerName: text("customer_name"),
    customerAddress: text("customer_address"),
    pevoName: text("pevo_name"),
    pevoPosition: text("pevo_position"),
    /** The sum of the invoice's payments, kept in the payment's transaction (balance = total - paid). */
    amountPaid: money("amount_paid").notNull().default("0"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Where it was last sent: the overdue reminders go there. */
    sentTo: text("sent_to"),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    /** Why a sent invoice was voided and reissued (DECISIONS 'Invoices': a sent invoice is a record). */
    voidReason: text("void_reason"),
    /** The client's purchase order number (required before sending when the client says so). */
    poNumber: text("po_number"),
    /**
     * Who is billed when it is not the client who ordered (the client's bill-to setting, copied on
     * each save of the draft): the PDF and the client's page show this party under "Bill to".
     */
    billToClientId: uuid("bill_to_client_id"),
    billToName: text("bill_to_name"),
    billToAddress: text("bill_to_address"),
    /** The void invoice this one was reissued from (void and reissue). */
    replacesInvoiceId: uuid("replaces_invoice_id"),
    /** The ordering client's quick-pay terms, copied on each save of the draft like the bill-to party. */
    quickPayPercent: numeric("quick_pay_percent", { precision: 5, scale: 2 }),
    quickPayDays: integer("quick_pay_days"),
    /**
     * Assigned to the company's factoring company: the factor as it was then (name, email, remit-to,
     * notice), kept with the invoice like its customer; null when not factored.
     */
    factoredAt: timestamp("factored_at", { withTimezone: true }),
    factorName: text("factor_name"),
    factorEmail: text("factor_email"),
    factorRemitTo: text("factor_remit_to"),
    factorNotice: text("factor_notice"),
    sentToFactorAt: timestamp("sent_to_factor_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("invoices", t),
    ref("invoices_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    ref("invoices_client_fk", t, t.clientId, clients, "set null"),
    unique("invoices_company_number_key").on(t.companyId, t.invoiceNumber),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt),
    index("invoices_company_issue_idx").on(t.companyId, t.issueDate, t.id),
    index("invoices_company_due_idx").on(t.companyId, t.dueDate),
    index("invoices_company_status_due_idx").on(t.companyId, t.status, t.dueDate),
    // The open balances (dashboard, receivables, aging: apps/server's domain/invoices openWithBalance) read from the
    // index alone: a company's thousands of unpaid invoices are summed without visiting the table.
    index("invoices_open_balance_idx")
      .on(t.companyId, t.dueDate, t.clientId, t.status, t.total, t.amountPaid)
      .where(
        sql`${t.status} in (${sql.raw(INVOICE_OPEN_STATUSES.map((s) => `'${s}'`).join(", "))}) and ${t.total} > ${t.amountPaid}`,
      ),
    // Receivables' page (domain/invoices' listReceivables) ages only its clients' open invoices: read
    // from this index alone, by client, not from every open invoice of the company.
    index("invoices_open_client_idx")
      .on(t.companyId, t.clientId, t.customerName, t.dueDate, t.status, t.total, t.amountPaid)
      .where(
        sql`${t.status} in (${sql.raw(INVOICE_OPEN_STATUSES.map((s) => `'${s}'`).join(", "))}) and ${t.total} > ${t.amountPaid}`,
      ),
    index("invoices_company_client_idx").on(t.companyId, t.clientId),
    trigram("invoices_number_trgm_idx", t.invoiceNumber),
    index("invoices_dispatch_idx").on(t.dispatchId),
    maxLength("invoices", t.invoiceNumber, L.code),
    maxLength("invoices", t.notes, L.longText),
    maxLength("invoices", t.memo, L.longText),
    maxLength("invoices", t.customerName, SNAPSHOT),
    maxLength("invoices", t.customerAddress, SNAPSHOT),
    maxLength("invoices", t.pevoName, SNAPSHOT),
    maxLength("invoices", t.pevoPosition, SNAPSHOT),
    maxLength("invoices", t.sentTo, L.email),
    maxLength("invoices", t.voidReason, L.reason),
    maxLength("invoices", t.poNumber, L.code),
    maxLength("invoices", t.billToName, SNAPSHOT),
    maxLength("invoices", t.billToAddress, SNAPSHOT),
    maxLength("invoices", t.factorName, L.name),
    maxLength("invoices", t.factorEmail, L.email),
    maxLength("invoices", t.factorRemitTo, L.address),
    maxLength("invoices", t.factorNotice, L.reason),
    check(
      "invoices_quick_pay_terms",
      sql`(${t.quickPayPercent} is null) = (${t.quickPayDays} is null) and ${t.quickPayPercent} between 0.01 and 25 and ${t.quickPayDays} between 1 and 60`,
    ),
    check(
      "invoices_factored_has_factor",
      sql`(${t.factoredAt} is null) or (${t.factorName} is not null and ${t.factorRemitTo} is not null)`,
    ),
    ref("invoices_bill_to_fk", t, t.billToClientId, clients, "set null"),
    foreignKey({
      name: "invoices_replaces_fk",
      columns: [t.companyId, t.replacesInvoiceId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete(setNull("replaces_invoice_id")),
    index("invoices_replaces_idx").on(t.replacesInvoiceId),
    nonNegative("invoices", t.subtotal),
    nonNegative("invoices", t.tax),
    nonNegative("invoices", t.total),
    nonNegative("invoices", t.amountPaid),
  ],
);

export const invoiceLineItems = pgTable(
  "invoice_line_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    invoiceId: uuid("invoice_id").notNull(),
    /** What the line bills (reports and the PDF group by it); lines typed by hand are "custom". */
    kind: lineKind("kind").notNull().default("custom"),
    date: date("date").notNull(),
    location: text("location").notNull(),
    mileage: numeric("mileage", { precision: 12, scale: 2 }).notNull().default("0"),
    charge: money("charge").notNull().default("0"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The job a line bills on a consolidated invoice (its group on the PDF); null on a single-job one. */
    dispatchId: uuid("dispatch_id"),
  },
  (t) => [
    ref("line_items_invoice_fk", t, t.invoiceId, invoices, "cascade"),
    ref("line_items_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    index("line_items_invoice_idx").on(t.invoiceId),
    // What a job invoiced (a settlement's pay by percentage, the margin): its lines on consolidated invoices.
    index("line_items_dispatch_idx").on(t.dispatchId).where(sql`${t.dispatchId} is not null`),
    maxLength("line_items", t.location, L.location),
    range("line_items", t.mileage, NUMBER_LIMITS.maxLineMileage),
    // A discount line is the one negative amount (the invoice's total stays >= 0: invoices' CHECK).
    check(
      "line_items_charge_range",
      sql`${t.charge} between -${sql.raw(String(Number(NUMBER_LIMITS.maxMoney)))} and ${sql.raw(String(Number(NUMBER_LIMITS.maxMoney)))} and (${t.charge} >= 0 or ${t.kind}::text = 'discount')`,
    ),
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
    /** Of the hours, the time spent waiting on the load (detention). */
    waitHours: numeric("wait_hours", { precision: 6, scale: 2 }).notNull().default("0"),
    /** Of the hours, the time held on standby with the load parked (billed at the standby rate). */
    standbyHours: numeric("standby_hours", { precision: 6, scale: 2 }).notNull().default("0"),
    overnight: boolean("overnight").notNull().default(false),
    noGo: boolean("no_go").notNull().default(false),
    notes: text("notes"),
    /** The id the phone made for the entry (ADR 0014): a replayed offline save finds this row. */
    clientId: uuid("client_id"),
    /**
     * Which write the row holds (ADR 0014): a new random id on every save, or the phone's
     * Idempotency-Key of the edit. An edit names the revision it was made on (If-Match): another one
     * is a change made meanwhile (409); the edit's own key is a replay (applied once).
     */
    revision: uuid("revision").notNull().defaultRandom(),
    ...timestamps,
  },
  (t) => [
    ...tenantKeys("trip_logs", t),
    unique("trip_logs_company_client_id_key").on(t.companyId, t.clientId),
    ref("trip_logs_pevo_fk", t, t.pevoId, pevos, "restrict"),
    ref("trip_logs_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    index("trip_logs_company_pevo_date_idx").on(t.companyId, t.pevoId, t.tripDate),
    index("trip_logs_company_dispatch_idx").on(t.companyId, t.dispatchId),
    maxLength("trip_logs", t.startLocation, L.location),
    maxLength("trip_logs", t.endLocation, L.location),
    maxLength("trip_logs", t.notes, L.longText),
    range("trip_logs", t.miles, NUMBER_LIMITS.maxTripMiles),
    range("trip_logs", t.hours, NUMBER_LIMITS.maxTripHours),
    range("trip_logs", t.waitHours, NUMBER_LIMITS.maxTripHours),
    range("trip_logs", t.standbyHours, NUMBER_LIMITS.maxTripHours),
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

/**
 * The trip entries a PEVO deleted (ADR 0014, Trip entry deletes): a delete queued on the phone and
 * sent again (its answer lost on a bad signal), or sent after the entry was deleted on another
 * device, finds the entry here and is answered as done. Only the PEVO who deleted it gets that
 * answer: for anyone else the id stays "not found". Written with the delete, in its transaction.
 */
export const tripLogDeletions = pgTable(
  "trip_log_deletions",
  {
    companyId: companyId(),
    tripLogId: uuid("trip_log_id").notNull(),
    pevoId: uuid("pevo_id").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "trip_log_deletions_pkey", columns: [t.companyId, t.tripLogId] }),
    ref("trip_log_deletions_pevo_fk", t, t.pevoId, pevos, "cascade"),
    index("trip_log_deletions_pevo_idx").on(t.companyId, t.pevoId),
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
    index("activity_company_created_idx").on(t.companyId, t.createdAt, t.id),
    // The portal dashboard's own activity, newest first.
    index("activity_company_pevo_created_idx").on(t.companyId, t.pevoId, t.createdAt),
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
    /** The attachments' names, types and sizes (the files themselves go only to SMTP). */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; size: number }[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * A public link (client signature, invoice view, PEVO reply from an email): one purpose, one
 * document (`subject_id`: a signature request, an invoice, a dispatch), an expiry, revocable. Only the SHA-256 of the token is stored; the token
 * itself is in the email alone.
 */
export const publicLinks = pgTable(
  "public_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    purpose: publicLinkPurpose("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    subjectId: uuid("subject_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("public_links_company_id_id_key").on(t.companyId, t.id),
    index("public_links_subject_idx").on(t.companyId, t.purpose, t.subjectId),
  ],
);

/**
 * One request to sign one version of a rate confirmation, and, once signed, the record the ESIGN Act
 * and UETA ask for: who (typed name, email), when, from where (IP, user agent), their consent, and
 * the exact content signed (`content`, canonical JSON) with its SHA-256 (`content_hash`).
 */
export const signatureRequests = pgTable(
  "signature_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    rateConfirmationId: uuid("rate_confirmation_id").notNull(),
    status: signatureRequestStatus("status").notNull().default("awaiting_signature"),
    signerName: text("signer_name").notNull(),
    signerEmail: text("signer_email").notNull(),
    content: text("content").notNull(),
    contentHash: text("content_hash").notNull(),
    sentBy: text("sent_by"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signedName: text("signed_name"),
    drawnSignature: text("drawn_signature"),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    unique("signature_requests_company_id_id_key").on(t.companyId, t.id),
    ref("signature_requests_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    ref("signature_requests_sent_by_fk", t, t.sentBy, user, "set null"),
    index("signature_requests_rc_idx").on(t.companyId, t.rateConfirmationId, t.sentAt),
    maxLength("signature_requests", t.signerName, L.name),
    maxLength("signature_requests", t.signerEmail, L.email),
    maxLength("signature_requests", t.signedName, L.name),
    maxLength("signature_requests", t.declineReason, L.reason),
    maxLength("signature_requests", t.drawnSignature, L.drawnSignature),
    maxLength("signature_requests", t.ip, L.ip),
    maxLength("signature_requests", t.userAgent, L.userAgent),
  ],
);
