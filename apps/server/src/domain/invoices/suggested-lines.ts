import { customRates, dispatches, rateConfirmations, standardRates, tripLogs } from "@pevo/db";
import {
  additionalRatesOf,
  type SuggestionTrip,
  suggestInvoiceLines,
  type TSuggestedLinesResponse,
} from "@pevo/shared";
import { asc, eq, inArray } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { tripLogExpensesOf } from "../trip-logs";

const DISPATCH_NOT_FOUND = "Dispatch not found";

/**
 * Every billable item of one of the company's dispatches as suggested invoice lines:
 * the rate confirmation's rates applied to everything its PEVOs logged against it. The office keeps or
 * drops each one on the invoice form; nothing is stored here.
 */
export async function suggestedLines(scope: Scope, dispatchId: string): Promise<TSuggestedLinesResponse> {
  const suggestion = (await suggestedLinesOf(scope, [dispatchId])).get(dispatchId);
  if (!suggestion) throw new NotFoundError(DISPATCH_NOT_FOUND);
  return suggestion;
}

/**
 * The suggested lines of several of the company's dispatches at once (a page of the Bill jobs list,
 * the jobs of a consolidated invoice): four index-backed statements whatever the number of jobs (the
 * jobs with their rates, their custom rates, their trip logs, the trips' expenses) instead of four per
 * job, which at a page of 25 jobs kept ten concurrent readers queued on the pool for seconds
 * (docs/performance.md). Another company's dispatch, or an unknown one, has no entry in the map.
 */
export async function suggestedLinesOf(
  scope: Scope,
  dispatchIds: readonly string[],
): Promise<Map<string, TSuggestedLinesResponse>> {
  const { db } = scope;
  const ids = [...new Set(dispatchIds)];
  const result = new Map<string, TSuggestedLinesResponse>();
  if (ids.length === 0) return result;
  const [jobs, trips] = await Promise.all([
    db
      .select({
        id: dispatches.id,
        pickupDate: dispatches.pickupDate,
        rateConfirmationId: dispatches.rateConfirmationId,
        positionType: dispatches.positionType,
        originAddress: rateConfirmations.originAddress,
        rates: {
          minimumDailyRate: standardRates.minimumDailyRate,
          mileageRate: standardRates.mileageRate,
          overnightRate: standardRates.overnightRate,
          noGoRate: standardRates.noGoRate,
          detentionRate: standardRates.detentionRate,
          detentionThreshold: standardRates.detentionThreshold,
        },
        additional: {
          deadheadRate: standardRates.deadheadRate,
          deadheadMiles: standardRates.deadheadMiles,
          perDiemRate: standardRates.perDiemRate,
          standbyRate: standardRates.standbyRate,
          standbyThreshold: standardRates.standbyThreshold,
          highPoleRate: standardRates.highPoleRate,
          mileageMinimum: standardRates.mileageMinimum,
          tollsAtCost: standardRates.tollsAtCost,
        },
      })
      .from(dispatches)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
      .where(scoped(dispatches, scope, inArray(dispatches.id, ids))),
    // Each job's trips in the order the single-job read gave them.
    db
      .select()
      .from(tripLogs)
      .where(scoped(tripLogs, scope, inArray(tripLogs.dispatchId, ids)))
      .orderBy(asc(tripLogs.tripDate), asc(tripLogs.createdAt), asc(tripLogs.id)),
  ]);
  if (jobs.length === 0) return result;
  const rateConfirmationIds = [
    ...new Set(jobs.flatMap((j) => (j.rateConfirmationId ? [j.rateConfirmationId] : []))),
  ];
  const [custom, expenses] = await Promise.all([
    rateConfirmationIds.length
      ? db
          .select({
            rateConfirmationId: customRates.rateConfirmationId,
            name: customRates.name,
            amount: customRates.amount,
            unit: customRates.unit,
          })
          .from(customRates)
          .where(scoped(customRates, scope, inArray(customRates.rateConfirmationId, rateConfirmationIds)))
          .orderBy(asc(customRates.sortOrder), asc(customRates.id))
      : [],
    tripLogExpensesOf(
      scope,
      trips.map((t) => t.id),
    ),
  ]);

  const customOf = groupBy(custom, (r) => r.rateConfirmationId);
  const tripsOf = groupBy(trips, (t) => t.dispatchId ?? "");
  const expensesOf = groupBy(expenses, (e) => e.tripLogId);
  for (const job of jobs) {
    const rates = job.rates?.minimumDailyRate ? job.rates : null;
    const jobTrips = tripsOf.get(job.id) ?? [];
    const items = suggestInvoiceLines({
      pickupDate: job.pickupDate,
      originAddress: job.originAddress,
      rates,
      customRates: (job.rateConfirmationId ? (customOf.get(job.rateConfirmationId) ?? []) : []).map(
        ({ name, amount, unit }) => ({ name, amount, unit }),
      ),
      additionalRates: rates ? additionalRatesOf(job.additional) : null,
      highPole: job.positionType === "high_pole_car",
      trips: jobTrips.map(
        (t): SuggestionTrip => ({
          tripDate: t.tripDate,
          startLocation: t.startLocation,
          endLocation: t.endLocation,
          miles: t.miles,
          hours: t.hours,
          waitHours: t.waitHours,
          standbyHours: t.standbyHours,
          overnight: t.overnight,
          noGo: t.noGo,
          expenses: (expensesOf.get(t.id) ?? []).map((e) => ({ type: e.type, amount: e.amount })),
        }),
      ),
    });
    result.set(job.id, { items, hasRates: rates !== null, tripCount: jobTrips.length });
  }
  return result;
}

/** Rows by a key, each group in the rows' order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
