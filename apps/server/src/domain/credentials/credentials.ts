/**
 * PEVO credentials (DECISIONS 'Credentials'): state certifications, insurance policies and the escort vehicle
 * with its equipment checklist.
 *
 * Who writes: the office (any PEVO of the company; its writes are approved at once, and recorded as
 * approved versions) and the PEVO from the portal (their own only; each change is a version pending
 * until the office approves or rejects it with a note: review.ts). While a PEVO's change of an
 * approved credential waits, the row keeps the approved values in force (DECISIONS 'Credential
 * versions', versions.ts); a credential with nothing approved yet carries the submitted values, pending. A credential may point at one of the PEVO's own documents (domain/documents).
 * Every write also keeps the PEVO's expiry reminders (reminders.ts) in line, in its transaction.
 */
import {
  documents,
  type Executor,
  missingRow,
  pevoCertifications,
  pevoInsurance,
  pevos,
  pevoVehicles,
} from "@pevo/db";
import {
  type CredentialReviewStatus,
  certificationLabel,
  EQUIPMENT_ITEMS,
  fromCents,
  insuranceLabel,
  type TCertification,
  type TCertificationData,
  type TCredentials,
  type TInsurance,
  type TInsuranceData,
  type TVehicle,
  type TVehicleData,
  toCents,
} from "@pevo/shared";
import { asc, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { deliverAllNow } from "../../mail/mail-jobs";
import { recordActivity } from "../activity";
import { ensureCredentialDigest } from "./digest-schedule";
import { publishCredentialChange, queueSubmissionNotices } from "./office-notice";
import { cancelCredentialReminders, scheduleExpiryReminders } from "./reminders";
import { readVersions, recordApprovedVersion, submitPendingVersion, type VersionsOf } from "./versions";

export const PEVO_NOT_FOUND = "PEVO not found";
export const CREDENTIAL_NOT_FOUND = "Credential not found";
const DOCUMENT_NOT_USABLE = "Choose one of this PEVO's documents";

/**
 * Who writes: the office, or the PEVO (their own credentials; the change waits for review). `mail`:
 * what sends the office's notice right after the commit (without it the job runner sends it).
 */
export type CredentialActor =
  | { role: "admin" }
  | { role: "pevo"; pevoId: string; mail?: Pick<Deps, "mailer" | "config"> };

/** The kinds with several rows per PEVO. */
export type ListKind = "certifications" | "insurance";

/** The expiry reminders' name of a kind (reminders.ts). */
export const expiringKind = (kind: ListKind) => (kind === "certifications" ? "certification" : "insurance");

export type FoundPevo = { id: string; name: string };

/** The PEVO, when the actor may reach it; 404 otherwise (another company's, another PEVO's). */
export async function findPevo(scope: Scope, pevoId: string, actor: CredentialActor): Promise<FoundPevo> {
  if (actor.role === "pevo" && actor.pevoId !== pevoId) throw new NotFoundError(PEVO_NOT_FOUND);
  const [row] = await scope.db
    .select({ id: pevos.id, first: pevos.firstName, last: pevos.lastName })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!row) throw new NotFoundError(PEVO_NOT_FOUND);
  return { id: row.id, name: `${row.first} ${row.last}` };
}

/** A document id in the input must be one of this PEVO's own documents (400 otherwise). */
async function checkDocument(tx: Executor, scope: Scope, pevoId: string, documentId: string | null) {
  if (!documentId) return;
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(scoped(documents, scope, eq(documents.id, documentId), eq(documents.pevoId, pevoId)));
  if (!row) throw new InvalidInputError(DOCUMENT_NOT_USABLE, { documentId: DOCUMENT_NOT_USABLE });
}

/** The document of a version being approved, when it is still the PEVO's (deleted meanwhile: none). */
export async function documentStillThere(
  tx: Executor,
  scope: Scope,
  pevoId: string,
  documentId: string | null,
): Promise<string | null> {
  if (!documentId) return null;
  const [row] = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(scoped(documents, scope, eq(documents.id, documentId), eq(documents.pevoId, pevoId)));
  return row?.id ?? null;
}

