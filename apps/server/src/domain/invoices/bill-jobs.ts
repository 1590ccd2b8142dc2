/**
 * The "Bill jobs" screen's reads (DECISIONS 'Consolidated invoices'): the company's completed jobs
 * that no live invoice claims, by client, then one client's jobs with what each would bill.
 */
import { clients, dispatches, type Executor, invoiceJobs, pevos, rateConfirmations } from "@pevo/db";
import {
  COUNT_CAP,
  fromCents,
  type OffsetPage,
  positionLabel,
  type TBillJob,
  type TBillJobClient,
  type TBillJobClientsParams,
  type TBillJobsParams,
  toCents,
} from "@pevo/shared";
import { and, asc, count, eq, gte, isNull, lte, max, min, notExists, type SQL, sql } from "drizzle-orm";
import { countUpTo, offsetPageOf } from "../../lib/paging";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { suggestedLines } from "./suggested-lines";

/** Completed, in the period, and not claimed by a live invoice (the claim index answers the NOT EXISTS). */
function uninvoiced(
  db: Executor,
  scope: { companyId: CompanyId },
  params: { from?: string; to?: string },
  ...more: (SQL | undefined)[]
) {
  return scoped(
    dispatches,
    scope,
    eq(dispatches.status, "completed"),
    params.from ? gte(dispatches.pickupDate, params.from) : undefined,
    params.to ? lte(dispatches.pickupDate, params.to) : undefined,
    notExists(
      db
        .select({ one: sql`1` })
        .from(invoiceJobs)
        // scoped: correlated with the outer dispatch row, which scoped() filters to the company.
        .where(
          and(
            eq(invoiceJobs.companyId, dispatches.companyId),
            eq(invoiceJobs.dispatchId, dispatches.id),
            isNull(invoiceJobs.releasedAt),
          ),
        ),
    ),
    ...more,
  );
}

/**
 * The clients with uninvoiced completed jobs, by name, with how many and the period they span. The
 * jobs are read at most COUNT_CAP deep (newest first, like every list's count: paging.ts), so a
 * company with a million jobs costs what one with ten thousand does.
 */
export async function listBillJobClients(
  scope: Scope,
  params: TBillJobClientsParams,
): Promise<OffsetPage<TBillJobClient>> {
  const { db } = scope;
  const jobs = db
    .select({ clientId: rateConfirmations.clientId, pickupDate: dispatches.pickupDate })
    .from(dispatches)
    .innerJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    // scoped: uninvoiced() is scoped(dispatches, scope, …).
    .where(
      uninvoiced(
        db,
        scope,
        params,
        params.clientId ? eq(rateConfirmations.clientId, params.clientId) : undefined,
      ),
    )
    .orderBy(sql`${dispatches.pickupDate} desc`)
    .limit(COUNT_CAP)
    .as("jobs");
  const groups = db
    .select({
      clientId: clients.id,
      clientName: clients.name,
      jobCount: count().as("job_count"),
      firstPickup: min(jobs.pickupDate).as("first_pickup"),
      lastPickup: max(jobs.pickupDate).as("last_pickup"),
    })
    .from(jobs)
    .innerJoin(clients, eq(clients.id, jobs.clientId))
    .where(scoped(clients, scope))
    .groupBy(clients.id, clients.name)
    .as("groups");
  return offsetPageOf<TBillJobClient>(params, {
    rows: async (limit, offset) => {
      const rows = await db
        .select()
        .from(groups)
        .orderBy(sql`lower(${groups.clientName})`, asc(groups.clientId))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r,
        jobCount: Number(r.jobCount),
        firstPickup: String(r.firstPickup),
        lastPickup: String(r.lastPickup),
      }));
    },
    count: (cap) => countUpTo(db, db.select({ id: groups.clientId }).from(groups).$dynamic(), cap),
  });
}

/** One client's uninvoiced completed jobs, oldest first, each with what its suggested lines add up to. */
export async function listBillJobs(scope: Scope, params: TBillJobsParams): Promise<OffsetPage<TBillJob>> {
  const { db } = scope;
  const where = uninvoiced(db, scope, params, eq(rateConfirmations.clientId, params.clientId));
  const page = await offsetPageOf(params, {
    rows: (limit, offset) =>
      db
        .select({
          dispatchId: dispatches.id,
          pickupDate: dispatches.pickupDate,
          jobNumber: rateConfirmations.jobNumber,
          originAddress: rateConfirmations.originAddress,
          destinationAddress: rateConfirmations.destinationAddress,
          positionType: dispatches.positionType,
          positionName: dispatches.positionName,
          firstName: pevos.firstName,
          lastName: pevos.lastName,
        })
        .from(dispatches)
        .innerJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
        .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
        // scoped: `where` is uninvoiced(), scoped(dispatches, scope, …).
        .where(where)
        .orderBy(asc(dispatches.pickupDate), asc(dispatches.id))
        .limit(limit)
        .offset(offset),
    count: (cap) =>
      countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(dispatches)
          .innerJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
          // scoped: `where` is uninvoiced(), scoped(dispatches, scope, …).
          .where(where)
          .$dynamic(),
        cap,
      ),
  });
  // The page's jobs only (at most PAGE_SIZE_MAX): the same suggestion the invoice will be made from.
  const items = await Promise.all(
    page.items.map(async ({ positionType, positionName, firstName, lastName, ...job }) => {
      const suggestion = await suggestedLines(scope, job.dispatchId);
      const cents = suggestion.items.reduce((sum, line) => sum + toCents(line.charge), 0);
      return {
        ...job,
        position: positionLabel({ positionType, positionName }),
        pevoName: firstName ? `${firstName} ${lastName}` : null,
        amount: fromCents(cents),
        hasRates: suggestion.hasRates,
      };
    }),
  );
  return { ...page, items };
}
