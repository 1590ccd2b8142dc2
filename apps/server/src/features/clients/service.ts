import { clients, rateConfirmations } from "@pevo/db";
import type { TClientData } from "@pevo/shared";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Scope } from "../../http/context";
import { ApiError, notFound } from "../../http/errors";
import { recordActivity } from "../../lib/activity";

const columns = {
  id: clients.id,
  name: clients.name,
  contactPerson: clients.contactPerson,
  mcNumber: clients.mcNumber,
  dotNumber: clients.dotNumber,
  email: clients.email,
  phone: clients.phone,
  cellPhone: clients.cellPhone,
  fax: clients.fax,
  address: clients.address,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

export const CLIENT_NOT_FOUND = "Client not found";
export const CLIENT_IN_USE =
  "This client has rate confirmations and cannot be deleted. Delete or reassign them first.";

export function listClients({ db, companyId }: Scope) {
  // Case-insensitive, so the order does not depend on the database's collation (PGlite sorts "acme" after "Zeta").
  return db
    .select(columns)
    .from(clients)
    .where(eq(clients.companyId, companyId))
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.name), asc(clients.id));
}

export async function getClient({ db, companyId }: Scope, id: string) {
  const [row] = await db
    .select(columns)
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.companyId, companyId)));
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

export async function createClient({ db, companyId, userId }: Scope, input: TClientData) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({ ...input, companyId, createdBy: userId })
      .returning(columns);
    await recordActivity(tx, {
      companyId,
      actorId: userId,
      type: "client_added",
      client: row.name,
      message: `Client ${row.name} added`,
    });
    return row;
  });
}

export async function updateClient({ db, companyId }: Scope, id: string, input: TClientData) {
  const [row] = await db
    .update(clients)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(clients.id, id), eq(clients.companyId, companyId)))
    .returning(columns);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

export async function deleteClient({ db, companyId }: Scope, id: string) {
  await db.transaction(async (tx) => {
    const [{ used }] = await tx
      .select({ used: count() })
      .from(rateConfirmations)
      .where(and(eq(rateConfirmations.clientId, id), eq(rateConfirmations.companyId, companyId)));
    if (used > 0) throw new ApiError(409, CLIENT_IN_USE);
    const deleted = await tx
      .delete(clients)
      .where(and(eq(clients.id, id), eq(clients.companyId, companyId)))
      .returning({ id: clients.id });
    if (deleted.length === 0) throw notFound(CLIENT_NOT_FOUND);
  });
}
