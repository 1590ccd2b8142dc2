/**
 * The Accept / Decline link of an assignment mail (no session: the token names the company and the
 * dispatch, and the PEVO it is assigned to acts).
 */
import {
  clients,
  companies,
  type Database,
  dispatchEvents,
  dispatches,
  missingRow,
  pevos,
  rateConfirmations,
} from "@pevo/db";
import type { TDispatchResponsePage } from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError } from "../../lib/domain-errors";
import { ownCompany, scoped } from "../../lib/tenant";
import { openPublicLink, PublicLinkError } from "../public-links";
import { accept } from "./accept-job";
import { decline } from "./decline-job";
import { dispatchRow, JOB_CANCELED, stageOf } from "./lifecycle";

/** What the emailed Accept / Decline page says for a link it cannot open. */
export const RESPONSE_LINK_MESSAGES = {
  unknown: "This link is not valid. Check that you copied the whole link from the email.",
  expired: "This link has expired. Open the job in your portal, or call the office.",
  revoked:
    "This link was already used, or the job was reassigned or changed. Open your portal to see your jobs.",
} as const;
/** What a response token opens: the dispatch, and the PEVO it is assigned to (the link's addressee). */
async function openLink(db: Database, token: string) {
  const { scope, subjectId } = await openPublicLink(db, "dispatch_response", token, RESPONSE_LINK_MESSAGES);
  const d = await dispatchRow(db, scope, subjectId);
  // A link is revoked whenever the assignment changes; an unassigned dispatch is the same case.
  if (!d?.pevoId) throw new PublicLinkError(RESPONSE_LINK_MESSAGES.revoked);
  const [pevo] = await db
    .select({ userId: pevos.userId })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, d.pevoId)));
  return { scope, d, actor: { companyId: scope.companyId, userId: pevo?.userId ?? null, pevoId: d.pevoId } };
}

/** A link error is a 404 with the page's message; a rule is a 409 as in the portal. */
export async function openResponsePage(db: Database, token: string): Promise<TDispatchResponsePage> {
  const { scope, d } = await openLink(db, token);
  const [row = missingRow("dispatches")] = await db
    .select({
      pevoFirst: pevos.firstName,
      pevoLast: pevos.lastName,
      pickupTime: dispatches.pickupTime,
      origin: rateConfirmations.originAddress,
      destination: rateConfirmations.destinationAddress,
      clientName: clients.name,
    })
    .from(dispatches)
    .innerJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(scoped(dispatches, scope, eq(dispatches.id, d.id)));
  const [company] = await db.select({ name: companies.name }).from(companies).where(ownCompany(scope));
  const events = await db
    .select({ kind: dispatchEvents.kind, pevoId: dispatchEvents.pevoId })
    .from(dispatchEvents)
    .where(scoped(dispatchEvents, scope, eq(dispatchEvents.dispatchId, d.id)))
    .orderBy(asc(dispatchEvents.at), asc(dispatchEvents.id));
  if (d.status === "canceled") throw new ConflictError(JOB_CANCELED);
  return {
    state: stageOf(d.pevoId, events) === "awaiting" ? "awaiting" : "accepted",
    pevoName: `${row.pevoFirst} ${row.pevoLast}`,
    companyName: company?.name ?? "",
    jobNumber: d.jobNumber,
    pickupDate: d.pickupDate,
    pickupTime: row.pickupTime,
    originAddress: row.origin,
    destinationAddress: row.destination,
  };
}

export async function acceptByToken(db: Database, token: string) {
  const { d, actor } = await openLink(db, token);
  await accept(db, actor, d.id);
  return openResponsePage(db, token);
}

export async function declineByToken(
  deps: Pick<Deps, "db" | "mailer" | "config">,
  token: string,
  reason: string,
) {
  const { d, actor } = await openLink(deps.db, token);
  await decline(deps, actor, d.id, reason);
}
