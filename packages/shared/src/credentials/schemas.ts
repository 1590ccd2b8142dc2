import { z } from "zod";
import { ZDay, ZId, ZTimestamp } from "../api/common";
import { US_STATES } from "../constants";
import { DATE_LIMITS, TEXT_LIMITS } from "../limits";
import { AMOUNT_SHAPE, atMost, fromCents, toCents } from "../money";
import { boundedText, dateInWindow, optionalDateInWindow, requiredText } from "../schemas/fields";
import {
  CREDENTIAL_KINDS,
  CREDENTIAL_REVIEW_STATUSES,
  EQUIPMENT_ITEMS,
  EQUIPMENT_KEYS,
  type EquipmentKey,
  INSURANCE_TYPES,
} from "./constants";

/** Bounds of the credential fields besides TEXT_LIMITS. */
export const CREDENTIAL_LIMITS = {
  /** Coverage amount: at most $100,000,000.00. */
  maxCoverage: "100000000.00",
  /** Equipment detail text. */
  equipmentDetail: 100,
  earliestVehicleYear: 1950,
} as const;

const expiry = (label: string) =>
  dateInWindow("Enter a valid date", label, { yearsAhead: DATE_LIMITS.expiryYearsAhead });
const optionalDocumentId = z
  .union([z.literal(""), z.uuid({ error: "Choose an uploaded document" })])
  .nullish()
  .transform((v) => (v ? v : null));
const state = z.enum(US_STATES, { error: "Choose a state" });

/** A state certification (the office's form and the PEVO's). */
export const ZCertification = z
  .object({
    state,
    certificateNumber: requiredText("Certificate number is required", "Certificate number", TEXT_LIMITS.code),
    issuedOn: optionalDateInWindow("Enter a valid date", "Issue date"),
    expiresOn: expiry("Expiry date"),
    documentId: optionalDocumentId,
  })
  .refine((c) => !c.issuedOn || c.issuedOn <= c.expiresOn, {
    message: "Expiry date must be on or after the issue date",
    path: ["expiresOn"],
  });
export type TCertificationInput = z.input<typeof ZCertification>;
export type TCertificationData = z.output<typeof ZCertification>;

/** An optional coverage amount in dollars ("1000000", "1000000.00"); normalized to two decimals. */
const coverageAmount = z
  .union([z.string(), z.number()])
  .transform((v) => (typeof v === "number" ? (Number.isFinite(v) ? String(v) : "x") : v.trim()))
  .refine((v) => v === "" || AMOUNT_SHAPE.test(v), { message: "Enter an amount with up to 2 decimals" })
  .refine((v) => !AMOUNT_SHAPE.test(v) || atMost(v, CREDENTIAL_LIMITS.maxCoverage), {
    message: "Coverage must be at most 100,000,000.00",
  })
  .nullish()
  .transform((v) => (v ? fromCents(toCents(v)) : null));

/** An insurance policy. */
export const ZInsurance = z.object({
  type: z.enum(INSURANCE_TYPES, { error: "Choose a type" }),
  carrier: requiredText("Carrier is required", "Carrier", TEXT_LIMITS.name),
  policyNumber: requiredText("Policy number is required", "Policy number", TEXT_LIMITS.code),
  coverageAmount,
  expiresOn: expiry("Expiry date"),
  documentId: optionalDocumentId,
});
export type TInsuranceInput = z.input<typeof ZInsurance>;
export type TInsuranceData = z.output<typeof ZInsurance>;

const equipmentEntry = z.object({
  has: z.boolean().default(false),
  detail: boundedText("Detail", CREDENTIAL_LIMITS.equipmentDetail),
});
export type TEquipmentEntry = z.output<typeof equipmentEntry>;

/** The escort vehicle and its equipment checklist (one per PEVO). */
export const ZVehicle = z.object({
  year: z
    .union([z.literal(""), z.coerce.number({ error: "Enter a year" })])
    .nullish()
    .transform((v) => (v === "" || v === undefined || v === null ? null : v))
    .refine(
      (v) =>
        v === null ||
        (Number.isInteger(v) &&
          v >= CREDENTIAL_LIMITS.earliestVehicleYear &&
          v <= new Date().getUTCFullYear() + 2),
      { message: "Enter a valid year" },
    ),
  make: boundedText("Make", TEXT_LIMITS.label),
  model: boundedText("Model", TEXT_LIMITS.label),
  plate: boundedText("Plate", TEXT_LIMITS.code),
  plateState: z
    .union([z.literal(""), state])
    .nullish()
    .transform((v) => (v ? v : null)),
  equipment: z
    .partialRecord(z.enum(EQUIPMENT_KEYS), equipmentEntry)
    .default({})
    .transform(
      (given) =>
        Object.fromEntries(
          EQUIPMENT_ITEMS.map(({ key }) => [key, given[key] ?? { has: false, detail: null }]),
        ) as Record<EquipmentKey, TEquipmentEntry>,
    ),
});
export type TVehicleInput = z.input<typeof ZVehicle>;
export type TVehicleData = z.output<typeof ZVehicle>;

/** The office's decision on a PEVO's change. */
export const ZCredentialReview = z
  .object({
    decision: z.enum(["approved", "rejected"], { error: "Choose approve or reject" }),
    note: boundedText("Note", TEXT_LIMITS.reason, "multi"),
  })
  .refine((r) => r.decision === "approved" || r.note, {
    message: "Say why it is rejected",
    path: ["note"],
  });
export type TCredentialReviewInput = z.input<typeof ZCredentialReview>;

// ---- responses ----

