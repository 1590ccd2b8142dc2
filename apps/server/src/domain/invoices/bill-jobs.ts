/**
 * The "Bill jobs" screen's reads (DECISIONS 'Consolidated invoices'): the company's completed jobs
 * that no live invoice claims, by client, then one client's jobs with what each would bill.
 */
import {
  clients,
  clientUnbilledDays,
  clientUnbilledJobs,
  dispatches,
  type Executor,
  invoiceJobs,
  pevos,
  rateConfirmations,
} from "@pevo/db";
import {
  fromCents,
  type OffsetPage,
  positionLabel,
  type TBillJob,
  type TBillJobClient,
  type TBillJobClientsParams,
  type TBillJobsParams,
  toCents,
} from "@pevo/shared";
import { and, asc, count, eq, gt, gte, isNull, lte, max, min, notExists, type SQL, sql } from "drizzle-orm";
import { countUpTo, offsetPageOf } from "../../lib/paging";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";
import { suggestedLinesOf } from "./suggested-lines";

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
 * A client's jobs are read through its rate confirmations: the (company, client) index, then each
 * confirmation's dispatches by the (company, rate confirmation) index. Correlated with the outer
 * `clients` row, so that a client costs a few index reads however many jobs the company has.
 */
const confirmationJobs = and(
  eq(dispatches.companyId, rateConfirmations.companyId),
  eq(dispatches.rateConfirmationId, rateConfirmations.id),
);
const ofClient = (db: Executor, scope: { companyId: CompanyId }, params: { from?: string; to?: string }) =>
  // scoped: both tables to the company; correlated with the outer clients row.
  and(
    scoped(rateConfirmations, scope, eq(rateConfirmations.clientId, clients.id)),
    uninvoiced(db, scope, params),
  );

/**
 * The clients with uninvoiced completed jobs, by name, with how many and the period they span.
 * Walked client by client in name order (the clients' name index). Without a period, each client's
 * figures are the rows the triggers keep (DECISIONS 'Consolidated invoices'): its count in
 * client_unbilled_jobs, its first and last pickup the first and last of its client_unbilled_days rows
 * (one primary key probe each), so a page costs a few index reads per client however many jobs it
 * has. With a period, each client's figures are read from its own jobs (ofClient), so a page costs
 * its 25 clients' jobs, not the company's whole history (docs/performance.md).
 */
