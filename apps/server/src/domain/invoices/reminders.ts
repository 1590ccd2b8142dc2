/**
 * Overdue invoice reminders (DECISIONS 'Invoices'): an email 1, 7 and 30 days after the due date, at 09:00
 * in the company's time zone, to the address the invoice was last sent to. Durable jobs
 * (lib/jobs.ts) keyed `invoice-reminder:<invoiceId>:<days>`: exactly once across restarts and
 * workers (the mail goes into the job's transaction).
 *
 * `syncInvoiceReminders` runs in the transaction of every change that matters (sent, due date
 * edited, payment recorded or deleted, void): the jobs follow the invoice as saved. The handler
 * checks everything again when it runs: the company's "Invoice reminders" setting, the invoice
 * still open with a balance and overdue, and the instant in the company's current zone.
 */
import { companies, type Executor, invoices } from "@pevo/db";
import { fromCents, INVOICE_LINK_DAYS, INVOICE_REMINDER_DAYS } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { addDaysIso } from "../../lib/dates";
import { cancel, type JobHandlers, schedule } from "../../lib/jobs";
import { type CompanyId, ownCompany, scoped } from "../../lib/tenant";
import { zonedDate, zonedTimeToUtc } from "../../lib/zoned-time";
import { invoiceReminderMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { companyLogoUrl, companyTimeZone } from "../company";
import { createPublicLink, daysFrom } from "../public-links";
import { balanceCents, isOpenStatus } from "./invoice-status";

export const INVOICE_REMINDER = "invoice-reminder";
type Payload = { invoiceId: string; days: number };
const REMINDER_TIME = "09:00";

const reminderKey = (invoiceId: string, days: number) => `${INVOICE_REMINDER}:${invoiceId}:${days}`;
const invoicePrefix = (invoiceId: string) => `${INVOICE_REMINDER}:${invoiceId}:`;

/** When the reminder `days` after the due date goes out: 09:00 that day in the company's zone. */
const reminderInstant = (dueDate: string, days: number, timeZone: string) =>
  zonedTimeToUtc(addDaysIso(dueDate, days), REMINDER_TIME, timeZone);

/** Drops the invoice's pending reminders (it was paid, voided or deleted). */
export const cancelInvoiceReminders = (tx: Executor, scope: { companyId: CompanyId }, invoiceId: string) =>
  cancel(tx, scope, { prefix: invoicePrefix(invoiceId) });

/** The public invoice page of a token (the email's link). */
export const invoiceUrl = (deps: Pick<Deps, "config">, token: string) => `${deps.config.appUrl}/i/${token}`;

/**
 * Brings the invoice's reminder jobs in line with the invoice as saved (call it in the write's
 * transaction): scheduled while it was sent and has a balance, dropped otherwise. Instants already
 * past are not scheduled (an invoice sent 10 days late gets the 30-day reminder only).
 */
export async function syncInvoiceReminders(
  tx: Executor,
  scope: { companyId: CompanyId },
  invoiceId: string,
  now = new Date(),
) {
  const [inv] = await tx
    .select({
      status: invoices.status,
      dueDate: invoices.dueDate,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      sentTo: invoices.sentTo,
    })
    .from(invoices)
    .where(scoped(invoices, scope, eq(invoices.id, invoiceId)));
  if (!inv?.sentTo || !isOpenStatus(inv.status) || balanceCents(inv) <= 0) {
    await cancelInvoiceReminders(tx, scope, invoiceId);
    return;
  }
  const timeZone = await companyTimeZone(tx, scope);
  for (const days of INVOICE_REMINDER_DAYS) {
    const runAt = reminderInstant(inv.dueDate, days, timeZone);
    if (runAt <= now) await cancel(tx, scope, reminderKey(invoiceId, days));
    else
      await schedule<Payload>(tx, scope, {
        kind: INVOICE_REMINDER,
        key: reminderKey(invoiceId, days),
        runAt,
        payload: { invoiceId, days },
      });
  }
}

export function invoiceReminderHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [INVOICE_REMINDER]: async ({ tx, companyId, payload, job, now }) => {
      const scope = { companyId };
      const { invoiceId, days } = payload as Payload;
      const [company] = await tx
        .select({
          name: companies.name,
          invoiceReminders: companies.invoiceReminders,
          timeZone: companies.timeZone,
        })
        .from(companies)
        .where(ownCompany(scope));
      // Turned off in Settings: nothing goes out (checked now, not when it was scheduled).
      if (!company?.invoiceReminders) return;
      const [inv] = await tx
        .select()
        .from(invoices)
        .where(scoped(invoices, scope, eq(invoices.id, invoiceId)))
        .for("update");
      if (!inv?.sentTo || !isOpenStatus(inv.status) || balanceCents(inv) <= 0) return;
      // The zone may have changed since it was scheduled: not yet due there, so wait.
      const at = reminderInstant(inv.dueDate, days, company.timeZone);
      if (at > now) return { runAgainAt: at };
      if (!(inv.dueDate < zonedDate(company.timeZone, now))) return;
      const link = await createPublicLink(tx, scope, {
        purpose: "invoice_view",
        subjectId: inv.id,
        expiresAt: daysFrom(now, INVOICE_LINK_DAYS),
      });
      const balance = fromCents(balanceCents(inv));
      await recordActivity(tx, scope, {
        actorId: null,
        type: "invoice_reminded",
        status: "pending",
        client: inv.customerName,
        amount: balance,
        message: `Overdue reminder (${days} ${days === 1 ? "day" : "days"}) sent for invoice ${inv.invoiceNumber} to ${inv.sentTo}`,
      });
      await deps.mailer.send(
        invoiceReminderMail(
          {
            to: inv.sentTo,
            companyName: company.name,
            invoiceNumber: inv.invoiceNumber,
            total: inv.total,
            balance,
            dueDate: inv.dueDate,
            logoUrl: await companyLogoUrl(tx, scope, deps.config.appUrl),
          },
          days,
          invoiceUrl(deps, link.token),
        ),
        { tx, messageId: `<job-${job.id}@${new URL(deps.config.appUrl).hostname}>` },
      );
    },
  };
}