const ZReview = {
  reviewStatus: z.enum(CREDENTIAL_REVIEW_STATUSES),
  reviewNote: z.string().nullable().describe("The office's note (why it was rejected)"),
  reviewedAt: ZTimestamp.nullable(),
  updatedAt: ZTimestamp,
};
/**
 * One version of a credential (DECISIONS 'Credential versions'): who submitted it and when, and the
 * office's decision. The office's own edits are approved versions.
 */
export const ZCredentialVersion = z.object({
  id: ZId,
  status: z.enum(CREDENTIAL_REVIEW_STATUSES),
  submittedAt: ZTimestamp,
  submittedBy: z.string().nullable().describe("The name of who submitted it (null: a deleted login)"),
  reviewedAt: ZTimestamp.nullable(),
  reviewedBy: z.string().nullable().describe("The name of who reviewed it"),
  reviewNote: z.string().nullable(),
  summary: z.string().describe('What it said, e.g. "Acme · policy P-1 · expires 2027-06-30"'),
});
export type TCredentialVersion = z.output<typeof ZCredentialVersion>;
const ZVersions = z.array(ZCredentialVersion).describe("The versions, newest first");
/** The pending version's own id and submission time, beside its values. */
const ZPendingOf = { versionId: ZId, submittedAt: ZTimestamp };

const ZAttached = z
  .object({ id: ZId, fileName: z.string(), contentType: z.string() })
  .nullable()
  .describe("The attached document (a PEVO document)");

const certificationValues = {
  state: z.enum(US_STATES),
  certificateNumber: z.string(),
  issuedOn: ZDay.nullable(),
  expiresOn: ZDay,
  document: ZAttached,
};
export const ZCertificationResponse = z.object({
  id: ZId,
  ...certificationValues,
  ...ZReview,
  pendingVersion: z
    .object({ ...ZPendingOf, ...certificationValues })
    .nullable()
    .describe("The PEVO's change waiting for review; the values above stay in force until it is approved"),
  versions: ZVersions,
});
export type TCertification = z.output<typeof ZCertificationResponse>;

const insuranceValues = {
  type: z.enum(INSURANCE_TYPES),
  carrier: z.string(),
  policyNumber: z.string(),
  coverageAmount: z.string().nullable().describe('Dollars with two decimals, e.g. "1000000.00"'),
  expiresOn: ZDay,
  document: ZAttached,
};
export const ZInsuranceResponse = z.object({
  id: ZId,
  ...insuranceValues,
  ...ZReview,
  pendingVersion: z
    .object({ ...ZPendingOf, ...insuranceValues })
    .nullable()
    .describe("The PEVO's change waiting for review; the values above stay in force until it is approved"),
  versions: ZVersions,
});
export type TInsurance = z.output<typeof ZInsuranceResponse>;

const vehicleValues = {
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  plate: z.string().nullable(),
  plateState: z.enum(US_STATES).nullable(),
  equipment: z.record(z.enum(EQUIPMENT_KEYS), z.object({ has: z.boolean(), detail: z.string().nullable() })),
};
export const ZVehicleResponse = z.object({
  id: ZId,
  ...vehicleValues,
  ...ZReview,
  pendingVersion: z
    .object({ ...ZPendingOf, ...vehicleValues })
    .nullable()
    .describe("The PEVO's change waiting for review; the values above stay in force until it is approved"),
  versions: ZVersions,
});
export type TVehicle = z.output<typeof ZVehicleResponse>;

/** Everything about one PEVO's credentials. */
export const ZCredentialsResponse = z.object({
  pevoId: ZId,
  licenseNumber: z.string().nullable(),
  licenceExpiresOn: ZDay.nullable().describe("The driver's licence expiry"),
  licenceReviewStatus: z
    .enum(CREDENTIAL_REVIEW_STATUSES)
    .describe("The office's review of the licence: the PEVO's own change waits for it"),
  licenceReviewNote: z.string().nullable().describe("The office's note (why it was rejected)"),
  certifications: z.array(ZCertificationResponse),
  insurance: z.array(ZInsuranceResponse),
  vehicle: ZVehicleResponse.nullable(),
  pendingReview: z.number().int().describe("How many credentials wait for the office's review"),
});
export type TCredentials = z.output<typeof ZCredentialsResponse>;

/** One expiring (or expired) credential, for the dashboard card and the PEVO list. */
export const ZExpiringCredential = z.object({
  pevoId: ZId,
  pevoName: z.string(),
  kind: z.enum(["licence", "certification", "insurance"]),
  /** "TX certification", "Auto liability insurance", "Driver's licence". */
  label: z.string(),
  expiresOn: ZDay,
  /** Days from today (company time zone) to the expiry: negative when expired. */
  daysLeft: z.number().int(),
});
export type TExpiringCredential = z.output<typeof ZExpiringCredential>;
export const ZExpiringCredentials = z.object({ items: z.array(ZExpiringCredential) });

/** A PEVO's change waiting for the office's review (the dashboard's "To review", the PEVO list's badge). */
export const ZCredentialToReview = z.object({
  versionId: ZId,
  pevoId: ZId,
  pevoName: z.string(),
  kind: z.enum(CREDENTIAL_KINDS),
  credentialId: ZId,
  /** "TX certification", "Auto liability insurance", "Vehicle and equipment". */
  label: z.string(),
  change: z
    .enum(["new", "update"])
    .describe("new: nothing approved yet; update: the approved one stays in force"),
  submittedAt: ZTimestamp,
});
export type TCredentialToReview = z.output<typeof ZCredentialToReview>;
export const ZCredentialsToReview = z.object({ items: z.array(ZCredentialToReview) });
