/** The reads of one rate confirmation: the whole of it (its page, the document a client signs) and its header. */
import {
  clients,
  customRates,
  type Executor,
  pevos,
  positions,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import { additionalRatesOf, type TRateConfirmation } from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { coveredPositions, loadDetailsOf, permitsOf } from "../dispatches";
import { signatureStateSql } from "./signature-state";

export const RC_NOT_FOUND = "Rate confirmation not found";

/** One rate confirmation with its rates and positions (`db`: a transaction reads its own writes). */
export async function getRateConfirmation(
  scope: Scope,
  id: string,
  db: Executor = scope.db,
): Promise<TRateConfirmation> {
  const [rc] = await db
    .select({
      rc: rateConfirmations,
      clientName: clients.name,
      rates: standardRates,
      signatureState: signatureStateSql,
    })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!rc) throw new NotFoundError(RC_NOT_FOUND);
  const [custom, pos, permitRows] = await Promise.all([
    db
      .select({
        id: customRates.id,
        name: customRates.name,
        amount: customRates.amount,
        unit: customRates.unit,
      })
      .from(customRates)
      .where(scoped(customRates, scope, eq(customRates.rateConfirmationId, id)))
      .orderBy(asc(customRates.sortOrder)),
    db
      .select({
        id: positions.id,
        positionType: positions.positionType,
        customName: positions.customName,
        pevoId: positions.pevoId,
        firstName: pevos.firstName,
        lastName: pevos.lastName,
      })
      .from(positions)
      .leftJoin(pevos, eq(pevos.id, positions.pevoId))
      .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)))
      .orderBy(asc(positions.sortOrder)),
    permitsOf(db, scope, id),
  ]);
  const dispatched = await coveredPositions(db, scope, id, pos);
  const { rates } = rc;
  return {
    id: rc.rc.id,
    clientId: rc.rc.clientId,
    clientName: rc.clientName,
    jobNumber: rc.rc.jobNumber,
    originAddress: rc.rc.originAddress,
    destinationAddress: rc.rc.destinationAddress,
    startDate: rc.rc.startDate,
    endDate: rc.rc.endDate,
    description: rc.rc.description,
    additionalTerms: rc.rc.additionalTerms,
    signatureStatus: rc.signatureState,
    canceledAt: rc.rc.canceledAt?.toISOString() ?? null,
    createdAt: rc.rc.createdAt.toISOString(),
    coverage: { covered: dispatched.filter(Boolean).length, total: pos.length },
    standardRates: {
      minimumDailyRate: rates?.minimumDailyRate ?? "0.00",
      mileageRate: rates?.mileageRate ?? "0.00",
      overnightRate: rates?.overnightRate ?? "0.00",
      noGoRate: rates?.noGoRate ?? "0.00",
      detentionRate: rates?.detentionRate ?? "0.00",
      detentionThreshold: rates?.detentionThreshold ?? 2,
    },
    additionalRates: additionalRatesOf(rates),
    customRates: custom,
    positions: pos.map(({ firstName, lastName, ...p }, i) => ({
      ...p,
      pevoName: firstName ? `${firstName} ${lastName}` : null,
      dispatched: Boolean(dispatched[i]),
      coveredBy: dispatched[i] ?? null,
    })),
    loadDetails: loadDetailsOf(rc.rc, permitRows),
  };
}

/** The job number, client name, cancel time and signature state of one of the company's rate confirmations, or 404. */
export async function rcHeader(db: Executor, scope: { companyId: CompanyId }, id: string) {
  const [row] = await db
    .select({
      id: rateConfirmations.id,
      jobNumber: rateConfirmations.jobNumber,
      canceledAt: rateConfirmations.canceledAt,
      clientName: clients.name,
      state: signatureStateSql,
    })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!row) throw new NotFoundError(RC_NOT_FOUND);
  return row;
}
