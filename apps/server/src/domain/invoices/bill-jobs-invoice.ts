/**
 * One invoice from a choice of one client's completed jobs (DECISIONS 'Consolidated invoices'): each
 * job's suggested lines (its rate confirmation's rates over its trip logs, ./suggested-lines.ts) under
 * its heading; a single job makes a normal invoice. A draft like any other: the office edits it
 * before sending. One transaction with its claims, activity event and live event.
 */

import { clients, companies, invoiceLineItems, invoices, missingRow } from "@pevo/db";
import { invoiceTotals, positionLabel, type TBillJobsInvoice, type TInvoiceData } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { addDaysIso } from "../../lib/dates";
import { ConflictError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { ownCompany, type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { getInvoice } from "./get-invoice";
import { claimJobs, jobAlreadyInvoiced, jobName, jobsToBill, liveClaims } from "./invoice-jobs";
import { invoiceToday } from "./invoice-status";
import { nextInvoiceNumber } from "./list-invoices";
import { suggestedLinesOf } from "./suggested-lines";

const JOB_NOT_FOUND = "Job not found";
const NUMBER_RACE = "Another invoice took the new number meanwhile: create the invoice again";

function refuse(message: string): never {
  throw new ConflictError(message, { dispatchIds: message });
}

export async function createInvoiceFromJobs(scope: Scope, input: TBillJobsInvoice) {
  const { db, companyId, userId } = scope;
  const found = await jobsToBill(db, scope, input.dispatchIds);
  // Another company's job reads as unknown (ARCHITECTURE: tenant scoping).
  if (found.length !== input.dispatchIds.length) throw new NotFoundError(JOB_NOT_FOUND);
  // Billed in the order they ran.
  const jobs = [...found].sort(
    (a, b) => a.pickupDate.localeCompare(b.pickupDate) || a.id.localeCompare(b.id),
  );
  const names = Object.fromEntries(jobs.map((j) => [j.id, jobName(j)]));
  const first = jobs[0] ?? missingRow("dispatches");
  for (const job of jobs) {
    if (job.status !== "completed") refuse(`${names[job.id]} is not completed yet: bill it once it is done`);
    if (!job.clientId) refuse(`${names[job.id]} has no client: bill it from its own invoice`);
    if (job.clientId !== first.clientId) {
      refuse(
        `${names[job.id]} is for ${job.clientName ?? "another client"}: one invoice bills one client's jobs`,
      );
    }
  }
  const [claimed] = await liveClaims(
    db,
    scope,
    jobs.map((j) => j.id),
  );
  if (claimed) refuse(jobAlreadyInvoiced(names[claimed.dispatchId] ?? "A job", claimed.invoiceNumber));

  const consolidated = jobs.length > 1;
  const suggestions = await suggestedLinesOf(
    scope,
    jobs.map((job) => job.id),
  );
  const lineItems: TInvoiceData["lineItems"] = jobs.flatMap((job) => {
    const items = suggestions.get(job.id)?.items ?? [];
    // A job with nothing to suggest still gets its line: the office prices it on the draft.
    const lines = items.length
      ? items
      : [
          {
            kind: "day" as const,
            date: job.pickupDate,
            location: names[job.id] ?? "",
            mileage: "0.00",
            charge: "0.00",
          },
        ];
    return lines.map((line) => ({ ...line, dispatchId: consolidated ? job.id : null }));
  });

  const [company = missingRow("companies")] = await db
    .select({ taxRate: companies.taxRate, paymentTermsDays: companies.paymentTermsDays })
    .from(companies)
    .where(ownCompany(scope));
  // The client's quick-pay terms go on the draft as on any saved draft (save-invoice.ts billTo).
  const [quickPay] = first.clientId
    ? await db
        .select({ quickPayPercent: clients.quickPayPercent, quickPayDays: clients.quickPayDays })
        .from(clients)
        .where(scoped(clients, scope, eq(clients.id, first.clientId)))
    : [];
  const issueDate = input.issueDate ?? (await invoiceToday(db, scope));
  const invoiceNumber = await nextInvoiceNumber(scope, issueDate);
  const totals = invoiceTotals(
    lineItems.map((l) => l.charge),
    company.taxRate,
  );
  const pevo = `${first.firstName ?? ""} ${first.lastName ?? ""}`.trim();
  const id = await db
    .transaction(async (tx) => {
      const [row = missingRow("invoices")] = await tx
        .insert(invoices)
        .values({
          companyId,
          createdBy: userId,
          // The first job: a consolidated invoice's jobs are its invoice_jobs rows.
          dispatchId: first.id,
          clientId: first.clientId,
          invoiceNumber,
          issueDate,
          dueDate: addDaysIso(issueDate, company.paymentTermsDays),
          ...totals,
          taxRate: company.taxRate,
          quickPayPercent: quickPay?.quickPayPercent ?? null,
          quickPayDays: quickPay?.quickPayDays ?? null,
          status: "draft",
          customerName: first.clientName,
          customerAddress: first.clientAddress || first.clientContact || null,
          // One PEVO for one job; a consolidated invoice names each job's under its heading.
          pevoName: consolidated ? null : pevo || null,
          pevoPosition: consolidated ? null : positionLabel(first),
        })
        .returning({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status });
      await tx
        .insert(invoiceLineItems)
        .values(lineItems.map((line, sortOrder) => ({ ...line, companyId, invoiceId: row.id, sortOrder })));
      await claimJobs(tx, scope, { invoiceId: row.id, dispatchIds: jobs.map((j) => j.id), names });
      await recordActivity(tx, scope, {
        actorId: userId,
        type: "invoice_generated",
        job: first.jobNumber,
        client: first.clientName,
        amount: totals.total,
        message: consolidated
          ? `Invoice ${invoiceNumber} generated for ${jobs.length} jobs`
          : `Invoice ${invoiceNumber} generated${first.jobNumber ? ` for ${first.jobNumber}` : ""}`,
      });
      await publishEvent(tx, { companyId, by: userId, ...invoiceEvent("created")(row) });
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ConflictError(NUMBER_RACE);
      throw error;
    });
  return getInvoice(scope, id);
}
