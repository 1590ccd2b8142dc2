import { customRates, dispatches, rateConfirmations, standardRates, tripLogs } from "@pevo/db";
import {
  additionalRatesOf,
  type SuggestionTrip,
  suggestInvoiceLines,
  type TSuggestedLinesResponse,
} from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
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
  const { db } = scope;
  const [dispatch] = await db
    .select({
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
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
  if (!dispatch) throw new NotFoundError(DISPATCH_NOT_FOUND);

  const [custom, trips] = await Promise.all([
    dispatch.rateConfirmationId
      ? db
          .select({ name: customRates.name, amount: customRates.amount, unit: customRates.unit })
          .from(customRates)
          .where(scoped(customRates, scope, eq(customRates.rateConfirmationId, dispatch.rateConfirmationId)))
          .orderBy(asc(customRates.sortOrder))
      : [],
    db
      .select()
      .from(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.dispatchId, dispatchId)))
      .orderBy(asc(tripLogs.tripDate), asc(tripLogs.createdAt), asc(tripLogs.id)),
  ]);
  const expenses = await tripLogExpensesOf(
    scope,
    trips.map((t) => t.id),
  );

  const rates = dispatch.rates?.minimumDailyRate ? dispatch.rates : null;
  const items = suggestInvoiceLines({
    pickupDate: dispatch.pickupDate,
    originAddress: dispatch.originAddress,
    rates,
    customRates: custom,
    additionalRates: rates ? additionalRatesOf(dispatch.additional) : null,
    highPole: dispatch.positionType === "high_pole_car",
    trips: trips.map(
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
        expenses: expenses
          .filter((e) => e.tripLogId === t.id)
          .map((e) => ({ type: e.type, amount: e.amount })),
      }),
    ),
  });
  return { items, hasRates: rates !== null, tripCount: trips.length };
}
