/**
 * The office saves a rate confirmation (create, update, duplicate): the confirmation with its
 * standard rates, custom rates, positions and permits, each save one transaction with its
 * qualification overrides, its signature voiding (an edit of the document) and its live event.
 */
import {
  clients,
  customRates,
  type Executor,
  missingRow,
  permits,
  pevos,
  positions,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import type { TRateConfirmation, TRateConfirmationData } from "@pevo/shared";
import { eq, inArray } from "drizzle-orm";
import { todayIso } from "../../lib/dates";
import { ConflictError, InvalidInputError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { publishEvent, rateConfirmationEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { recordOverrides } from "../credentials";
import { getRateConfirmation, RC_NOT_FOUND } from "./get-rate-confirmation";
import { pevosOfJob } from "./job-pevos";
import { nextJobNumber } from "./list-rate-confirmations";
import { checkPositionBookings, checkPositionQualifications } from "./position-conflicts";
import { currentDocumentHash, voidSignatureOnChange } from "./signature-requests";

const JOB_NUMBER_TAKEN = "This job number is already used by another rate confirmation";
const RC_CANCELED = "This rate confirmation is canceled: restore it before editing it";

/** The client and every assigned PEVO must be the company's own: a foreign id is a field error. */
async function checkReferences(scope: Scope, input: TRateConfirmationData) {
  const { db } = scope;
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(scoped(clients, scope, eq(clients.id, input.clientId)));
  if (!client) throw new InvalidInputError("Please select a client", { clientId: "Please select a client" });
  const pevoIds = [
    ...new Set(input.positions.map((p) => p.pevoId).filter((id): id is string => Boolean(id))),
  ];
  if (pevoIds.length === 0) return;
  const found = await db
    .select({ id: pevos.id })
    .from(pevos)
    .where(scoped(pevos, scope, inArray(pevos.id, pevoIds)));
  const known = new Set(found.map((p) => p.id));
  const fields: Record<string, string> = {};
  input.positions.forEach((p, i) => {
    if (p.pevoId && !known.has(p.pevoId)) fields[`positions.${i}.pevoId`] = "Choose a PEVO from the list";
  });
  if (Object.keys(fields).length) throw new InvalidInputError("Choose a PEVO from the list", fields);
}

async function writeChildren(tx: Executor, scope: Scope, id: string, input: TRateConfirmationData) {
  const parent = { companyId: scope.companyId, rateConfirmationId: id };
  await tx.insert(standardRates).values({ ...parent, ...input.standardRates, ...input.additionalRates });
  if (input.customRates.length) {
    await tx
      .insert(customRates)
      .values(input.customRates.map((r, sortOrder) => ({ ...r, ...parent, sortOrder })));
  }
  await tx.insert(positions).values(input.positions.map((p, sortOrder) => ({ ...p, ...parent, sortOrder })));
  const permitRows = input.loadDetails.permits;
  if (permitRows.length) {
    await tx
      .insert(permits)
      .values(
        permitRows.map((p, sortOrder) => ({ ...parent, state: p.state, permitNumber: p.number, sortOrder })),
      );
  }
}

function duplicateJobNumber(error: unknown): never {
  if (isUniqueViolation(error)) throw new ConflictError(JOB_NUMBER_TAKEN, { jobNumber: JOB_NUMBER_TAKEN });
  throw error;
}

const header = (input: TRateConfirmationData) => ({
  clientId: input.clientId,
  jobNumber: input.jobNumber,
  originAddress: input.originAddress,
  destinationAddress: input.destinationAddress,
  startDate: input.startDate,
  endDate: input.endDate,
  description: input.description,
  additionalTerms: input.additionalTerms,
  loadDescription: input.loadDetails.description,
  loadWidthInches: input.loadDetails.widthInches,
  loadHeightInches: input.loadDetails.heightInches,
  loadLengthInches: input.loadDetails.lengthInches,
  loadWeightPounds: input.loadDetails.weightPounds,
  frontOverhangInches: input.loadDetails.frontOverhangInches,
  rearOverhangInches: input.loadDetails.rearOverhangInches,
  truckNumber: input.loadDetails.truckNumber,
  trailerNumber: input.loadDetails.trailerNumber,
  cbChannel: input.loadDetails.cbChannel,
  routeDescription: input.loadDetails.routeDescription,
  routeStates: input.loadDetails.routeStates,
});

/**
 * The live event of a save, in its transaction (ADR 0012: NOTIFY is delivered on commit, never for a
 * rolled-back save), and the rate confirmation as saved.
 */
async function publishSaved(
  tx: Executor,
  scope: Scope,
  id: string,
  verb: string,
  pevoIds: string[],
): Promise<TRateConfirmation> {
  const rc = await getRateConfirmation(scope, id, tx);
  await publishEvent(tx, {
    companyId: scope.companyId,
    by: scope.userId,
    ...rateConfirmationEvent(verb, pevoIds)(rc),
  });
  return rc;
}

/**
 * Confirmation, standard rates, custom rates and positions: one transaction, all or nothing, with
 * `also` (a duplicate's activity event) in the same transaction.
 */
async function insertRateConfirmation(
  scope: Scope,
  input: TRateConfirmationData,
  also?: (tx: Executor, rc: TRateConfirmation) => Promise<void>,
) {
  const { db, companyId, userId } = scope;
  await checkReferences(scope, input);
  const overridden = await checkPositionQualifications(scope, input, null);
  return db
    .transaction(async (tx) => {
      await checkPositionBookings(tx, scope, input, null);
      const [row = missingRow("rateConfirmations")] = await tx
        .insert(rateConfirmations)
        .values({ ...header(input), companyId, createdBy: userId })
        .returning({ id: rateConfirmations.id });
      await writeChildren(tx, scope, row.id, input);
      await recordOverrides(tx, scope, overridden, input.qualificationOverride?.reason, input.jobNumber);
      const rc = await publishSaved(tx, scope, row.id, "created", await pevosOfJob(tx, scope, row.id));
      await also?.(tx, rc);
      return rc;
    })
    .catch(duplicateJobNumber);
}

export const createRateConfirmation = (scope: Scope, input: TRateConfirmationData) =>
  insertRateConfirmation(scope, input);

/**
 * A real update in one transaction. A change of the document (terms, rates, positions, the client)
 * voids an open or signed signature in the same transaction; a save that changes nothing keeps it.
 */
export async function updateRateConfirmation(
  scope: Scope,
  { id, input }: { id: string; input: TRateConfirmationData },
) {
  const { db } = scope;
  const [existing] = await db
    .select({ id: rateConfirmations.id, canceledAt: rateConfirmations.canceledAt })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!existing) throw new NotFoundError(RC_NOT_FOUND);
  if (existing.canceledAt) throw new ConflictError(RC_CANCELED);
  await checkReferences(scope, input);
  const overridden = await checkPositionQualifications(scope, input, id);
  return db
    .transaction(async (tx) => {
      await checkPositionBookings(tx, scope, input, id);
      // A PEVO taken off a position hears of it too (their job screen listed the position).
      const pevosBefore = await pevosOfJob(tx, scope, id);
      const before = await currentDocumentHash(tx, scope, id);
      const [row] = await tx
        .update(rateConfirmations)
        .set({ ...header(input), updatedAt: new Date() })
        .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)))
        .returning({ id: rateConfirmations.id });
      if (!row) throw new NotFoundError(RC_NOT_FOUND);
      await tx
        .delete(standardRates)
        .where(scoped(standardRates, scope, eq(standardRates.rateConfirmationId, id)));
      await tx.delete(customRates).where(scoped(customRates, scope, eq(customRates.rateConfirmationId, id)));
      await tx.delete(positions).where(scoped(positions, scope, eq(positions.rateConfirmationId, id)));
      await tx.delete(permits).where(scoped(permits, scope, eq(permits.rateConfirmationId, id)));
      await writeChildren(tx, scope, id, input);
      await recordOverrides(tx, scope, overridden, input.qualificationOverride?.reason, input.jobNumber);
      await voidSignatureOnChange(tx, scope, id, before, await currentDocumentHash(tx, scope, id));
      const pevoIds = [...pevosBefore, ...(await pevosOfJob(tx, scope, id))];
      return publishSaved(tx, scope, id, "updated", pevoIds);
    })
    .catch(duplicateJobNumber);
}

