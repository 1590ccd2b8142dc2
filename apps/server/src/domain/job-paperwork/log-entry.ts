import { jobLogEntries } from "@pevo/db";
import type { TJobLogEntryResponse, ZJobLogEntry } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { ConflictError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { announce, locationAllowed, writableDispatch } from "./access";
import { entryOut, selectEntries } from "./paperwork";
import { ID_TAKEN } from "./sign-meeting";

const PHRASES = {
  stop: "logged a stop",
  pole_height: "logged the pole height",
  strike: "reported a clearance strike",
  near_miss: "reported a clearance near-miss",
} as const;

/**
 * A stop, the pole's measured height, a clearance strike or near-miss on the PEVO's job. The
 * phone's id is the idempotency key: the same id again returns the entry already kept
 * (`created: false`). Entries are only ever added.
 */
export async function addJobLogEntry(
  scope: Scope,
  { pevoId, dispatchId, input }: { pevoId: string; dispatchId: string; input: z.output<typeof ZJobLogEntry> },
): Promise<{ entry: TJobLogEntryResponse; created: boolean }> {
  const keepLocation = input.lat != null && (await locationAllowed(scope.db, scope.userId));
  return scope.db.transaction(async (tx) => {
    await writableDispatch(tx, scope, dispatchId, pevoId);
    const [repeat] = await selectEntries(tx, scope, eq(jobLogEntries.id, input.id));
    if (repeat) {
      if (repeat.dispatchId !== dispatchId) throw new ConflictError(ID_TAKEN);
      return { entry: entryOut(repeat), created: false };
    }
    const pole = input.kind === "pole_height";
    const inserted = await tx
      .insert(jobLogEntries)
      .values({
        id: input.id,
        companyId: scope.companyId,
        dispatchId,
        pevoId,
        byUserId: scope.userId,
        kind: input.kind,
        at: new Date(input.at),
        reason: input.reason,
        heightInches: pole ? (input.heightInches ?? null) : null,
        place: input.place,
        lat: keepLocation ? input.lat : null,
        lng: keepLocation ? input.lng : null,
        accuracy: keepLocation ? (input.accuracy ?? null) : null,
      })
      // The same id in another company (never made by a phone): refused, not a 500.
      .onConflictDoNothing({ target: jobLogEntries.id })
      .returning({ id: jobLogEntries.id });
    const [entry] = inserted.length > 0 ? await selectEntries(tx, scope, eq(jobLogEntries.id, input.id)) : [];
    if (!entry) throw new ConflictError(ID_TAKEN);
    const detail = input.reason ? `: ${input.reason}` : "";
    await announce(tx, scope, { dispatchId, pevoId, what: `${PHRASES[input.kind]}${detail}` });
    return { entry: entryOut(entry), created: true };
  });
}