/** The review columns of a write: the office's is approved, a PEVO's is pending. */
function reviewOf(scope: Scope, actor: CredentialActor) {
  const now = new Date();
  return actor.role === "admin"
    ? {
        reviewStatus: "approved" as const,
        reviewNote: null,
        reviewedAt: now,
        reviewedBy: scope.userId,
        updatedAt: now,
      }
    : {
        reviewStatus: "pending" as const,
        reviewNote: null,
        reviewedAt: null,
        reviewedBy: null,
        updatedAt: now,
      };
}

const reviewFields = (row: {
  reviewStatus: CredentialReviewStatus;
  reviewNote: string | null;
  reviewedAt: Date | null;
  updatedAt: Date;
}) => ({
  reviewStatus: row.reviewStatus,
  reviewNote: row.reviewNote,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

const attached = (doc: { id: string; fileName: string; contentType: string } | null) =>
  doc ? { id: doc.id, fileName: doc.fileName, contentType: doc.contentType } : null;

const docColumns = { id: documents.id, fileName: documents.fileName, contentType: documents.contentType };

/** The documents the pending versions point at (a version stores the document's id only). */
async function pendingDocuments(
  db: Executor,
  scope: { companyId: CompanyId },
  versions: Map<string, VersionsOf>,
) {
  const ids = [...versions.values()]
    .map((v) => (v.pending?.data as { documentId?: string | null } | undefined)?.documentId)
    .filter((id): id is string => Boolean(id));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select(docColumns)
          .from(documents)
          .where(scoped(documents, scope, inArray(documents.id, ids)));
  return (id: string | null | undefined) => attached(rows.find((d) => d.id === id) ?? null);
}

const NO_VERSIONS: VersionsOf = { pending: null, history: [] };

async function readCertifications(
  db: Executor,
  scope: { companyId: CompanyId },
  pevoId: string,
  id?: string,
) {
  const rows = await db
    .select({ c: pevoCertifications, doc: docColumns })
    .from(pevoCertifications)
    .leftJoin(documents, eq(documents.id, pevoCertifications.documentId))
    .where(
      scoped(
        pevoCertifications,
        scope,
        eq(pevoCertifications.pevoId, pevoId),
        id ? eq(pevoCertifications.id, id) : undefined,
      ),
    )
    .orderBy(asc(pevoCertifications.state), asc(pevoCertifications.expiresOn), asc(pevoCertifications.id));
  const versions = await readVersions(db, scope, pevoId);
  const documentOf = await pendingDocuments(db, scope, versions);
  return rows.map(({ c, doc }): TCertification => {
    const { pending, history } = versions.get(c.id) ?? NO_VERSIONS;
    const p = pending?.data as TCertificationData | undefined;
    return {
      id: c.id,
      state: c.state,
      certificateNumber: c.certificateNumber,
      issuedOn: c.issuedOn,
      expiresOn: c.expiresOn,
      document: attached(doc),
      ...reviewFields(c),
      pendingVersion:
        pending && p
          ? {
              versionId: pending.id,
              submittedAt: pending.submittedAt.toISOString(),
              state: p.state,
              certificateNumber: p.certificateNumber,
              issuedOn: p.issuedOn,
              expiresOn: p.expiresOn,
              document: documentOf(p.documentId),
            }
          : null,
      versions: history,
    };
  });
}

async function readInsurance(db: Executor, scope: { companyId: CompanyId }, pevoId: string, id?: string) {
  const rows = await db
    .select({ i: pevoInsurance, doc: docColumns })
    .from(pevoInsurance)
    .leftJoin(documents, eq(documents.id, pevoInsurance.documentId))
    .where(
      scoped(
        pevoInsurance,
        scope,
        eq(pevoInsurance.pevoId, pevoId),
        id ? eq(pevoInsurance.id, id) : undefined,
      ),
    )
    .orderBy(asc(pevoInsurance.type), asc(pevoInsurance.expiresOn), asc(pevoInsurance.id));
  const versions = await readVersions(db, scope, pevoId);
  const documentOf = await pendingDocuments(db, scope, versions);
  return rows.map(({ i, doc }): TInsurance => {
    const { pending, history } = versions.get(i.id) ?? NO_VERSIONS;
    const p = pending?.data as TInsuranceData | undefined;
    return {
      id: i.id,
      type: i.type,
      carrier: i.carrier,
      policyNumber: i.policyNumber,
      coverageAmount: i.coverageCents === null ? null : fromCents(i.coverageCents),
      expiresOn: i.expiresOn,
      document: attached(doc),
      ...reviewFields(i),
      pendingVersion:
        pending && p
          ? {
              versionId: pending.id,
              submittedAt: pending.submittedAt.toISOString(),
              type: p.type,
              carrier: p.carrier,
              policyNumber: p.policyNumber,
              coverageAmount: p.coverageAmount,
              expiresOn: p.expiresOn,
              document: documentOf(p.documentId),
            }
          : null,
      versions: history,
    };
  });
}

async function readVehicle(
  db: Executor,
  scope: { companyId: CompanyId },
  pevoId: string,
): Promise<TVehicle | null> {
  const [v] = await db
    .select()
    .from(pevoVehicles)
    .where(scoped(pevoVehicles, scope, eq(pevoVehicles.pevoId, pevoId)));
  if (!v) return null;
  // The maintained list decides what is shown: an item added later reads "no" until recorded.
  const checklist = (stored: Partial<TVehicle["equipment"]>) =>
    Object.fromEntries(
      EQUIPMENT_ITEMS.map(({ key }) => [key, stored[key] ?? { has: false, detail: null }]),
    ) as TVehicle["equipment"];
  const { pending, history } = (await readVersions(db, scope, pevoId)).get(v.id) ?? NO_VERSIONS;
  const p = pending?.data as TVehicleData | undefined;
  return {
    id: v.id,
    year: v.year,
    make: v.make,
    model: v.model,
    plate: v.plate,
    plateState: v.plateState,
    equipment: checklist(v.equipment),
    ...reviewFields(v),
    pendingVersion:
      pending && p
        ? {
            versionId: pending.id,
            submittedAt: pending.submittedAt.toISOString(),
            year: p.year,
            make: p.make,
            model: p.model,
            plate: p.plate,
            plateState: p.plateState,
            equipment: checklist(p.equipment),
          }
        : null,
    versions: history,
  };
}

/** Every credential of a PEVO. */
export async function getCredentials(
  scope: Scope,
  pevoId: string,
  actor: CredentialActor,
): Promise<TCredentials> {
  await findPevo(scope, pevoId, actor);
  const [[pevo = missingRow("pevos")], certifications, insurance, vehicle] = await Promise.all([
    scope.db
      .select({
        licenseNumber: pevos.licenseNumber,
        licence: pevos.certificationExpiry,
        licenceReviewStatus: pevos.licenceReviewStatus,
        licenceReviewNote: pevos.licenceReviewNote,
      })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, pevoId))),
    readCertifications(scope.db, scope, pevoId),
    readInsurance(scope.db, scope, pevoId),
    readVehicle(scope.db, scope, pevoId),
  ]);
  const all = [...certifications, ...insurance, ...(vehicle ? [vehicle] : [])];
  return {
    pevoId,
    licenseNumber: pevo.licenseNumber,
    licenceExpiresOn: pevo.licence,
    licenceReviewStatus: pevo.licenceReviewStatus,
    licenceReviewNote: pevo.licenceReviewNote,
    certifications,
    insurance,
    vehicle,
    pendingReview:
      all.filter((c) => c.reviewStatus === "pending" || c.pendingVersion).length +
      (pevo.licenceReviewStatus === "pending" ? 1 : 0),
  };
}

