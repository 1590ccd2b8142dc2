import { CREDENTIAL_LIMITS, type EquipmentKey, TEXT_LIMITS as L, type UsState } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, pevos, ref } from "./business";
import { maxLength, setNull } from "./constraints";
import { documents } from "./documents";
import { credentialReviewStatus, insuranceType } from "./enums";

/**
 * The office's review of a credential: the office's own writes are approved at once; a PEVO's
 * change (from the portal) is pending until the office approves or rejects it (with a note).
 */
const review = {
  reviewStatus: credentialReviewStatus("review_status").notNull().default("approved"),
  reviewNote: text("review_note"),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  reviewedBy: text("reviewed_by"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** The attached document: one of the company's; deleting the document only detaches it. */
const documentRef = (name: string, t: { companyId: PgColumn; documentId: PgColumn }) =>
  foreignKey({
    name,
    columns: [t.companyId, t.documentId],
    foreignColumns: [documents.companyId, documents.id],
  }).onDelete(setNull("document_id"));

/** A PEVO's certification issued by a state (DECISIONS 'Credentials'). Expiry and issue dates are calendar dates. */
export const pevoCertifications = pgTable(
  "pevo_certifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id").notNull(),
    state: text("state").$type<UsState>().notNull(),
    certificateNumber: text("certificate_number").notNull(),
    issuedOn: date("issued_on"),
    expiresOn: date("expires_on").notNull(),
    documentId: uuid("document_id"),
    ...review,
  },
  (t) => [
    unique("pevo_certifications_company_id_id_key").on(t.companyId, t.id),
    ref("pevo_certifications_pevo_fk", t, t.pevoId, pevos, "cascade"),
    documentRef("pevo_certifications_document_fk", t),
    ref("pevo_certifications_reviewed_by_fk", t, t.reviewedBy, user, "set null"),
    index("pevo_certifications_pevo_idx").on(t.pevoId, t.state),
    index("pevo_certifications_expiry_idx").on(t.companyId, t.expiresOn),
    check("pevo_certifications_state_code", sql`${t.state} ~ '^[A-Z]{2}$'`),
    maxLength("pevo_certifications", t.certificateNumber, L.code),
    maxLength("pevo_certifications", t.reviewNote, L.reason),
  ],
);

/** A PEVO's insurance policy. The coverage is exact integer cents. */
export const pevoInsurance = pgTable(
  "pevo_insurance",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id").notNull(),
    type: insuranceType("type").notNull(),
    carrier: text("carrier").notNull(),
    policyNumber: text("policy_number").notNull(),
    coverageCents: bigint("coverage_cents", { mode: "number" }),
    expiresOn: date("expires_on").notNull(),
    documentId: uuid("document_id"),
    ...review,
  },
  (t) => [
    unique("pevo_insurance_company_id_id_key").on(t.companyId, t.id),
    ref("pevo_insurance_pevo_fk", t, t.pevoId, pevos, "cascade"),
    documentRef("pevo_insurance_document_fk", t),
    ref("pevo_insurance_reviewed_by_fk", t, t.reviewedBy, user, "set null"),
    index("pevo_insurance_pevo_idx").on(t.pevoId),
    index("pevo_insurance_expiry_idx").on(t.companyId, t.expiresOn),
    check(
      "pevo_insurance_coverage_cents_range",
      sql`${t.coverageCents} between 0 and ${sql.raw(String(Number(CREDENTIAL_LIMITS.maxCoverage) * 100))}`,
    ),
    maxLength("pevo_insurance", t.carrier, L.name),
    maxLength("pevo_insurance", t.policyNumber, L.code),
    maxLength("pevo_insurance", t.reviewNote, L.reason),
  ],
);

/** A PEVO's escort vehicle and its equipment checklist (one per PEVO). */
export const pevoVehicles = pgTable(
  "pevo_vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id").notNull(),
    year: integer("year"),
    make: text("make"),
    model: text("model"),
    plate: text("plate"),
    plateState: text("plate_state").$type<UsState>(),
    /** EQUIPMENT_ITEMS key → { has, detail }; an item not stored reads "no". */
    equipment: jsonb("equipment")
      .$type<Partial<Record<EquipmentKey, { has: boolean; detail: string | null }>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...review,
  },
  (t) => [
    unique("pevo_vehicles_company_id_id_key").on(t.companyId, t.id),
    unique("pevo_vehicles_pevo_key").on(t.pevoId),
    ref("pevo_vehicles_pevo_fk", t, t.pevoId, pevos, "cascade"),
    ref("pevo_vehicles_reviewed_by_fk", t, t.reviewedBy, user, "set null"),
    check("pevo_vehicles_year_range", sql`${t.year} between 1900 and 2200`),
    check("pevo_vehicles_plate_state_code", sql`${t.plateState} ~ '^[A-Z]{2}$'`),
    check("pevo_vehicles_equipment_size", sql`pg_column_size(${t.equipment}) <= 8192`),
    maxLength("pevo_vehicles", t.make, L.label),
    maxLength("pevo_vehicles", t.model, L.label),
    maxLength("pevo_vehicles", t.plate, L.code),
    maxLength("pevo_vehicles", t.reviewNote, L.reason),
  ],
);
