import { dispatches, pevos, rateConfirmations } from "@pevo/db";
import { asc, between, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/** What the calendar shows between two dates: pickups, rate confirmation spans, certification expiries. */
export async function getCalendar(scope: Scope, from: string, to: string) {
  const { db } = scope;
  const [pickups, spans, expiries] = await Promise.all([
    db
      .select({
        id: dispatches.id,
        date: dispatches.pickupDate,
        time: dispatches.pickupTime,
        status: dispatches.status,
        driverName: dispatches.driverName,
        jobNumber: rateConfirmations.jobNumber,
        pevoName: sql<string | null>`${pevos.firstName} || ' ' || ${pevos.lastName}`,
      })
      .from(dispatches)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
      .where(scoped(dispatches, scope, between(dispatches.pickupDate, from, to)))
      .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime)),
    db
      .select({
        id: rateConfirmations.id,
        jobNumber: rateConfirmations.jobNumber,
        startDate: rateConfirmations.startDate,
        endDate: rateConfirmations.endDate,
      })
      .from(rateConfirmations)
      .where(
        scoped(
          rateConfirmations,
          scope,
          lte(rateConfirmations.startDate, to),
          // Its last day (greatest() skips a null end date) on or after `from`: the expression
          // of rate_confirmations_company_last_day_idx, so only spans near the window are read.
          gte(sql`greatest(${rateConfirmations.startDate}, ${rateConfirmations.endDate})`, from),
        ),
      )
      .orderBy(asc(rateConfirmations.startDate)),
    db
      .select({
        id: pevos.id,
        date: pevos.certificationExpiry,
        firstName: pevos.firstName,
        lastName: pevos.lastName,
      })
      .from(pevos)
      .where(
        scoped(
          pevos,
          scope,
          isNotNull(pevos.certificationExpiry),
          between(pevos.certificationExpiry, from, to),
        ),
      ),
  ]);
  return {
    dispatches: pickups,
    rateConfirmations: spans.map((s) => ({ ...s, endDate: s.endDate ?? s.startDate })),
    certificationExpiries: expiries.map(({ firstName, lastName, ...e }) => ({
      ...e,
      pevoName: `${firstName} ${lastName}`,
    })),
  };
}
