import { clients, missingRow, rateConfirmations } from "@pevo/db";
import {
  BILL_TO_MESSAGE,
  type ClientSort,
  type TClientData,
  type TClientListQuery,
  ZClient,
} from "@pevo/shared";
import { and, count, eq, inArray, ne, type SQLWrapper, sql } from "drizzle-orm";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { countRows, offsetPageOf, searchMatches, sortBy } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";

const columns = {
  id: clients.id,
  name: clients.name,
  contactPerson: clients.contactPerson,
  mcNumber: clients.mcNumber,
  dotNumber: clients.dotNumber,
  email: clients.email,
  billingEmail: clients.billingEmail,
  phone: clients.phone,
  cellPhone: clients.cellPhone,
  fax: clients.fax,
  address: clients.address,
  paymentTermsDays: clients.paymentTermsDays,
  poRequired: clients.poRequired,
  billToClientId: clients.billToClientId,
  quickPayPercent: clients.quickPayPercent,
  quickPayDays: clients.quickPayDays,
  // The bill-to client's name, read in the same statement (the list and a read). Written out: Drizzle
  // names a selected column without its table, which inside the subquery would be the inner row's.
  billToName: sql<string | null>`(${sql.raw(
    'select b.name from clients b where b.company_id = "clients"."company_id" and b.id = "clients"."bill_to_client_id"',
  )})`,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

export const CLIENT_NOT_FOUND = "Client not found";
const CLIENT_IN_USE =
  "This client has rate confirmations and cannot be deleted. Delete or reassign them first.";

// Text sorts are case-insensitive, so the order does not depend on the database's collation (PGlite
// sorts "acme" after "Zeta"); the column itself then the id break ties.
const SORTS: Record<ClientSort, SQLWrapper[]> = {
  name: [sql`lower(${clients.name})`, clients.name],
  contactPerson: [sql`lower(${clients.contactPerson})`, clients.contactPerson],
  email: [sql`lower(${clients.email})`, clients.email],
  phone: [clients.phone],
  createdAt: [clients.createdAt],
};

/** A page of the company's clients, sorted and searched (name, contact person, email, phone). */
export function listClients(scope: Scope, params: TClientListQuery) {
  const where = scoped(clients, scope, params.q ? searchMatches(clients.searchText, params.q) : undefined);
  const order = sortBy(SORTS[params.sort], params.dir, clients.id);
  return offsetPageOf(params, {
    // The page's ids in a subquery: a deep page skips entries of the name index instead of rows.
    rows: (limit, offset) => {
      const page = scope.db
        .select({ id: clients.id })
        .from(clients)
        .where(where)
        .orderBy(...order);
      return scope.db
        .select(columns)
        .from(clients)
        .where(scoped(clients, scope, inArray(clients.id, page.limit(limit).offset(offset))))
        .orderBy(...order);
    },
    count: (cap) => countRows(scope.db, clients, where, cap),
  });
}

export async function getClient(scope: Scope, id: string) {
  const [row] = await scope.db
    .select(columns)
    .from(clients)
    .where(scoped(clients, scope, eq(clients.id, id)));
  if (!row) throw new NotFoundError(CLIENT_NOT_FOUND);
  return row;
}

/**
 * The bill-to party must be another client of the same company (DECISIONS 'Client billing
 * settings'): another company's id reads as unknown, and a client is not its own third party.
 */
async function checkBillTo(scope: Scope, input: TClientData, id?: string) {
  if (!input.billToClientId) return;
  if (input.billToClientId === id) {
    throw new InvalidInputError(BILL_TO_MESSAGE, { billToClientId: "Bill-to must be another client" });
  }
  const [found] = await scope.db
    .select({ id: clients.id })
    .from(clients)
    .where(
      scoped(clients, scope, and(eq(clients.id, input.billToClientId), id ? ne(clients.id, id) : undefined)),
    );
  if (!found) throw new InvalidInputError(BILL_TO_MESSAGE, { billToClientId: BILL_TO_MESSAGE });
}

export async function createClient(scope: Scope, input: TClientData) {
  const { db, companyId, userId } = scope;
  await checkBillTo(scope, input);
  return db.transaction(async (tx) => {
    const [row = missingRow("clients")] = await tx
      .insert(clients)
      .values({ ...input, companyId, createdBy: userId })
      .returning({ id: clients.id, name: clients.name });
    await recordActivity(tx, scope, {
      actorId: userId,
      type: "client_added",
      client: row.name,
      message: `Client ${row.name} added`,
    });
    return getClient({ ...scope, db: tx }, row.id);
  });
}

export async function updateClient(scope: Scope, { id, client }: { id: string; client: TClientData }) {
  await checkBillTo(scope, client, id);
  const [row] = await scope.db
    .update(clients)
    .set({ ...client, updatedAt: new Date() })
    .where(scoped(clients, scope, eq(clients.id, id)))
    .returning({ id: clients.id });
  if (!row) throw new NotFoundError(CLIENT_NOT_FOUND);
  // Read back with the bill-to client's name (a subquery RETURNING cannot name the table).
  return getClient(scope, id);
}

export async function deleteClient(scope: Scope, { id }: { id: string }) {
  await scope.db.transaction(async (tx) => {
    const [{ used } = missingRow("rateConfirmations")] = await tx
      .select({ used: count() })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.clientId, id)));
    if (used > 0) throw new ConflictError(CLIENT_IN_USE);
    const deleted = await tx
      .delete(clients)
      .where(scoped(clients, scope, eq(clients.id, id)))
      .returning({ id: clients.id });
    if (deleted.length === 0) throw new NotFoundError(CLIENT_NOT_FOUND);
  });
}

/**
 * Development only (the /dev seed route; e2e's server-search specs): `count` numbered clients
 * "<name> 0000"… with a contact person "Dispatcher 0000"…, an email and a phone, each validated by
 * the API's own schema, written in a few statements instead of `count` requests. No activity entry
 * each: a seed is not something the company did.
 */
export async function addNumberedClients(scope: Scope, { name, count }: { name: string; count: number }) {
  const { db, companyId, userId } = scope;
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "client";
  const rows = Array.from({ length: count }, (_, i) => {
    const n = String(i).padStart(4, "0");
    const client = ZClient.parse({
      name: `${name} ${n}`,
      contactPerson: `Dispatcher ${n}`,
      email: `${slug}.${n}@example.test`,
      phone: `(555) 2${n.slice(0, 2)}-${n}`,
    });
    return { ...client, companyId, createdBy: userId };
  });
  await db.transaction(async (tx) => {
    // Well under PostgreSQL's 65,535 parameters a statement.
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(clients).values(rows.slice(start, start + 500));
    }
  });
  return { added: rows.length };
}
