import { TEXT_LIMITS as L, TAX_CLASSIFICATIONS, TIN_TYPES } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, pevos, ref, tenantKeys } from "./business";
import { maxLength } from "./constraints";

export const taxClassification = pgEnum("tax_classification", TAX_CLASSIFICATIONS);
export const tinType = pgEnum("tin_type", TIN_TYPES);

/**
 * A PEVO's W-9 (DECISIONS 'Year end: W-9 and 1099-NEC'): one row per PEVO. The TIN is never stored in
 * clear: AES-256-GCM ciphertext, its 12-byte IV and 16-byte tag (base64), with the last 4 digits for
 * the masked display. The signed W-9 itself is a document of category `w9` on the PEVO.
 */
export const pevoTaxProfiles = pgTable(
  "pevo_tax_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id").notNull(),
    legalName: text("legal_name").notNull(),
    businessName: text("business_name"),
    classification: taxClassification("classification").notNull(),
    classificationOther: text("classification_other"),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    tinType: tinType("tin_type").notNull(),
    tinCiphertext: text("tin_ciphertext").notNull(),
    tinIv: text("tin_iv").notNull(),
    tinTag: text("tin_tag").notNull(),
    tinLast4: text("tin_last4").notNull(),
    updatedBy: text("updated_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeys("pevo_tax_profiles", t),
    unique("pevo_tax_profiles_pevo_key").on(t.companyId, t.pevoId),
    ref("pevo_tax_profiles_pevo_fk", t, t.pevoId, pevos, "cascade"),
    ref("pevo_tax_profiles_updated_by_fk", t, t.updatedBy, user, "set null"),
    maxLength("pevo_tax_profiles", t.legalName, L.name),
    maxLength("pevo_tax_profiles", t.businessName, L.name),
    maxLength("pevo_tax_profiles", t.classificationOther, L.label),
    maxLength("pevo_tax_profiles", t.address, L.address),
    maxLength("pevo_tax_profiles", t.city, L.name),
    maxLength("pevo_tax_profiles", t.state, 2),
    maxLength("pevo_tax_profiles", t.zip, 10),
    maxLength("pevo_tax_profiles", t.tinCiphertext, 64),
    maxLength("pevo_tax_profiles", t.tinIv, 32),
    maxLength("pevo_tax_profiles", t.tinTag, 32),
    check("pevo_tax_profiles_tin_last4_digits", sql`${t.tinLast4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * A tax year's 1099-NEC settings; a year without a row uses the defaults (the threshold of the law in
 * force, reimbursed expenses not counted, no payer TIN). Per year, so that changing a choice never
 * rewrites a year already filed.
 */
export const taxYearSettings = pgTable(
  "tax_year_settings",
  {
    companyId: companyId(),
    taxYear: integer("tax_year").notNull(),
    thresholdCents: bigint("threshold_cents", { mode: "number" }).notNull(),
    includeReimbursedExpenses: boolean("include_reimbursed_expenses").notNull().default(false),
    payerTin: text("payer_tin"),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "tax_year_settings_pkey", columns: [t.companyId, t.taxYear] }),
    ref("tax_year_settings_updated_by_fk", t, t.updatedBy, user, "set null"),
    check("tax_year_settings_year_range", sql`${t.taxYear} between 2020 and 2100`),
    check("tax_year_settings_threshold_range", sql`${t.thresholdCents} between 0 and 10000000`),
    check("tax_year_settings_payer_tin_digits", sql`${t.payerTin} ~ '^[0-9]{9}$'`),
  ],
);
