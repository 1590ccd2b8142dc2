/**
 * Factoring (DECISIONS 'Quick pay and factoring'): an invoice assigned to the company's factoring
 * company prints "Remit to" and the notice of assignment on its PDF, and its documents go to the
 * factor in one email (the outbox, like every mail). The factor's advance and final payment are
 * payments of method `factoring` (./payments.ts).
 */
import { dispatches, type Executor, invoiceJobs, invoices, payments, rateConfirmations } from "@pevo/db";
import type { TInvoice, TSendToFactor, TSentToFactor, TTripLog } from "@pevo/shared";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { invoiceEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { deliverNow, enqueueMail, mailStateById } from "../../mail/mail-jobs";
import { factorPacketMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyName, getFactoringSettings } from "../company";
import { signedPdf } from "../rate-confirmations";
import { listDispatchTripLogs } from "../trip-logs";
import { actorName } from "./actor-name";
import { getInvoice } from "./get-invoice";
import { lockInvoice } from "./lock-invoice";
import { renderInvoicePdf } from "./pdf";
import { invoiceFileName } from "./send-invoice";

const NO_FACTOR = "Set up your factoring company (name and remit-to address) in Settings → Factoring first";
const VOID_NOT_FACTORED = "A void invoice cannot be factored";
const PAID_NOT_FACTORED = "A paid invoice has nothing left to factor";
const FACTOR_PAID = "The factor's payments are recorded on this invoice: delete them before taking it back";
const NOT_FACTORED = "Mark the invoice factored before sending it to the factor";
const NO_FACTOR_EMAIL = "Add the factoring company's email in Settings → Factoring to send it documents";

/** Marks the invoice factored (the factor as set up now is copied onto it) or takes it back. */
export async function setInvoiceFactored(scope: Scope, { id, factored }: { id: string; factored: boolean }) {
  const who = await actorName(scope);
  await scope.db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_FACTORED);
    if (factored === (inv.factoredAt !== null)) return;
    const now = new Date();
    let message: string;
    if (factored) {
      if (inv.status === "paid") throw new ConflictError(PAID_NOT_FACTORED);
      const factor = await getFactoringSettings({ db: tx, companyId: scope.companyId });
      if (!factor.name || !factor.remitTo) throw new ConflictError(NO_FACTOR);
      await tx
        .update(invoices)
        .set({
          factoredAt: now,
          factorName: factor.name,
          factorEmail: factor.email,
          factorRemitTo: factor.remitTo,
          factorNotice: factor.notice,
          sentToFactorAt: null,
          updatedAt: now,
        })
        .where(scoped(invoices, scope, eq(invoices.id, id)));
      message = `Invoice ${inv.invoiceNumber} assigned to ${factor.name} for factoring by ${who}`;
    } else {
      const [factorPayment] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(scoped(payments, scope, eq(payments.invoiceId, id), eq(payments.method, "factoring")))
        .limit(1);
      if (factorPayment) throw new ConflictError(FACTOR_PAID);
      await tx
        .update(invoices)
        .set({
          factoredAt: null,
          factorName: null,
          factorEmail: null,
          factorRemitTo: null,
          factorNotice: null,
          sentToFactorAt: null,
          updatedAt: now,
        })
        .where(scoped(invoices, scope, eq(invoices.id, id)));
      message = `Invoice ${inv.invoiceNumber} taken back from ${inv.factorName ?? "the factor"} by ${who}`;
    }
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: factored ? "invoice_factored" : "invoice_unfactored",
      client: inv.customerName,
      amount: inv.total,
      message,
    });
    await publishEvent(tx, {
      companyId: scope.companyId,
      by: scope.userId,
      ...invoiceEvent("updated")({ id: inv.id, invoiceNumber: inv.invoiceNumber, status: inv.status }),
    });
  });
  return getInvoice(scope, id);
}

/** The jobs an invoice bills (its claims, else its dispatch) with their rate confirmation. */
async function jobsOf(tx: Executor, scope: Scope, inv: { id: string; dispatchId: string }) {
  const claimed = tx
    .select({ id: invoiceJobs.dispatchId })
    .from(invoiceJobs)
    .where(scoped(invoiceJobs, scope, eq(invoiceJobs.invoiceId, inv.id)));
  return tx
    .select({
      dispatchId: dispatches.id,
      rateConfirmationId: rateConfirmations.id,
      jobNumber: rateConfirmations.jobNumber,
    })
    .from(dispatches)
    .innerJoin(
      rateConfirmations,
      and(
        eq(rateConfirmations.id, dispatches.rateConfirmationId),
        eq(rateConfirmations.companyId, dispatches.companyId),
      ),
    )
    .where(scoped(dispatches, scope, or(eq(dispatches.id, inv.dispatchId), inArray(dispatches.id, claimed))))
    .orderBy(asc(dispatches.pickupDate), asc(dispatches.id));
}

