import { dispatchDayCounts, dispatches, pevos, rateConfirmations } from "@pevo/db";
import { CALENDAR_PICKUPS_PER_DAY, CALENDAR_SPANS_PER_DAY, positionLabel } from "@pevo/shared";
import { asc, between, eq, gte, lte, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { daysBetween } from "../../lib/dates";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * The dispatching calendar between two dates (at most 62 days, checked by the route), bounded
 * whatever the data: per day the first {@link CALENDAR_PICKUPS_PER_DAY} pickups (by time, then id)
 * and the first {@link CALENDAR_SPANS_PER_DAY} rate confirmation spans starting that day (a span
 * that began before `from` counts on `from`), each day's read from an index (a lateral join per
 * day), so a busy company's calendar costs what a quiet one's does; and per day the totals (the
 * pickups kept per day by the database, the spans counted in SQL) so the screen can say "+N more".
 */
export async function dispatchCalendar(scope: Scope, from: string, to: string) {
  const { db } = scope;
  // A span overlaps the window: it starts on or before `to` and its last day (greatest() skips a
  // null end date) is on or after `from`: the expression of rate_confirmations_company_last_day_idx.
  const spanOverlaps = [
    lte(rateConfirmations.startDate, to),
    gte(sql`greatest(${rateConfirmations.startDate}, ${rateConfirmations.endDate})`, from),
  ];
  /** The day a span first shows in the window. */
  const firstDay = sql<string>`greatest(${rateConfirmations.startDate}, ${from}::date)`;

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
      positionType: dispatches.positionType,
      positionName: dispatches.positionName,
    })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.pickupDate, dayOfSeries)))
    .orderBy(asc(dispatches.pickupTime), asc(dispatches.id))
    .limit(CALENDAR_PICKUPS_PER_DAY)
    .as("first_of_day");

  // The spans starting on each later day, from the (company, start date, id) index; on `from`, the
  // spans that started on or before it and are still running (the last-day index).
  const span = {
    id: rateConfirmations.id,
    jobNumber: rateConfirmations.jobNumber,
    startDate: rateConfirmations.startDate,
    endDate: rateConfirmations.endDate,
  };
  const startsThatDay = db
    .select(span)
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.startDate, dayOfSeries)))
    .orderBy(asc(rateConfirmations.startDate), asc(rateConfirmations.id))
    .limit(CALENDAR_SPANS_PER_DAY)
    .as("starts_that_day");
  const laterDays = sql`generate_series(1, ${lastDay}::int) as day(i)`;
  const firstDaySpans = db
    .select(span)
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, ...spanOverlaps, lte(rateConfirmations.startDate, from)))
    // `+ 0`: keeps PostgreSQL from walking the start-date index from the company's oldest job
    // (years of rows that ended long ago); it reads the running spans from the last-day index.
    .orderBy(sql`${rateConfirmations.startDate} + 0`, asc(rateConfirmations.id))
    .limit(CALENDAR_SPANS_PER_DAY);

  const [pickups, spans, pickupDays, spanDays] = await Promise.all([
    db
      .select({
        id: firstOfDay.id,
        date: firstOfDay.date,
        time: firstOfDay.time,
        status: firstOfDay.status,
        driverName: firstOfDay.driverName,
        jobNumber: rateConfirmations.jobNumber,
        pevoName: sql<string | null>`${pevos.firstName} || ' ' || ${pevos.lastName}`,
        positionType: firstOfDay.positionType,
        positionName: firstOfDay.positionName,
      })
      // scoped: firstOfDay only holds the company's rows (scoped() in the lateral subquery)
      .from(day)
      .crossJoinLateral(firstOfDay)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, firstOfDay.rateConfirmationId))
      .leftJoin(pevos, eq(pevos.id, firstOfDay.pevoId))
      .orderBy(asc(firstOfDay.date), asc(firstOfDay.time), asc(firstOfDay.id)),
    // scoped: startsThatDay only holds the company's rows (scoped() in the lateral subquery)
    unionAll(
      db
        .select({
          id: startsThatDay.id,
          jobNumber: startsThatDay.jobNumber,
          startDate: startsThatDay.startDate,
          endDate: startsThatDay.endDate,
        })
        .from(laterDays)
        .crossJoinLateral(startsThatDay),
      firstDaySpans,
    ),
    // The kept per-day counts: a row per day of the window, not a dispatch each.
    db
      .select({ date: dispatchDayCounts.pickupDate, count: dispatchDayCounts.dispatches })
      .from(dispatchDayCounts)
      .where(scoped(dispatchDayCounts, scope, between(dispatchDayCounts.pickupDate, from, to))),
    db
      // As text (a raw date could come back as a Date); grouped by position, as `from` is a parameter.
      .select({ date: sql<string>`(${firstDay})::text`, count: sql<number>`count(*)::int` })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, ...spanOverlaps))
      .groupBy(sql`1`),
  ]);

  return {
    // The position each pickup fills, named as everywhere else ('Lead Car'), for its title.
    pickups: pickups.map(({ positionType, positionName, ...p }) => ({
      ...p,
      position: positionLabel({ positionType, positionName }),
    })),
    spans,
    pickupDays,
    spanDays,
  };
}
