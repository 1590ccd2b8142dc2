import {
  CREDENTIAL_LIMITS,
  type EquipmentKey,
  TEXT_LIMITS as L,
  type TCertificationData,
  type TInsuranceData,
  type TVehicleData,
  type UsState,
} from "@pevo/shared";
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
  uniqueIndex,
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

/**
 * The versions a credential went through (DECISIONS 'Credential versions'): every change the PEVO
 * submits from the portal is a version pending the office's review, while the credential's own row
 * keeps the approved values in force (qualification check, picker, "Credentials expiring"); approving
 * the version copies its values into that row, rejecting it leaves the row as it was. The office's
 * own edits are recorded as approved versions. At most one pending version per credential.
 * Exactly one of the three credential columns is set; deleting the credential deletes its versions.
 */
export const pevoCredentialVersions = pgTable(
  "pevo_credential_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id").notNull(),
    certificationId: uuid("certification_id"),
    insuranceId: uuid("insurance_id"),
    vehicleId: uuid("vehicle_id"),
    /** The submitted values: the kind's zod output (ZCertification / ZInsurance / ZVehicle). */
    data: jsonb("data").$type<TCertificationData | TInsuranceData | TVehicleData>().notNull(),
    status: credentialReviewStatus("status").notNull().default("pending"),
    submittedBy: text("submitted_by"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewNote: text("review_note"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
  },
  (t) => [
    ref("pevo_credential_versions_pevo_fk", t, t.pevoId, pevos, "cascade"),
    ref("pevo_credential_versions_certification_fk", t, t.certificationId, pevoCertifications, "cascade"),
    ref("pevo_credential_versions_insurance_fk", t, t.insuranceId, pevoInsurance, "cascade"),
    ref("pevo_credential_versions_vehicle_fk", t, t.vehicleId, pevoVehicles, "cascade"),
    ref("pevo_credential_versions_submitted_by_fk", t, t.submittedBy, user, "set null"),
    ref("pevo_credential_versions_reviewed_by_fk", t, t.reviewedBy, user, "set null"),
    check(
      "pevo_credential_versions_one_credential",
      sql`num_nonnulls(${t.certificationId}, ${t.insuranceId}, ${t.vehicleId}) = 1`,
    ),
    check("pevo_credential_versions_data_size", sql`pg_column_size(${t.data}) <= 16384`),
    uniqueIndex("pevo_credential_versions_pending_certification_idx")
      .on(t.certificationId)
      .where(sql`status = 'pending'`),
    uniqueIndex("pevo_credential_versions_pending_insurance_idx")
      .on(t.insuranceId)
      .where(sql`status = 'pending'`),
    uniqueIndex("pevo_credential_versions_pending_vehicle_idx")
      .on(t.vehicleId)
      .where(sql`status = 'pending'`),
    index("pevo_credential_versions_pending_idx").on(t.companyId, t.status),
    index("pevo_credential_versions_pevo_idx").on(t.pevoId),
    maxLength("pevo_credential_versions", t.reviewNote, L.reason),
  ],
);