/**
 * The change's activity event and live event; a PEVO's submission also mails the office (answers
 * the mail jobs to send after the commit).
 */
async function recordChange(
  tx: Executor,
  scope: Scope,
  actor: CredentialActor,
  pevo: FoundPevo,
  what: string,
  verb: "added" | "updated" | "deleted",
  submitted?: { credentialId: string; change: "new" | "update" },
): Promise<string[]> {
  const pending = actor.role === "pevo" && verb !== "deleted";
  const message =
    actor.role === "pevo"
      ? `${pevo.name} ${verb} their ${what}${pending ? " (pending review)" : ""}`
      : `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${pevo.name} ${verb}`;
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: pending ? "credential_submitted" : "credential_changed",
    status: verb === "deleted" ? "error" : pending ? "pending" : "success",
    message,
    pevo: pevo.name,
    pevoId: pevo.id,
  });
  await publishCredentialChange(tx, scope, pevo.id, message);
  if (actor.role !== "pevo" || !pending || !submitted) return [];
  const appUrl = actor.mail?.config.appUrl ?? "";
  return queueSubmissionNotices(tx, scope, appUrl, { pevo, what, ...submitted });
}

/** Sends the office's notice right after the commit when the route gave the mailer. */
async function sendNow(scope: Scope, actor: CredentialActor, jobIds: string[]) {
  if (actor.role === "pevo" && actor.mail && jobIds.length > 0)
    await deliverAllNow({ ...actor.mail, db: scope.db }, jobIds);
}

