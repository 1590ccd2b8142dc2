import { clients, dispatches, invoices, pevos, positions, rateConfirmations, standardRates } from "@pevo/db";
import type { TDispatch } from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { mailState } from "../../mail/mail-jobs";
import { invoiceToday, overdueSql } from "../invoices";
import { dispatchAlertKey } from "./dispatch-alert";
import { loadDetailsOf, permitsOf } from "./load-details";

export const DISPATCH_NOT_FOUND = "Dispatch not found";

/** The rate confirmation part of a dispatch: job, route, rates, positions and load details. */
async function rateConfirmationSummary(scope: Scope, id: string) {
  const { db } = scope;
  const [rc] = await db
    .select({ rc: rateConfirmations, clientName: clients.name, rates: standardRates })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!rc) return null;
  const [pos, permitRows] = await Promise.all([
    db
      .select({
        positionType: positions.positionType,
        customName: positions.customName,
        pevoId: positions.pevoId,
      })
      .from(positions)
      .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)))
      .orderBy(asc(positions.sortOrder)),
    permitsOf(db, scope, id),
  ]);
  const r = rc.rates;
  return {
    id: rc.rc.id,
    jobNumber: rc.rc.jobNumber,
    clientId: rc.rc.clientId,
    clientName: rc.clientName,
    originAddress: rc.rc.originAddress,
    destinationAddress: rc.rc.destinationAddress,
    startDate: rc.rc.startDate,
    description: rc.rc.description,
    standardRates: r
      ? {
          minimumDailyRate: r.minimumDailyRate,
          mileageRate: r.mileageRate,
          overnightRate: r.overnightRate,
          noGoRate: r.noGoRate,
          detentionRate: r.detentionRate,
          detentionThreshold: r.detentionThreshold,
        }
      : null,
    positions: pos,
    loadDetails: loadDetailsOf(rc.rc, permitRows),
  };
}

export async function getDispatch(scope: Scope, id: string): Promise<TDispatch> {
  const { db } = scope;
  const [row] = await db
    .select({ d: dispatches, pevoFirst: pevos.firstName, pevoLast: pevos.lastName })
    .from(dispatches)
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(scoped(dispatches, scope, eq(dispatches.id, id)));
  if (!row) throw new NotFoundError(DISPATCH_NOT_FOUND);
  const today = await invoiceToday(db, scope);
  const [invoiceRows, rateConfirmation] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        status: invoices.status,
        total: invoices.total,
        overdue: overdueSql(today),
      })
      .from(invoices)
      .where(scoped(invoices, scope, eq(invoices.dispatchId, id)))
      .orderBy(asc(invoices.createdAt)),
    row.d.rateConfirmationId ? rateConfirmationSummary(scope, row.d.rateConfirmationId) : null,
  ]);
  const d = row.d;
  return {
    id: d.id,
    rateConfirmationId: d.rateConfirmationId,
    pevoId: d.pevoId,
    driverName: d.driverName,
    driverPhone: d.driverPhone,
    driverCompany: d.driverCompany,
    pickupDate: d.pickupDate,
    pickupTime: d.pickupTime,
    notes: d.notes,
    status: d.status,
    positionType: d.positionType,
    positionName: d.positionName,
    pevoName: row.pevoFirst ? `${row.pevoFirst} ${row.pevoLast}` : null,
    createdAt: d.createdAt.toISOString(),
    alertMail: await mailState(db, scope, dispatchAlertKey(d.id)),
    hasInvoices: invoiceRows.length > 0,
    invoices: invoiceRows,
    rateConfirmation,
  };
}
