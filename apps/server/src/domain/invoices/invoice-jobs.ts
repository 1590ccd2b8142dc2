/**
 * The jobs an invoice claims (DECISIONS 'Consolidated invoices'): a job is invoiced once, and the
 * database says so. Every invoice but a supplementary one claims its job(s) in invoice_jobs, whose
 * partial unique index holds one live claim per dispatch: of two requests racing for a job, the
 * second's insert fails at commit time whatever the checks before it saw. Voiding releases the claims.
 */
import {
  clients,
  dispatches,
  type Executor,
  invoiceJobs,
  invoices,
  pevos,
  rateConfirmations,
} from "@pevo/db";
import { positionLabel, type TInvoiceJob } from "@pevo/shared";
import { asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { ConflictError, pgError } from "../../lib/domain-errors";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";

const CLAIM_KEY = "invoice_jobs_dispatch_once_key";

/** What a job is called in a message: its job number and pickup date. */
export const jobName = (job: { jobNumber: string | null; pickupDate: string }) =>
  `${job.jobNumber ? `Job ${job.jobNumber}` : "The job"} of ${job.pickupDate}`;

/** The refusal of a job another live invoice claims. */
export const jobAlreadyInvoiced = (job: string, invoiceNumber?: string) =>
  `${job} is already invoiced${invoiceNumber ? ` on ${invoiceNumber}` : ""}: void that invoice first to bill it again`;

/** The live invoice (not void) that claims each of these dispatches. */
export async function liveClaims(db: Executor, scope: { companyId: CompanyId }, dispatchIds: string[]) {
  if (dispatchIds.length === 0) return [];
  return db
    .select({ dispatchId: invoiceJobs.dispatchId, invoiceNumber: invoices.invoiceNumber })
    .from(invoiceJobs)
    .innerJoin(invoices, eq(invoices.id, invoiceJobs.invoiceId))
    .where(
      scoped(
        invoiceJobs,
        scope,
        inArray(invoiceJobs.dispatchId, dispatchIds),
        isNull(invoiceJobs.releasedAt),
        ne(invoices.status, "void"),
      ),
    );
}

/**
 * Claims the dispatches for the invoice, in this order. `supplementary`: a job already claimed is
 * billed without a claim (a deliberate second invoice). Otherwise a claim lost to a concurrent
 * invoice is a 409 naming the job (`names` gives each dispatch's name).
 */
export async function claimJobs(
  tx: Executor,
  scope: Scope,
  {
    invoiceId,
    dispatchIds,
    supplementary = false,
    names = {},
  }: {
    invoiceId: string;
    dispatchIds: string[];
    supplementary?: boolean;
    names?: Record<string, string>;
  },
) {
  if (dispatchIds.length === 0) return;
  const rows = dispatchIds.map((dispatchId, sortOrder) => ({
    companyId: scope.companyId,
    invoiceId,
    dispatchId,
    sortOrder,
  }));
  if (supplementary) {
    await tx
      .insert(invoiceJobs)
      .values(rows)
      .onConflictDoNothing({
        target: [invoiceJobs.companyId, invoiceJobs.dispatchId],
        where: sql`released_at is null`,
      });
    return;
  }
  // The first violation aborts the transaction; PostgreSQL's detail names the dispatch whose claim
  // failed, and the message names its job.
  try {
    await tx.insert(invoiceJobs).values(rows);
  } catch (error) {
    const pg = pgError(error) as { code?: string; constraint?: string; detail?: string } | undefined;
    if (pg?.code === "23505" && pg.constraint === CLAIM_KEY) {
      const id = dispatchIds.find((d) => pg.detail?.includes(d));
      const message = jobAlreadyInvoiced(id ? (names[id] ?? "A job") : "A job");
      throw new ConflictError(message, { dispatchIds: message });
    }
    throw error;
  }
}

/** Voiding an invoice frees its jobs (its rows stay, released: the void invoice still shows them). */
export async function releaseJobs(tx: Executor, scope: Scope, invoiceId: string) {
  await tx
    .update(invoiceJobs)
    .set({ releasedAt: new Date() })
    .where(scoped(invoiceJobs, scope, eq(invoiceJobs.invoiceId, invoiceId), isNull(invoiceJobs.releasedAt)));
}

/** An invoice's jobs in order, as its group headings. */
export async function jobsOfInvoice(
  db: Executor,
  scope: { companyId: CompanyId },
  invoiceId: string,
): Promise<TInvoiceJob[]> {
  const rows = await db
    .select({
      dispatchId: invoiceJobs.dispatchId,
      pickupDate: dispatches.pickupDate,
      jobNumber: rateConfirmations.jobNumber,
      originAddress: rateConfirmations.originAddress,
      destinationAddress: rateConfirmations.destinationAddress,
      positionType: dispatches.positionType,
      positionName: dispatches.positionName,
      firstName: pevos.firstName,
      lastName: pevos.lastName,
    })
    .from(invoiceJobs)
    .innerJoin(dispatches, eq(dispatches.id, invoiceJobs.dispatchId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(scoped(invoiceJobs, scope, eq(invoiceJobs.invoiceId, invoiceId)))
    .orderBy(asc(invoiceJobs.sortOrder), asc(dispatches.pickupDate));
  return rows.map(({ positionType, positionName, firstName, lastName, ...job }) => ({
    ...job,
    position: positionLabel({ positionType, positionName }),
    pevoName: firstName ? `${firstName} ${lastName}` : null,
  }));
}

/** The company's dispatches by id with their client: what billing them checks. */
export async function jobsToBill(db: Executor, scope: { companyId: CompanyId }, dispatchIds: string[]) {
  return db
    .select({
      id: dispatches.id,
      status: dispatches.status,
      pickupDate: dispatches.pickupDate,
      jobNumber: rateConfirmations.jobNumber,
      clientId: rateConfirmations.clientId,
      clientName: clients.name,
      clientAddress: clients.address,
      clientContact: clients.contactPerson,
      positionType: dispatches.positionType,
      positionName: dispatches.positionName,
      firstName: pevos.firstName,
      lastName: pevos.lastName,
    })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(scoped(dispatches, scope, inArray(dispatches.id, dispatchIds)));
}