/** Adds a certification or an insurance policy. */
async function addCredential(
  scope: Scope,
  pevoId: string,
  actor: CredentialActor,
  input: { kind: "certifications"; data: TCertificationData } | { kind: "insurance"; data: TInsuranceData },
) {
  const pevo = await findPevo(scope, pevoId, actor);
  let mailJobs: string[] = [];
  const id = await scope.db.transaction(async (tx) => {
    await checkDocument(tx, scope, pevoId, input.data.documentId);
    const base = { companyId: scope.companyId, pevoId, ...reviewOf(scope, actor) };
    let row: { id: string; expiresOn: string };
    let what: string;
    if (input.kind === "certifications") {
      [row = missingRow("pevoCertifications")] = await tx
        .insert(pevoCertifications)
        .values({ ...base, ...input.data })
        .returning({ id: pevoCertifications.id, expiresOn: pevoCertifications.expiresOn });
      what = certificationLabel(input.data);
    } else {
      const { coverageAmount, ...data } = input.data;
      [row = missingRow("pevoInsurance")] = await tx
        .insert(pevoInsurance)
        .values({ ...base, ...data, coverageCents: coverageAmount === null ? null : toCents(coverageAmount) })
        .returning({ id: pevoInsurance.id, expiresOn: pevoInsurance.expiresOn });
      what = insuranceLabel(input.data);
    }
    const version = { kind: input.kind, credentialId: row.id, pevoId, data: input.data };
    if (actor.role === "pevo") await submitPendingVersion(tx, scope, version);
    else await recordApprovedVersion(tx, scope, version);
    mailJobs = await recordChange(tx, scope, actor, pevo, what, "added", {
      credentialId: row.id,
      change: "new",
    });
    await scheduleExpiryReminders(tx, scope, { only: { kind: expiringKind(input.kind), id: row.id } });
    await ensureCredentialDigest(tx, scope);
    return row.id;
  });
  await sendNow(scope, actor, mailJobs);
  return readOne(scope, pevoId, input.kind, id);
}

async function readOne(scope: Scope, pevoId: string, kind: ListKind, id: string) {
  const [row] =
    kind === "certifications"
      ? await readCertifications(scope.db, scope, pevoId, id)
      : await readInsurance(scope.db, scope, pevoId, id);
  if (!row) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
  return row;
}

