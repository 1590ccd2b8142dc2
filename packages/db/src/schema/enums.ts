import {
  ACTIVITY_STATUSES,
  CREDENTIAL_REVIEW_STATUSES,
  DISPATCH_STATUSES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_OWNER_KINDS,
  EXPENSE_TYPES,
  INSURANCE_TYPES,
  INVOICE_STATUSES,
  JOB_STATUSES,
  LINE_KINDS,
  PAYMENT_METHODS,
  PEVO_STATUSES,
  POSITION_TYPES,
  type PositionType,
  PUBLIC_LINK_PURPOSES,
  RATE_UNITS,
  type RateUnit,
  SIGNATURE_REQUEST_STATUSES,
  SIGNATURE_STATUSES,
} from "@pevo/shared";
import { pgEnum } from "drizzle-orm/pg-core";

/** The shared constants as PostgreSQL enums: one list, and typed columns (no casts in the services). */
const keys = <K extends string>(record: Record<K, string>) => Object.keys(record) as [K, ...K[]];

export const pevoStatus = pgEnum("pevo_status", PEVO_STATUSES);
export const dispatchStatus = pgEnum("dispatch_status", DISPATCH_STATUSES);
export const invoiceStatus = pgEnum("invoice_status", INVOICE_STATUSES);
export const paymentMethod = pgEnum("payment_method", PAYMENT_METHODS);
export const signatureStatus = pgEnum("signature_status", SIGNATURE_STATUSES);
export const positionType = pgEnum("position_type", keys<PositionType>(POSITION_TYPES));
export const rateUnit = pgEnum("rate_unit", keys<RateUnit>(RATE_UNITS));
export const expenseType = pgEnum("expense_type", EXPENSE_TYPES);
export const lineKind = pgEnum("line_kind", LINE_KINDS);
export const activityStatus = pgEnum("activity_status", ACTIVITY_STATUSES);
export const signatureRequestStatus = pgEnum("signature_request_status", SIGNATURE_REQUEST_STATUSES);
export const publicLinkPurpose = pgEnum("public_link_purpose", PUBLIC_LINK_PURPOSES);
export const jobStatus = pgEnum("job_status", JOB_STATUSES);
export const documentOwnerKind = pgEnum("document_owner_kind", DOCUMENT_OWNER_KINDS);
export const documentCategory = pgEnum("document_category", DOCUMENT_CATEGORIES);
export const credentialReviewStatus = pgEnum("credential_review_status", CREDENTIAL_REVIEW_STATUSES);
export const insuranceType = pgEnum("insurance_type", INSURANCE_TYPES);
