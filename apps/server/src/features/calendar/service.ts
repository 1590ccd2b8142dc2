import { dispatchDayCounts, dispatches, pevos, rateConfirmations } from "@pevo/db";
import { CALENDAR_PICKUPS_PER_DAY } from "@pevo/shared";
import { asc, between, eq, isNotNull, sql } from "drizzle-orm";
import { calendarSpans } from "../../domain/rate-confirmations";
import { daysBetween } from "../../lib/dates";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * What the calendar shows between two dates (at most 62 days, checked by the route), bounded
 * whatever the data: per day the first {@link CALENDAR_PICKUPS_PER_DAY} pickups (by time, then id)
 * and the first {@link CALENDAR_SPANS_PER_DAY} rate confirmation spans starting that day (a span
 * that began before `from` counts on `from`), each day's read from an index (a lateral join per
 * day), so a busy company's calendar costs what a quiet one's does; per day the totals (the
 * pickups kept per day by the database, the spans counted in SQL) so the screen can say "+N more";
 * and the certification expiries (a few PEVOs).
 */
export async function getCalendar(scope: Scope, from: string, to: string) {
  const { db } = scope;
  // Per day of the window, the day's first pickups straight from the (company, pickup date, time,
  // id) index: a busy company's 100 pickups a day cost what a quiet one's 2 do. The days are a
  // series of integers, whose length PostgreSQL knows when planning (it guesses 1,000 rows for a
  // series of dates, and then hashes whole tables instead of looking up the day's few rows).
  const lastDay = daysBetween(from, to);
  const dayOfSeries = sql`(${from}::date + day.i)`;
  const day = sql`generate_series(0, ${lastDay}::int) as day(i)`;
  // The rows themselves come out of the per-day subqueries (not their ids looked up again), and
  // the job number and PEVO name are joined to those few rows.
  const firstOfDay = db
    .select({
      id: dispatches.id,
      date: dispatches.pickupDate,
      time: dispatches.pickupTime,
      status: dispatches.status,
      driverName: dispatches.driverName,
      rateConfirmationId: dispatches.rateConfirmationId,
      pevoId: dispatches.pevoId,
    })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.pickupDate, dayOfSeries)))
    .orderBy(asc(dispatches.pickupTime), asc(dispatches.id))
    .limit(CALENDAR_PICKUPS_PER_DAY)
    .as("first_of_day");

  const [pickups, spans, pickupDays, expiries] = await Promise.all([
    db
      .select({
        id: firstOfDay.id,
        date: firstOfDay.date,
        time: firstOfDay.time,
        status: firstOfDay.status,
        driverName: firstOfDay.driverName,
        jobNumber: rateConfirmations.jobNumber,
        pevoName: sql<string | null>`${pevos.firstName} || ' ' || ${pevos.lastName}`,
      })
      // scoped: firstOfDay only holds the company's rows (scoped() in the lateral subquery)
      .from(day)
      .crossJoinLateral(firstOfDay)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, firstOfDay.rateConfirmationId))
      .leftJoin(pevos, eq(pevos.id, firstOfDay.pevoId))
      .orderBy(asc(firstOfDay.date), asc(firstOfDay.time), asc(firstOfDay.id)),
    calendarSpans(scope, from, to),
    // The kept per-day counts: a row per day of the window, not a dispatch each.
    db
      .select({ date: dispatchDayCounts.pickupDate, count: dispatchDayCounts.dispatches })
      .from(dispatchDayCounts)
      .where(scoped(dispatchDayCounts, scope, between(dispatchDayCounts.pickupDate, from, to))),
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
  for (const { date, count } of spans.perDay) dayOf(date).rateConfirmations = Number(count);

  return {
    dispatches: pickups,
    rateConfirmations: spans.spans,
    certificationExpiries: expiries.map(({ firstName, lastName, ...e }) => ({
      ...e,
      pevoName: `${firstName} ${lastName}`,
    })),
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
  };
}
