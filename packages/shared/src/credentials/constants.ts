/**
 * PEVO credentials (DECISIONS 'Credentials'): state certifications, insurance, the escort vehicle and the
 * equipment it carries. The equipment checklist is a maintained list: add an item here and the
 * forms, the API and the stored checklist follow (an item missing from a stored checklist reads "no").
 */

/** Where a credential stands with the office: a PEVO's change waits for review. */
export const CREDENTIAL_REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type CredentialReviewStatus = (typeof CREDENTIAL_REVIEW_STATUSES)[number];
export const CREDENTIAL_REVIEW_LABELS: Record<CredentialReviewStatus, string> = {
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
};

export const INSURANCE_TYPES = ["auto_liability", "general_liability", "other"] as const;
export type InsuranceType = (typeof INSURANCE_TYPES)[number];
export const INSURANCE_TYPE_LABELS: Record<InsuranceType, string> = {
  auto_liability: "Auto liability",
  general_liability: "General liability",
  other: "Other",
};

/** How a message names a credential: "TX certification C-123", "auto liability insurance P-9". */
export const certificationLabel = (c: { state: string; certificateNumber: string }) =>
  `${c.state} certification ${c.certificateNumber}`;
export const insuranceLabel = (i: { type: InsuranceType; policyNumber: string }) =>
  `${INSURANCE_TYPE_LABELS[i.type].toLowerCase()} insurance ${i.policyNumber}`;

/** The kinds of credential a route names (`/credentials/{kind}/{id}`). */
export const CREDENTIAL_KINDS = ["certifications", "insurance", "vehicle"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/**
 * What escort vehicles must carry (the common core of the states' P/EVO equipment rules). `detail`
 * names what is worth recording besides yes / no (e.g. the height pole's height).
 */
export const EQUIPMENT_ITEMS = [
  { key: "oversize_sign", label: "'OVERSIZE LOAD' sign" },
  { key: "amber_lights", label: "Amber warning lights" },
  { key: "flags", label: "Flags" },
  { key: "height_pole", label: "Height pole", detail: "Height (e.g. 16 ft 6 in)" },
  { key: "radio", label: "Two-way radio / CB", detail: "Model or channel" },
  { key: "stop_slow_paddle", label: "STOP/SLOW paddle" },
  { key: "fire_extinguisher", label: "Fire extinguisher", detail: "Rating (e.g. 5 lb ABC)" },
  { key: "first_aid_kit", label: "First-aid kit" },
  { key: "reflective_vest", label: "Reflective vest", detail: "Class (e.g. ANSI Class 2)" },
  { key: "triangles", label: "Triangles", detail: "How many" },
] as const satisfies readonly { key: string; label: string; detail?: string }[];
export type EquipmentKey = (typeof EQUIPMENT_ITEMS)[number]["key"];
export const EQUIPMENT_KEYS = EQUIPMENT_ITEMS.map((i) => i.key) as [EquipmentKey, ...EquipmentKey[]];

/** Days before an expiry when a credential is flagged (dashboard card, PEVO list, digest). */
export const CREDENTIAL_WARNING_DAYS = 30;
/**
 * Days before an expiry when the PEVO and the office each get a reminder mail (0: on the expiry day),
 * largest first (DECISIONS 'Credential expiry emails').
 */
export const CREDENTIAL_REMINDER_DAYS = [30, 7, 0] as const;

/**
 * What the qualification check (packages/shared/src/compliance) needs to know about a PEVO, loaded
 * by the server for a PEVO id (apps/server/src/domain/credentials/credentials-for-check.ts). Dates are
 * calendar dates, YYYY-MM-DD; `approved` is false while the office has not approved the change.
 */
export type PevoCredentialsForCheck = {
  certifications: { state: string; issuedOn: string | null; expiresOn: string; approved: boolean }[];
  insurance: { type: InsuranceType; expiresOn: string; approved: boolean }[];
  /** The driver's licence expiry (the PEVO's `certificationExpiry` column), null when not recorded. */
  licenceExpiresOn: string | null;
  /** The office's review of the licence: a PEVO's own change counts once approved. */
  licenceStatus: CredentialReviewStatus;
};
