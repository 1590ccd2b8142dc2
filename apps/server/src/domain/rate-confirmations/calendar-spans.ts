import { rateConfirmations } from "@pevo/db";
import { CALENDAR_SPANS_PER_DAY } from "@pevo/shared";
import { asc, eq, gte, lte, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { daysBetween } from "../../lib/dates";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * The calendar's rate confirmation spans between two dates (the route bounds the window): per day
 * the first {@link CALENDAR_SPANS_PER_DAY} spans starting that day (a span that began before `from`
 * counts on `from`), each day's read from an index (a lateral join per day), so a busy company's
 * calendar costs what a quiet one's does; and per day how many there are, counted in SQL, so the
 * screen can say "+N more".
 */
export async function calendarSpans(scope: Scope, from: string, to: string) {
  const { db } = scope;
  // A span overlaps the window: it starts on or before `to` and its last day (greatest() skips a
  // null end date) is on or after `from`: the expression of rate_confirmations_company_last_day_idx.
  const spanOverlaps = [
    lte(rateConfirmations.startDate, to),
    gte(sql`greatest(${rateConfirmations.startDate}, ${rateConfirmations.endDate})`, from),
  ];
  /** The day a span first shows in the window. */
  const firstDay = sql<string>`greatest(${rateConfirmations.startDate}, ${from}::date)`;
  // The days are a series of integers, whose length PostgreSQL knows when planning (it guesses 1,000
  // rows for a series of dates, and then hashes whole tables instead of looking up the day's few rows).
  const lastDay = daysBetween(from, to);
  const dayOfSeries = sql`(${from}::date + day.i)`;

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

  const [spans, perDay] = await Promise.all([
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
    db
      // As text (a raw date could come back as a Date); grouped by position, as `from` is a parameter.
      .select({ date: sql<string>`(${firstDay})::text`, count: sql<number>`count(*)::int` })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, ...spanOverlaps))
      .groupBy(sql`1`),
  ]);
  return {
    spans: spans
      .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))
      .map((s) => ({ ...s, endDate: s.endDate ?? s.startDate })),
    perDay,
  };
}
