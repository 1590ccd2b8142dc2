import { FILE_LIMITS, TEXT_LIMITS } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, dispatches, pevos, rateConfirmations, ref, tenantKeys } from "./business";
import { maxLength } from "./constraints";
import { documentCategory, documentOwnerKind } from "./enums";

/**
 * Files attached to a PEVO (certificates, insurance, licence), a rate confirmation (permits, route
 * surveys) or a dispatch (photos, proof of delivery, signed forms). The bytes live in the file
 * storage (apps/server/src/lib/storage.ts) under `storage_key`, a random id under the company's
 * prefix; this row is the metadata.
 *
 * Exactly one owner column is set, the one `owner_kind` names. Deleting the owner deletes its
 * documents (ON DELETE CASCADE); every deleted row, however it went (a DELETE, a cascade), queues
 * its stored object in `document_file_deletions` by the trigger `documents_queue_file_deletion`
 * (written by hand in the migration: Drizzle does not declare triggers), in the same transaction:
 * the server removes the queued objects after the commit, and retries the ones that failed.
 */
export const documents = pgTable(
  "documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    ownerKind: documentOwnerKind("owner_kind").notNull(),
    pevoId: uuid("pevo_id"),
    rateConfirmationId: uuid("rate_confirmation_id"),
    dispatchId: uuid("dispatch_id"),
    category: documentCategory("category").notNull().default("other"),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    uploadedBy: text("uploaded_by"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The id the phone made for a photo queued offline (ADR 0014): a replayed upload finds this row. */
    clientId: uuid("client_id"),
  },
  (t) => [
    ...tenantKeys("documents", t),
    unique("documents_company_client_id_key").on(t.companyId, t.clientId),
    ref("documents_pevo_fk", t, t.pevoId, pevos, "cascade"),
    ref("documents_rc_fk", t, t.rateConfirmationId, rateConfirmations, "cascade"),
    ref("documents_dispatch_fk", t, t.dispatchId, dispatches, "cascade"),
    ref("documents_uploaded_by_fk", t, t.uploadedBy, user, "set null"),
    index("documents_pevo_idx").on(t.pevoId, t.uploadedAt),
    index("documents_rc_idx").on(t.rateConfirmationId, t.uploadedAt),
    index("documents_dispatch_idx").on(t.dispatchId, t.uploadedAt),
    check(
      "documents_one_owner",
      sql`(${t.ownerKind} = 'pevo' and ${t.pevoId} is not null and ${t.rateConfirmationId} is null and ${t.dispatchId} is null)
        or (${t.ownerKind} = 'rate_confirmation' and ${t.rateConfirmationId} is not null and ${t.pevoId} is null and ${t.dispatchId} is null)
        or (${t.ownerKind} = 'dispatch' and ${t.dispatchId} is not null and ${t.pevoId} is null and ${t.rateConfirmationId} is null)`,
    ),
    check("documents_size_range", sql`${t.size} between 1 and ${sql.raw(String(FILE_LIMITS.maxBytes))}`),
    maxLength("documents", t.fileName, FILE_LIMITS.fileName),
    maxLength("documents", t.contentType, TEXT_LIMITS.code),
    maxLength("documents", t.storageKey, TEXT_LIMITS.label),
  ],
);

/**
 * Stored objects to remove, each not before `not_before`; a row stays until its object is gone.
 * - A deleted document row's object (queued by the trigger on `documents`, due at once): removed
 *   after the deleting transaction committed.
 * - A new upload's object, queued before it is stored with a later `not_before`; the transaction
 *   that writes its document row takes it off the queue. An upload cut off in between (a crash)
 *   leaves its object queued, and the purge removes it once `not_before` passed.
 */
export const documentFileDeletions = pgTable(
  "document_file_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("document_file_deletions_company_idx").on(t.companyId, t.notBefore),
    index("document_file_deletions_key_idx").on(t.storageKey),
  ],
);
