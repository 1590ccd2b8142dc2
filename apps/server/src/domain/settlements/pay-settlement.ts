/**
 * Marking an approved settlement paid (DECISIONS 'PEVO pay'): one transaction on the locked row
 * stores the date, method and reference, records the activity event and queues each PEVO's statement
 * email (the PDF attached) in the outbox (ADR 0012), tried once right after the commit. A PEVO who
 * turned Email Notifications off or has no email gets no mail; the statement is in their portal.
 */
import { settlements } from "@pevo/db";
import { SETTLEMENT_PAY_METHOD_LABELS, type TMarkSettlementPaid } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { formatDay } from "../../lib/dates";
import { ConflictError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { deliverAllNow, enqueueMail } from "../../mail/mail-jobs";
import { payStatementMail } from "../../mail/templates";
import { recordActivity } from "../activity";
import { getCompanySettings } from "../company";
import { pevoMailRecipient } from "../pevos";
import { getSettlement, lockSettlement, readSettlement } from "./read-settlement";
import { renderStatementPdf, statementFileName } from "./statement-pdf";

const NOT_APPROVED = "Approve the settlement before marking it paid";
const ALREADY_PAID = "This settlement is paid already";

export async function paySettlement(
  scope: Scope,
  { id, payment }: { id: string; payment: TMarkSettlementPaid },
  deps: Pick<Deps, "mailer" | "config">,
) {
  const company = await getCompanySettings(scope);
  const mailJobs = await scope.db.transaction(async (tx) => {
    const row = await lockSettlement(tx, scope, id);
    if (row.status === "paid") throw new ConflictError(ALREADY_PAID);
    if (row.status !== "approved") throw new ConflictError(NOT_APPROVED);
    await tx
      .update(settlements)
      .set({
        status: "paid",
        paidDate: payment.date,
        paidMethod: payment.method,
        paidReference: payment.reference,
      })
      .where(scoped(settlements, scope, eq(settlements.id, id)));
    const paid = await readSettlement(tx, scope, id);
    const method = SETTLEMENT_PAY_METHOD_LABELS[payment.method];
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "settlement_paid",
      amount: paid.net,
      message: `PEVO pay settlement ${row.periodStart} – ${row.periodEnd} paid on ${payment.date} by ${method}${payment.reference ? ` (${payment.reference})` : ""}`,
    });
    const period = `${formatDay(paid.periodStart)} – ${formatDay(paid.periodEnd)}`;
    const jobs: string[] = [];
    for (const pevo of paid.pevos) {
      const to = await pevoMailRecipient(tx, scope, pevo.pevoId, null);
      if (!to) continue;
      const pdf = await renderStatementPdf(company, paid, pevo);
      jobs.push(
        await enqueueMail(
          tx,
          scope,
          `settlement:${id}:${pevo.pevoId}`,
          payStatementMail(
            {
              to: to.email,
              pevoName: pevo.pevoName,
              companyName: company.name,
              period,
              net: pevo.totals.net,
              paidText: `paid ${formatDay(payment.date)} by ${method}`,
            },
            `${deps.config.appUrl}/pevo/earnings`,
            pdf,
            statementFileName(paid, pevo.pevoName),
          ),
        ),
      );
    }
    return jobs;
  });
  await deliverAllNow({ db: scope.db, ...deps }, mailJobs);
  return getSettlement(scope, id);
}