export const tableOf = (kind: ListKind) => (kind === "certifications" ? pevoCertifications : pevoInsurance);

/**
 * Updates a certification or an insurance policy of the PEVO. The office's edit is in force at once.
 * The PEVO's is a version pending review: of an approved credential it leaves the row (the approved
 * values stay in force, DECISIONS 'Credential versions'); of one with nothing approved yet (pending,
 * rejected) it is written to the row too, pending.
 */
async function updateCredential(
  scope: Scope,
  pevoId: string,
  id: string,
  actor: CredentialActor,
  input: { kind: "certifications"; data: TCertificationData } | { kind: "insurance"; data: TInsuranceData },
) {
  const pevo = await findPevo(scope, pevoId, actor);
  const table = tableOf(input.kind);
  let mailJobs: string[] = [];
  await scope.db.transaction(async (tx) => {
    await checkDocument(tx, scope, pevoId, input.data.documentId);
    const [current] = await tx
      .select({ reviewStatus: table.reviewStatus })
      .from(table)
      .where(scoped(table, scope, eq(table.id, id), eq(table.pevoId, pevoId)))
      .for("update");
    if (!current) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
    const renewal = actor.role === "pevo" && current.reviewStatus === "approved";
    const version = { kind: input.kind, credentialId: id, pevoId, data: input.data };
    const what =
      input.kind === "certifications" ? certificationLabel(input.data) : insuranceLabel(input.data);
    if (!renewal) {
      await writeListRow(tx, scope, pevoId, id, actor, input);
      await scheduleExpiryReminders(tx, scope, { only: { kind: expiringKind(input.kind), id } });
    }
    if (actor.role === "pevo") await submitPendingVersion(tx, scope, version);
    else await recordApprovedVersion(tx, scope, version);
    mailJobs = await recordChange(tx, scope, actor, pevo, what, "updated", {
      credentialId: id,
      change: renewal ? "update" : "new",
    });
  });
  await sendNow(scope, actor, mailJobs);
  return readOne(scope, pevoId, input.kind, id);
}

/**
 * Writes the values to a certification's or a policy's row: the office's (approved), the PEVO's
 * (pending), or the approved version of the office's review (review.ts passes the office as actor).
 */
export async function writeListRow(
  tx: Executor,
  scope: Scope,
  pevoId: string,
  id: string,
  actor: CredentialActor,
  input: { kind: "certifications"; data: TCertificationData } | { kind: "insurance"; data: TInsuranceData },
) {
  let updated: { id: string; expiresOn: string }[];
  if (input.kind === "certifications") {
    updated = await tx
      .update(pevoCertifications)
      .set({ ...input.data, ...reviewOf(scope, actor) })
      .where(
        scoped(
          pevoCertifications,
          scope,
          eq(pevoCertifications.id, id),
          eq(pevoCertifications.pevoId, pevoId),
        ),
      )
      .returning({ id: pevoCertifications.id, expiresOn: pevoCertifications.expiresOn });
  } else {
    const { coverageAmount, ...data } = input.data;
    updated = await tx
      .update(pevoInsurance)
      .set({
        ...data,
        coverageCents: coverageAmount === null ? null : toCents(coverageAmount),
        ...reviewOf(scope, actor),
      })
      .where(scoped(pevoInsurance, scope, eq(pevoInsurance.id, id), eq(pevoInsurance.pevoId, pevoId)))
      .returning({ id: pevoInsurance.id, expiresOn: pevoInsurance.expiresOn });
  }
  const [changed] = updated;
  if (!changed) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
  return changed;
}