export async function listBillJobClients(
  scope: Scope,
  params: TBillJobClientsParams,
): Promise<OffsetPage<TBillJobClient>> {
  const { db } = scope;
  // With a period: a client's figures walked through its jobs.
  const figures = db
    .select({
      jobCount: count().as("job_count"),
      firstPickup: min(dispatches.pickupDate).as("first_pickup"),
      lastPickup: max(dispatches.pickupDate).as("last_pickup"),
    })
    .from(rateConfirmations)
    .innerJoin(dispatches, confirmationJobs)
    // scoped: ofClient() scopes both tables.
    .where(ofClient(db, scope, params))
    .as("figures");
  // LIMIT 1: a client is counted on its first uninvoiced job found (a semi-join would be planned as
  // a hash join over every job of the company).
  const anyJob = db
    .select({ one: sql`1`.as("one") })
    .from(rateConfirmations)
    .innerJoin(dispatches, confirmationJobs)
    // scoped: ofClient() scopes both tables.
    .where(ofClient(db, scope, params))
    .limit(1)
    .as("any_job");
  const oneClient = params.clientId ? eq(clients.id, params.clientId) : undefined;
  // Without a period, the clients with unbilled jobs are the rows the triggers keep
  // (client_unbilled_jobs): the walk skips the others by its key, each row's count is the client's,
  // its span is read from client_unbilled_days (keptSpan), and the total counts those rows.
  const kept = !params.from && !params.to;
  const keptRow = and(
    eq(clientUnbilledJobs.companyId, clients.companyId),
    eq(clientUnbilledJobs.clientId, clients.id),
  );
  // A kept client's first and last unbilled pickup: min and max over its day rows, which PostgreSQL
  // reads as the first and last entry of the primary key (company, client, day).
  const keptSpan = db
    .select({
      firstPickup: min(clientUnbilledDays.pickupDate).as("first_pickup"),
      lastPickup: max(clientUnbilledDays.pickupDate).as("last_pickup"),
    })
    .from(clientUnbilledDays)
    .where(scoped(clientUnbilledDays, scope, eq(clientUnbilledDays.clientId, clients.id)))
    .as("kept_span");
  return offsetPageOf<TBillJobClient>(params, {
    rows: async (limit, offset) => {
      // The order of the clients' name index (company, lower(name), name, id).
      const byName = [sql`lower(${clients.name})`, asc(clients.name), asc(clients.id)];
      const rows = kept
        ? await db
            .select({
              clientId: clients.id,
              clientName: clients.name,
              jobCount: clientUnbilledJobs.jobs,
              firstPickup: keptSpan.firstPickup,
              lastPickup: keptSpan.lastPickup,
            })
            .from(clients)
            .innerJoin(clientUnbilledJobs, keptRow)
            .crossJoinLateral(keptSpan)
            .where(scoped(clients, scope, oneClient))
            .orderBy(...byName)
            .limit(limit)
            .offset(offset)
        : await db
            .select({
              clientId: clients.id,
              clientName: clients.name,
              jobCount: figures.jobCount,
              firstPickup: figures.firstPickup,
              lastPickup: figures.lastPickup,
            })
            .from(clients)
            .crossJoinLateral(figures)
            .where(scoped(clients, scope, oneClient, gt(figures.jobCount, 0)))
            .orderBy(...byName)
            .limit(limit)
            .offset(offset);
      return rows.map((r) => ({
        ...r,
        jobCount: Number(r.jobCount),
        firstPickup: String(r.firstPickup),
        lastPickup: String(r.lastPickup),
      }));
    },
    count: (cap) =>
      kept
        ? countUpTo(
            db,
            db
              .select({ one: sql`1` })
              .from(clientUnbilledJobs)
              .where(
                scoped(
                  clientUnbilledJobs,
                  scope,
                  params.clientId ? eq(clientUnbilledJobs.clientId, params.clientId) : undefined,
                ),
              )
              .$dynamic(),
            cap,
          )
        : countUpTo(
            db,
            db
              .select({ id: clients.id })
              .from(clients)
              .crossJoinLateral(anyJob)
              .where(scoped(clients, scope, oneClient))
              .$dynamic(),
            cap,
          ),
  });
}

/** One client's uninvoiced completed jobs, oldest first, each with what its suggested lines add up to. */
export async function listBillJobs(scope: Scope, params: TBillJobsParams): Promise<OffsetPage<TBillJob>> {
  const { db } = scope;
  // The confirmation scoped too: its (company, client) index finds the client's jobs.
  const where = uninvoiced(
    db,
    scope,
    params,
    scoped(rateConfirmations, scope, eq(rateConfirmations.clientId, params.clientId)),
  );
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
  // The page's jobs only (at most PAGE_SIZE_MAX), read together: the same suggestion the invoice will
  // be made from, in a few statements for the whole page rather than a few per job.
  const suggestions = await suggestedLinesOf(
    scope,
    page.items.map((job) => job.dispatchId),
  );
  const items = page.items.map(({ positionType, positionName, firstName, lastName, ...job }) => {
    const suggestion = suggestions.get(job.dispatchId);
    const cents = (suggestion?.items ?? []).reduce((sum, line) => sum + toCents(line.charge), 0);
    return {
      ...job,
      position: positionLabel({ positionType, positionName }),
      pevoName: firstName ? `${firstName} ${lastName}` : null,
      amount: fromCents(cents),
      hasRates: suggestion?.hasRates ?? false,
    };
  });
  return { ...page, items };
}
