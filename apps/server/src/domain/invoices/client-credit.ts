/**
 * The client's credit (DECISIONS 'Client credit'): a ledger of signed entries whose sum is the
 * unapplied credit. Adding credit (an overpayment, a credit note's excess) joins the caller's
 * transaction; taking it (apply, refund: ./apply-credit.ts, ./refund-credit.ts) locks the client row
 * first, so two of them never spend the same credit. Lock order everywhere: invoice, then client.
 */
import {
  clientCreditEntries,
  clients,
  type Executor,
  invoices,
  missingRow,
  type Transaction,
  user,
} from "@pevo/db";
import { formatUsd, fromCents, type TClientCredit } from "@pevo/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { CLIENT_NOT_FOUND } from "../clients";
import { invoiceToday } from "./invoice-status";

/** Where added credit came from. A credit note has no table reference yet (its module is built apart). */
type ClientCreditSource =
  | { kind: "overpayment"; invoiceId: string; paymentId: string }
  | { kind: "credit_note"; creditNoteId: string; invoiceId?: string | null };

const HISTORY_LIMIT = 100;

/**
 * The client row locked against other credit changes until the transaction ends. NO KEY UPDATE: a
 * payment inserting an overpayment entry (its foreign key takes KEY SHARE) is not blocked by it.
 */
export async function lockClientCredit(tx: Executor, scope: Pick<Scope, "companyId">, clientId: string) {
  const [client] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(scoped(clients, scope, eq(clients.id, clientId)))
    .for("no key update");
  if (!client) throw new NotFoundError(CLIENT_NOT_FOUND);
  return client;
}

/** The company's client (404 otherwise), not locked. */
export async function requireClient(db: Executor, scope: Pick<Scope, "companyId">, clientId: string) {
  const [client] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(scoped(clients, scope, eq(clients.id, clientId)));
  if (!client) throw new NotFoundError(CLIENT_NOT_FOUND);
  return client;
}

/** The client's unapplied credit in cents (the sum of its entries). */
export async function creditCents(db: Executor, scope: Pick<Scope, "companyId">, clientId: string) {
  const [row = missingRow("clientCreditEntries")] = await db
    .select({ cents: sql<number>`coalesce(sum(${clientCreditEntries.amountCents}), 0)`.mapWith(Number) })
    .from(clientCreditEntries)
    .where(scoped(clientCreditEntries, scope, eq(clientCreditEntries.clientId, clientId)));
  return row.cents;
}

/**
 * Adds credit to the client in the caller's transaction with its activity event: the excess of an
 * overpayment (recordPayment) or of a credit note above its invoice's balance. The amount is integer
 * cents above 0; the client must be the company's (404 otherwise).
 */
export async function addClientCredit(
  tx: Transaction,
  scope: Scope,
  input: {
    clientId: string;
    amountCents: number;
    source: ClientCreditSource;
    date?: string;
    note?: string | null;
  },
) {
  const { clientId, amountCents, source } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`Client credit must be a positive number of cents, got ${amountCents}`);
  }
  const client = await requireClient(tx, scope, clientId);
  const [entry = missingRow("clientCreditEntries")] = await tx
    .insert(clientCreditEntries)
    .values({
      companyId: scope.companyId,
      clientId,
      kind: source.kind,
      date: input.date ?? (await invoiceToday(tx, scope)),
      amountCents,
      invoiceId: source.invoiceId ?? null,
      paymentId: source.kind === "overpayment" ? source.paymentId : null,
      creditNoteId: source.kind === "credit_note" ? source.creditNoteId : null,
      note: input.note ?? null,
      createdBy: scope.userId,
    })
    .returning();
  const amount = fromCents(amountCents);
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: "client_credit_added",
    status: "success",
    client: client.name,
    amount,
    message: `${formatUsd(amount)} added to ${client.name}'s credit (${source.kind === "overpayment" ? "overpayment" : "credit note"}); credit now ${formatUsd(fromCents(await creditCents(tx, scope, clientId)))}`,
  });
  return entry;
}

/** GET /api/clients/{id}/credit: the unapplied credit and the latest entries, newest first. */
export async function clientCredit(
  scope: Pick<Scope, "db" | "companyId">,
  clientId: string,
): Promise<TClientCredit> {
  const { db } = scope;
  await requireClient(db, scope, clientId);
  const e = clientCreditEntries;
  const [cents, rows] = await Promise.all([
    creditCents(db, scope, clientId),
    db
      .select({
        id: e.id,
        kind: e.kind,
        date: e.date,
        amountCents: e.amountCents,
        invoiceId: e.invoiceId,
        invoiceNumber: invoices.invoiceNumber,
        creditNoteId: e.creditNoteId,
        method: e.method,
        reference: e.reference,
        note: e.note,
        createdAt: e.createdAt,
        createdByName: user.name,
      })
      .from(e)
      .leftJoin(invoices, and(eq(invoices.id, e.invoiceId), eq(invoices.companyId, e.companyId)))
      .leftJoin(user, and(eq(user.id, e.createdBy), eq(user.companyId, e.companyId)))
      .where(scoped(e, scope, eq(e.clientId, clientId)))
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(HISTORY_LIMIT),
  ]);
  return {
    clientId,
    credit: fromCents(cents),
    entries: rows.map(({ amountCents, createdAt, ...r }) => ({
      ...r,
      amount: fromCents(amountCents),
      createdAt: createdAt.toISOString(),
    })),
  };
}

/**
 * The unapplied credit of the grouped invoices' client, in cents, for a select grouped by
 * invoices.client_id (receivables): 0 for invoices without a client.
 */
export const creditOfInvoiceClientSql = (scope: Pick<Scope, "companyId">) =>
  sql<number>`(
  select coalesce(sum(${clientCreditEntries.amountCents}), 0) from ${clientCreditEntries}
  where ${clientCreditEntries.companyId} = ${scope.companyId} and ${clientCreditEntries.clientId} = ${invoices.clientId}
)`.mapWith(Number);

/** Every client's unapplied credit together (the receivables' totals), in cents. */
export async function companyCreditCents(db: Executor, scope: Pick<Scope, "companyId">) {
  const [row = missingRow("clientCreditEntries")] = await db
    .select({ cents: sql<number>`coalesce(sum(${clientCreditEntries.amountCents}), 0)`.mapWith(Number) })
    .from(clientCreditEntries)
    .where(scoped(clientCreditEntries, scope));
  return row.cents;
}