/** Deletes a certification or an insurance policy (its document stays with the PEVO). */
export async function deleteCredential(
  scope: Scope,
  { pevoId, kind, id, actor }: { pevoId: string; kind: ListKind; id: string; actor: CredentialActor },
) {
  const pevo = await findPevo(scope, pevoId, actor);
  const existing = await readOne(scope, pevoId, kind, id);
  const table = tableOf(kind);
  await scope.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(scoped(table, scope, eq(table.id, id), eq(table.pevoId, pevoId)))
      .returning({ id: table.id });
    if (deleted.length === 0) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
    const what = "state" in existing ? certificationLabel(existing) : insuranceLabel(existing as TInsurance);
    await recordChange(tx, scope, actor, pevo, what, "deleted");
    await cancelCredentialReminders(tx, scope, expiringKind(kind), id);
  });
}

/** Saves the PEVO's vehicle and equipment checklist (one per PEVO: created on the first save). */
export async function saveVehicle(
  scope: Scope,
  { pevoId, actor, data }: { pevoId: string; actor: CredentialActor; data: TVehicleData },
) {
  const pevo = await findPevo(scope, pevoId, actor);
  let mailJobs: string[] = [];
  await scope.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: pevoVehicles.id, reviewStatus: pevoVehicles.reviewStatus })
      .from(pevoVehicles)
      .where(scoped(pevoVehicles, scope, eq(pevoVehicles.pevoId, pevoId)))
      .for("update");
    // The PEVO's change of an approved vehicle waits as a version; the approved one stays.
    const renewal = actor.role === "pevo" && existing?.reviewStatus === "approved";
    const credentialId =
      renewal && existing ? existing.id : await writeVehicleRow(tx, scope, pevoId, actor, data);
    const version = { kind: "vehicle" as const, credentialId, pevoId, data };
    if (actor.role === "pevo") await submitPendingVersion(tx, scope, version);
    else await recordApprovedVersion(tx, scope, version);
    mailJobs = await recordChange(
      tx,
      scope,
      actor,
      pevo,
      "vehicle and equipment",
      existing ? "updated" : "added",
      { credentialId, change: renewal ? "update" : "new" },
    );
  });
  await sendNow(scope, actor, mailJobs);
  const vehicle = await readVehicle(scope.db, scope, pevoId);
  if (!vehicle) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
  return vehicle;
}

/** Writes the vehicle's row (created on the first save); answers its id. */
export async function writeVehicleRow(
  tx: Executor,
  scope: Scope,
  pevoId: string,
  actor: CredentialActor,
  data: TVehicleData,
) {
  const values = { ...data, ...reviewOf(scope, actor) };
  const [row = missingRow("pevoVehicles")] = await tx
    .insert(pevoVehicles)
    .values({ companyId: scope.companyId, pevoId, ...values })
    .onConflictDoUpdate({ target: pevoVehicles.pevoId, set: values })
    .returning({ id: pevoVehicles.id });
  return row.id;
}

/** The typed faces of add / update per kind (the routes answer one schema each). */
export const addCertification = (
  scope: Scope,
  input: { pevoId: string; actor: CredentialActor; data: TCertificationData },
) =>
  addCredential(scope, input.pevoId, input.actor, {
    kind: "certifications",
    data: input.data,
  }) as Promise<TCertification>;
export const addInsurance = (
  scope: Scope,
  input: { pevoId: string; actor: CredentialActor; data: TInsuranceData },
) =>
  addCredential(scope, input.pevoId, input.actor, {
    kind: "insurance",
    data: input.data,
  }) as Promise<TInsurance>;
export const updateCertification = (
  scope: Scope,
  input: { pevoId: string; id: string; actor: CredentialActor; data: TCertificationData },
) =>
  updateCredential(scope, input.pevoId, input.id, input.actor, {
    kind: "certifications",
    data: input.data,
  }) as Promise<TCertification>;
export const updateInsurance = (
  scope: Scope,
  input: { pevoId: string; id: string; actor: CredentialActor; data: TInsuranceData },
) =>
  updateCredential(scope, input.pevoId, input.id, input.actor, {
    kind: "insurance",
    data: input.data,
  }) as Promise<TInsurance>;
