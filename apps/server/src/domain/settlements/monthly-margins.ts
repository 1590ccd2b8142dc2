/**
 * The dashboard's chart (DECISIONS 'Margin'): the last 12 months (this one included) in the
 * company's time zone. Per month of the job's day, the invoiced completed jobs' invoiced amount, PEVO
 * pay (settled or estimated; a job whose PEVO has no plan counts none) and margin (invoiced − pay); and
 * the cash collected by payment date (credit applied is not cash: NON_CASH_PAYMENT_METHODS).
 *
 * A month's figures are kept (margin_months) with the counters of margin_month_changes they were
 * computed at: triggers raise a month's counter in any transaction that changes what it sums, and the
 * plans' counter on any pay plan change (their migration names every input). A read recomputes only
 * the months whose counters moved, so a chart nobody changed costs two index reads, however many jobs
 * the company has (docs/performance.md). The counters are read before the figures are: a change that
 * commits after that read has raised a counter past the stored one, so its month is recomputed on the
 * next read (a change seen early only costs that recompute).
 *
 * Reads other aggregates' tables in joins (ADR 0011: only their owners write them).
 */
import {
  dispatches,
  type Executor,
  invoiceLineItems,
  invoices,
  MARGIN_PLANS_MONTH,
  marginMonthChanges,
  marginMonths,
  payments,
  settlementJobs,
  settlements,
} from "@pevo/db";
import { fromCents, NON_CASH_PAYMENT_METHODS, type TMonthlyMargins, toCents } from "@pevo/shared";
import { gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { addDaysIso } from "../../lib/dates";
import { type Scope, scoped } from "../../lib/tenant";
import { zonedDate } from "../../lib/zoned-time";
import { companyTimeZone } from "../company";
import { jobsFigures } from "./job-figures";

/** The first day of the month `months` months before the month of `day` (YYYY-MM-01). */
function monthStart(day: string, monthsBack: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** Jobs estimated per read: each batch's ids are parameters of its statements. */
const ESTIMATE_BATCH = 1000;

/** A month's row of the chart's statement: sums as exact texts, the jobs left to estimate. */
type MonthRow = { month: string; invoiced: string; settled: string; to_estimate: string[] };

type Sums = { invoicedCents: number; payCents: number; collectedCents: number };

/**
 * The months from `from` to `to` (first days), computed from the jobs and payments. One grouped
 * statement sums the jobs: the window's completed jobs (the (company, status, pickup) index), their
 * sent invoices' lines summed per job and their stored settlement pay, joined once each as sets, no
 * query per row or per month; only the invoiced jobs no approved or paid settlement pays come back
 * (as ids, per month) to be estimated from the plans.
 */
async function computeMonths(
  db: Executor,
  scope: Scope,
  from: string,
  to: string,
): Promise<Map<string, Sums>> {
  const company = scope.companyId;
  const last = addDaysIso(monthStart(to, -1), -1);
  // Both drivers (pg, PGlite) answer a raw statement with its rows.
  const { rows } = (await db.execute(sql`
    with jobs as (
      select ${dispatches.id} as id, ${dispatches.pevoId} as pevo_id, ${dispatches.pickupDate} as day
      from ${dispatches}
      where ${dispatches.companyId} = ${company} and ${dispatches.status} = 'completed'
        and ${dispatches.pickupDate} between ${from} and ${last}
    ),
    -- invoicedCentsSql's two branches (job-figures.ts), for every job of the window at once.
    billed as (
      select jobs.*, ${invoiceLineItems.charge} as charge
      from jobs
      join ${invoiceLineItems} on ${invoiceLineItems.companyId} = ${company} and ${invoiceLineItems.dispatchId} = jobs.id
      join ${invoices} on ${invoices.companyId} = ${invoiceLineItems.companyId} and ${invoices.id} = ${invoiceLineItems.invoiceId}
      where ${invoices.status} not in ('draft', 'void')
      union all
      select jobs.*, ${invoiceLineItems.charge} as charge
      from jobs
      join ${invoices} on ${invoices.companyId} = ${company} and ${invoices.dispatchId} = jobs.id
      join ${invoiceLineItems} on ${invoiceLineItems.companyId} = ${invoices.companyId} and ${invoiceLineItems.invoiceId} = ${invoices.id}
      where ${invoiceLineItems.dispatchId} is null and ${invoices.status} not in ('draft', 'void')
    ),
    -- A job's sum below zero (discounts only) counts as 0 (DECISIONS 'Margin').
    invoiced as (
      select id, day, pevo_id, greatest(0, sum(charge)) as amount from billed group by id, day, pevo_id
    )
    -- A job is in at most one settlement (settlement_jobs_dispatch_once_key); a draft's is unsettled.
    select to_char(invoiced.day, 'YYYY-MM-01') as month,
      sum(invoiced.amount)::text as invoiced,
      coalesce(sum(${settlementJobs.payCents} + ${settlementJobs.reimbursedCents}) filter (where ${settlements.id} is not null), 0)::text as settled,
      coalesce(array_agg(invoiced.id) filter (where ${settlements.id} is null and invoiced.pevo_id is not null), '{}') as to_estimate
    from invoiced
    left join ${settlementJobs} on ${settlementJobs.companyId} = ${company} and ${settlementJobs.dispatchId} = invoiced.id
    left join ${settlements} on ${settlements.companyId} = ${settlementJobs.companyId}
      and ${settlements.id} = ${settlementJobs.settlementId} and ${settlements.status} <> 'draft'
    group by 1`)) as unknown as { rows: MonthRow[] };
  const sums = new Map<string, Sums>();
  for (let month = from; month <= to; month = monthStart(month, -1)) {
    sums.set(month, { invoicedCents: 0, payCents: 0, collectedCents: 0 });
  }
  const monthOf = new Map<string, string>();
  for (const row of rows) {
    const sum = sums.get(row.month);
    if (!sum) continue;
    sum.invoicedCents += toCents(row.invoiced);
    sum.payCents += Number(row.settled);
    for (const id of row.to_estimate) monthOf.set(id, row.month);
  }
  // The unsettled invoiced jobs' pay from the plans in force on their days, a batch at a time.
  const toEstimate = [...monthOf.keys()];
  for (let i = 0; i < toEstimate.length; i += ESTIMATE_BATCH) {
    for (const f of await jobsFigures(db, scope, toEstimate.slice(i, i + ESTIMATE_BATCH))) {
      const sum = sums.get(monthOf.get(f.dispatchId) ?? "");
      if (sum && f.payPlanId !== null) sum.payCents += f.pay.payCents + f.pay.reimbursedCents;
    }
  }
  const collected = await db
    .select({
      month: sql<string>`to_char(${payments.date}, 'YYYY-MM-01')`,
      cents: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
    })
    .from(payments)
    .where(
      scoped(
        payments,
        scope,
        gte(payments.date, from),
        lte(payments.date, last),
        notInArray(payments.method, [...NON_CASH_PAYMENT_METHODS]),
      ),
    )
    .groupBy(sql`1`);
  for (const c of collected) {
    const sum = sums.get(c.month);
    if (sum) sum.collectedCents = c.cents;
  }
  return sums;
}

export async function monthlyMargins(scope: Scope, day?: string): Promise<TMonthlyMargins> {
  const { db } = scope;
  const timeZone = await companyTimeZone(db, scope);
  const today = day ?? zonedDate(timeZone);
  const months = Array.from({ length: 12 }, (_, i) => monthStart(today, 11 - i));
  // The counters first (see above), then what was kept.
  const changes = await db
    .select({ month: marginMonthChanges.month, version: marginMonthChanges.version })
    .from(marginMonthChanges)
    .where(
      scoped(marginMonthChanges, scope, inArray(marginMonthChanges.month, [...months, MARGIN_PLANS_MONTH])),
    );
  const versionOf = new Map(changes.map((c) => [c.month, c.version]));
  const plansVersion = versionOf.get(MARGIN_PLANS_MONTH) ?? 0;
  const kept = await db
    .select()
    .from(marginMonths)
    .where(scoped(marginMonths, scope, inArray(marginMonths.month, months)));
  const sums = new Map<string, Sums>();
  for (const k of kept) {
    if (k.monthVersion === (versionOf.get(k.month) ?? 0) && k.plansVersion === plansVersion)
      sums.set(k.month, k);
  }
  const stale = months.filter((m) => !sums.has(m));
  if (stale.length > 0) {
    // One statement over the stale months' span (usually this month alone), kept for the next read.
    const computed = await computeMonths(db, scope, stale[0] as string, stale[stale.length - 1] as string);
    const rows = stale.map((month) => {
      const sum = computed.get(month) ?? { invoicedCents: 0, payCents: 0, collectedCents: 0 };
      sums.set(month, sum);
      return {
        companyId: scope.companyId,
        month,
        ...sum,
        monthVersion: versionOf.get(month) ?? 0,
        plansVersion,
      };
    });
    await db
      .insert(marginMonths)
      .values(rows)
      .onConflictDoUpdate({
        target: [marginMonths.companyId, marginMonths.month],
        set: {
          invoicedCents: sql`excluded.invoiced_cents`,
          payCents: sql`excluded.pay_cents`,
          collectedCents: sql`excluded.collected_cents`,
          monthVersion: sql`excluded.month_version`,
          plansVersion: sql`excluded.plans_version`,
        },
      });
  }
  return {
    timeZone,
    months: months.map((start) => {
      const sum = sums.get(start) ?? { invoicedCents: 0, payCents: 0, collectedCents: 0 };
      return {
        month: start.slice(0, 7),
        invoiced: fromCents(sum.invoicedCents),
        collected: fromCents(sum.collectedCents),
        pevoPay: fromCents(sum.payCents),
        margin: fromCents(sum.invoicedCents - sum.payCents),
      };
    }),
  };
}