const TRIP_LOG_HEADER = [
  "Date",
  "Job",
  "PEVO",
  "From",
  "To",
  "Miles",
  "Hours",
  "Wait hours",
  "Standby hours",
  "Overnight",
  "No-go",
  "Expenses",
  "Notes",
];

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The jobs' trip log as a CSV (UTF-8 with its byte order mark, like every export). */
function tripLogCsv(trips: TTripLog[]) {
  const rows = trips.map((t) => [
    t.tripDate,
    t.jobNumber ?? "",
    t.pevoName,
    t.startLocation,
    t.endLocation,
    t.miles,
    t.hours,
    t.waitHours,
    t.standbyHours,
    t.overnight ? "Yes" : "No",
    t.noGo ? "Yes" : "No",
    t.expenses.map((e) => `${e.type} ${e.amount}`).join("; "),
    t.notes ?? "",
  ]);
  const text = [TRIP_LOG_HEADER, ...rows].map((row) => row.map(cell).join(",")).join("\r\n");
  return Buffer.from(`\uFEFF${text}\r\n`, "utf8");
}

/** A job's trips, every page (a job has a trip per day: a handful; the page size bounds each read). */
async function tripsOf(scope: Scope, dispatchId: string) {
  const trips: TTripLog[] = [];
  for (let page = 1; ; page++) {
    const result = await listDispatchTripLogs(scope, dispatchId, {
      page,
      pageSize: 100,
      sort: "tripDate",
      dir: "asc",
    });
    trips.push(...result.items);
    if (trips.length >= result.total || result.items.length === 0) return trips;
  }
}

/**
 * Sends the factored invoice's packet to the factor: the invoice PDF, each job's signed rate
 * confirmation and the trip log, in one email. What is missing (a job not signed, no trips) is said
 * in the email and the answer rather than refused: the factor decides whether it buys.
 */
export async function sendToFactor(
  scope: Scope,
  { id, send }: { id: string; send: TSendToFactor },
  deps: Pick<Deps, "mailer" | "config">,
): Promise<TSentToFactor> {
  const { db } = scope;
  const who = await actorName(scope);
  const sent = await db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, scope, id);
    if (inv.status === "void") throw new ConflictError(VOID_NOT_FACTORED);
    if (!inv.factoredAt || !inv.factorName) throw new ConflictError(NOT_FACTORED);
    const txScope: Scope = { ...scope, db: tx };
    const current = await getFactoringSettings(txScope);
    // The email the invoice was assigned with, else the factor's as set up now (the same factor).
    const to = inv.factorEmail ?? (current.name === inv.factorName ? current.email : null);
    if (!to) throw new ConflictError(NO_FACTOR_EMAIL);
    const invoice: TInvoice = await getInvoice(txScope, id);
    const attachments = [
      {
        filename: invoiceFileName(invoice.invoiceNumber),
        contentType: "application/pdf",
        content: await renderInvoicePdf(txScope, invoice),
      },
    ];
    const missing: string[] = [];
    const trips: TTripLog[] = [];
    for (const job of await jobsOf(tx, scope, inv)) {
      try {
        const signed = await signedPdf(txScope, job.rateConfirmationId);
        attachments.push({ filename: signed.fileName, contentType: "application/pdf", content: signed.pdf });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        missing.push(`rate confirmation ${job.jobNumber} is not signed`);
      }
      trips.push(...(await tripsOf(txScope, job.dispatchId)));
    }
    if (trips.length > 0) {
      attachments.push({
        filename: `trip-log-${invoice.invoiceNumber}.csv`,
        contentType: "text/csv",
        content: tripLogCsv(trips),
      });
    } else {
      missing.push("no trip log entries");
    }
    const now = new Date();
    await tx
      .update(invoices)
      .set({ sentToFactorAt: now, updatedAt: now })
      .where(scoped(invoices, scope, eq(invoices.id, id)));
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "invoice_sent_to_factor",
      client: inv.customerName,
      amount: inv.total,
      message: `Invoice ${inv.invoiceNumber} sent to ${inv.factorName} (${to}) by ${who} with ${attachments.length} ${attachments.length === 1 ? "document" : "documents"}${missing.length ? `; not included: ${missing.join("; ")}` : ""}`,
    });
    const mailJob = await enqueueMail(
      tx,
      scope,
      factorMailKey(id),
      factorPacketMail(
        {
          to,
          companyName: (await companyName(tx, scope)) ?? "",
          factorName: inv.factorName,
          invoiceNumber: invoice.invoiceNumber,
          customer: invoice.billTo?.name ?? invoice.customerName ?? "the customer",
          total: invoice.total,
          dueDate: invoice.dueDate,
          missing,
        },
        send.message,
        attachments,
      ),
    );
    await publishEvent(tx, {
      companyId: scope.companyId,
      by: scope.userId,
      ...invoiceEvent("updated")({ id: inv.id, invoiceNumber: inv.invoiceNumber, status: inv.status }),
    });
    return { now, to, mailJob, attached: attachments.map((a) => a.filename), missing };
  });
  const mailSent = await deliverNow({ db, ...deps }, sent.mailJob);
  return {
    sentToFactorAt: sent.now.toISOString(),
    to: sent.to,
    attached: sent.attached,
    missing: sent.missing,
    mailSent,
    mail: await mailStateById(db, scope, sent.mailJob),
  };
}

/** The key of an invoice's factor email (mail/mail-jobs.ts). */
const factorMailKey = (invoiceId: string) => `invoice-factor:${invoiceId}`;
