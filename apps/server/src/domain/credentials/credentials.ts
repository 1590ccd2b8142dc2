/**
 * PEVO credentials (DECISIONS 'Credentials'): state certifications, insurance policies and the escort vehicle
 * with its equipment checklist.
 *
 * Who writes: the office (any PEVO of the company; its writes are approved at once) and the PEVO
 * from the portal (their own only; each change is pending until the office approves or rejects it
 * with a note: review.ts). A credential may point at one of the PEVO's own documents (domain/documents).
 * Every write also schedules the credential's expiry reminders (reminders.ts), in its transaction.
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
import { asc, eq } from "drizzle-orm";
import { InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { ensureCredentialDigest } from "./digest-schedule";
import { cancelCredentialReminders, scheduleExpiryReminders } from "./reminders";

export const PEVO_NOT_FOUND = "PEVO not found";
export const CREDENTIAL_NOT_FOUND = "Credential not found";
const DOCUMENT_NOT_USABLE = "Choose one of this PEVO's documents";

/** Who writes: the office, or the PEVO (their own credentials; the change waits for review). */
export type CredentialActor = { role: "admin" } | { role: "pevo"; pevoId: string };

/** The kinds with several rows per PEVO. */
export type ListKind = "certifications" | "insurance";

/** The expiry reminders' name of a kind (reminders.ts). */
const expiringKind = (kind: ListKind) => (kind === "certifications" ? "certification" : "insurance");

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
  return rows.map(
    ({ c, doc }): TCertification => ({
      id: c.id,
      state: c.state,
      certificateNumber: c.certificateNumber,
      issuedOn: c.issuedOn,
      expiresOn: c.expiresOn,
      document: attached(doc),
      ...reviewFields(c),
    }),
  );
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
  return rows.map(
    ({ i, doc }): TInsurance => ({
      id: i.id,
      type: i.type,
      carrier: i.carrier,
      policyNumber: i.policyNumber,
      coverageAmount: i.coverageCents === null ? null : fromCents(i.coverageCents),
      expiresOn: i.expiresOn,
      document: attached(doc),
      ...reviewFields(i),
    }),
  );
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
  const equipment = Object.fromEntries(
    EQUIPMENT_ITEMS.map(({ key }) => [key, v.equipment[key] ?? { has: false, detail: null }]),
  ) as TVehicle["equipment"];
  return {
    id: v.id,
    year: v.year,
    make: v.make,
    model: v.model,
    plate: v.plate,
    plateState: v.plateState,
    equipment,
    ...reviewFields(v),
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
      all.filter((c) => c.reviewStatus === "pending").length +
      (pevo.licenceReviewStatus === "pending" ? 1 : 0),
  };
}

async function recordChange(
  tx: Executor,
  scope: Scope,
  actor: CredentialActor,
  pevo: FoundPevo,
  what: string,
  verb: "added" | "updated" | "deleted",
) {
  const pending = actor.role === "pevo" && verb !== "deleted";
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: pending ? "credential_submitted" : "credential_changed",
    status: verb === "deleted" ? "error" : pending ? "pending" : "success",
    message:
      actor.role === "pevo"
        ? `${pevo.name} ${verb} their ${what}${pending ? " (pending review)" : ""}`
        : `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${pevo.name} ${verb}`,
    pevo: pevo.name,
    pevoId: pevo.id,
  });
}

/** Adds a certification or an insurance policy. */
async function addCredential(
  scope: Scope,
  pevoId: string,
  actor: CredentialActor,
  input: { kind: "certifications"; data: TCertificationData } | { kind: "insurance"; data: TInsuranceData },
) {
  const pevo = await findPevo(scope, pevoId, actor);
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
    await recordChange(tx, scope, actor, pevo, what, "added");
    await scheduleExpiryReminders(tx, scope, { only: { kind: expiringKind(input.kind), id: row.id } });
    await ensureCredentialDigest(tx, scope);
    return row.id;
  });
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

/** Updates a certification or an insurance policy of the PEVO. */
async function updateCredential(
  scope: Scope,
  pevoId: string,
  id: string,
  actor: CredentialActor,
  input: { kind: "certifications"; data: TCertificationData } | { kind: "insurance"; data: TInsuranceData },
) {
  const pevo = await findPevo(scope, pevoId, actor);
  await scope.db.transaction(async (tx) => {
    await checkDocument(tx, scope, pevoId, input.data.documentId);
    let updated: { id: string; expiresOn: string }[];
    let what: string;
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
      what = certificationLabel(input.data);
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
      what = insuranceLabel(input.data);
    }
    const [changed] = updated;
    if (!changed) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
    await recordChange(tx, scope, actor, pevo, what, "updated");
    await scheduleExpiryReminders(tx, scope, { only: { kind: expiringKind(input.kind), id } });
  });
  return readOne(scope, pevoId, input.kind, id);
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
  await scope.db.transaction(async (tx) => {
    const values = { ...data, ...reviewOf(scope, actor) };
    const [existing] = await tx
      .select({ id: pevoVehicles.id })
      .from(pevoVehicles)
      .where(scoped(pevoVehicles, scope, eq(pevoVehicles.pevoId, pevoId)));
    await tx
      .insert(pevoVehicles)
      .values({ companyId: scope.companyId, pevoId, ...values })
      .onConflictDoUpdate({ target: pevoVehicles.pevoId, set: values });
    await recordChange(tx, scope, actor, pevo, "vehicle and equipment", existing ? "updated" : "added");
  });
  const vehicle = await readVehicle(scope.db, scope, pevoId);
  if (!vehicle) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
  return vehicle;
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
