import { dispatches, pevos, rateConfirmations } from "@pevo/db";
import { CALENDAR_PICKUPS_PER_DAY, CALENDAR_SPANS_PER_DAY } from "@pevo/shared";
import { asc, between, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * What the calendar shows between two dates (at most 62 days, checked by the route), bounded
 * whatever the data: per day the first {@link CALENDAR_PICKUPS_PER_DAY} pickups (by time, then id)
 * and the first {@link CALENDAR_SPANS_PER_DAY} rate confirmation spans starting that day (a span
 * that began before `from` counts on `from`), chosen in SQL with row_number(); per day the totals
 * (counted in SQL) so the screen can say "+N more"; and the certification expiries (a few PEVOs).
 */
export async function getCalendar(scope: Scope, from: string, to: string) {
  const { db } = scope;
  const inWindow = between(dispatches.pickupDate, from, to);
  // A span overlaps the window: it starts on or before `to` and its last day (greatest() skips a
  // null end date) is on or after `from`: the expression of rate_confirmations_company_last_day_idx.
  const spanOverlaps = [
    lte(rateConfirmations.startDate, to),
    gte(sql`greatest(${rateConfirmations.startDate}, ${rateConfirmations.endDate})`, from),
  ];
  /** The day a span first shows in the window. */
  const firstDay = sql<string>`greatest(${rateConfirmations.startDate}, ${from}::date)`;

  const rankedPickups = db
    .select({
      id: dispatches.id,
      date: dispatches.pickupDate,
      time: dispatches.pickupTime,
      status: dispatches.status,
      driverName: dispatches.driverName,
      jobNumber: rateConfirmations.jobNumber,
      pevoName: sql<string | null>`${pevos.firstName} || ' ' || ${pevos.lastName}`.as("pevo_name"),
      rank: sql<number>`row_number() over (partition by ${dispatches.pickupDate} order by ${dispatches.pickupTime}, ${dispatches.id})`.as(
        "rank",
      ),
    })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(scoped(dispatches, scope, inWindow))
    .as("ranked_pickups");

  const rankedSpans = db
    .select({
      id: rateConfirmations.id,
      jobNumber: rateConfirmations.jobNumber,
      startDate: rateConfirmations.startDate,
      endDate: rateConfirmations.endDate,
      rank: sql<number>`row_number() over (partition by ${firstDay} order by ${rateConfirmations.startDate}, ${rateConfirmations.id})`.as(
        "rank",
      ),
    })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, ...spanOverlaps))
    .as("ranked_spans");

  const [pickups, spans, pickupDays, spanDays, expiries] = await Promise.all([
    db
      .select({
        id: rankedPickups.id,
        date: rankedPickups.date,
        time: rankedPickups.time,
        status: rankedPickups.status,
        driverName: rankedPickups.driverName,
        jobNumber: rankedPickups.jobNumber,
        pevoName: rankedPickups.pevoName,
      })
      .from(rankedPickups)
      // scoped: rankedPickups only holds the company's rows (scoped() in the subquery)
      .where(lte(rankedPickups.rank, CALENDAR_PICKUPS_PER_DAY))
      .orderBy(asc(rankedPickups.date), asc(rankedPickups.time), asc(rankedPickups.id)),
    db
      .select({
        id: rankedSpans.id,
        jobNumber: rankedSpans.jobNumber,
        startDate: rankedSpans.startDate,
        endDate: rankedSpans.endDate,
      })
      .from(rankedSpans)
      // scoped: rankedSpans only holds the company's rows (scoped() in the subquery)
      .where(lte(rankedSpans.rank, CALENDAR_SPANS_PER_DAY))
      .orderBy(asc(rankedSpans.startDate), asc(rankedSpans.id)),
    db
      .select({ date: dispatches.pickupDate, count: sql<number>`count(*)::int` })
      .from(dispatches)
      .where(scoped(dispatches, scope, inWindow))
      .groupBy(dispatches.pickupDate),
    db
      // As text (a raw date could come back as a Date); grouped by position, as `from` is a parameter.
      .select({ date: sql<string>`(${firstDay})::text`, count: sql<number>`count(*)::int` })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, ...spanOverlaps))
      .groupBy(sql`1`),
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

  const days = new Map<string, { date: string; dispatches: number; rateConfirmations: number }>();
  const dayOf = (date: string) => {
    const key = String(date).slice(0, 10);
    let day = days.get(key);
    if (!day) {
      day = { date: key, dispatches: 0, rateConfirmations: 0 };
      days.set(key, day);
    }
    return day;
  };
  for (const { date, count } of pickupDays) dayOf(date).dispatches = Number(count);
  for (const { date, count } of spanDays) dayOf(date).rateConfirmations = Number(count);

  return {
    dispatches: pickups,
    rateConfirmations: spans.map((s) => ({ ...s, endDate: s.endDate ?? s.startDate })),
    certificationExpiries: expiries.map(({ firstName, lastName, ...e }) => ({
      ...e,
      pevoName: `${firstName} ${lastName}`,
    })),
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