/**
 * A new draft copied from it: client, route, description, terms, rates, custom rates, positions
 * (type and custom name; no PEVO, so nobody is booked twice) and the load details but the permits
 * (issued per trip), with today's next job number and start date today (no end date), and its
 * activity event, in one transaction. A job number taken meanwhile is retried.
 */
export async function duplicateRateConfirmation(scope: Scope, { id }: { id: string }) {
  const source = await getRateConfirmation(scope, id);
  const today = todayIso();
  const input: TRateConfirmationData = {
    clientId: source.clientId,
    jobNumber: "",
    originAddress: source.originAddress,
    destinationAddress: source.destinationAddress,
    startDate: today,
    endDate: null,
    description: source.description,
    additionalTerms: source.additionalTerms,
    standardRates: source.standardRates,
    additionalRates: source.additionalRates,
    customRates: source.customRates.map(({ name, amount, unit }) => ({ name, amount, unit })),
    positions: source.positions.map(({ positionType, customName }) => ({
      positionType,
      customName,
      pevoId: null,
    })),
    // The load and route usually repeat; the permits are issued per trip and are not copied.
    loadDetails: { ...source.loadDetails, permits: [] },
    // Its positions have no PEVO: nobody to double-book.
    allowConflict: false,
    qualificationOverride: null,
  } as TRateConfirmationData;
  for (let attempt = 0; ; attempt++) {
    input.jobNumber = await nextJobNumber(scope, today);
    try {
      return await insertRateConfirmation(scope, input, (tx, copy) =>
        recordActivity(tx, scope, {
          actorId: scope.userId,
          type: "rate_duplicated",
          message: `Rate confirmation ${copy.jobNumber} duplicated from ${source.jobNumber}`,
          client: source.clientName,
          job: copy.jobNumber,
        }),
      );
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= 4) throw error;
    }
  }
}
