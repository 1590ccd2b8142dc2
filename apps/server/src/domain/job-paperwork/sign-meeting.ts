import { safetyMeetings } from "@pevo/db";
import type { TSafetyMeetingResponse, ZSafetyMeeting } from "@pevo/shared";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { ConflictError, InvalidInputError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { announce, locationAllowed, writableDispatch } from "./access";
import { checklistOf } from "./checklist";
import { meetingOut, selectMeetings } from "./paperwork";

const ALREADY_SIGNED = "The safety meeting of this job is already signed";
export const ID_TAKEN = "This id belongs to another record: make a new one";

/**
 * The PEVO and the truck driver sign the pre-trip safety meeting on the PEVO's phone (DECISIONS
 * 'Job paperwork'). Every item of the company's checklist must be checked; the meeting keeps the
 * list as signed. The phone's id is the idempotency key: the same id again returns the meeting
 * already kept (`created: false`), never a second one. A signed meeting is never changed.
 */
export async function signSafetyMeeting(
  scope: Scope,
  {
    pevoId,
    dispatchId,
    input,
  }: { pevoId: string; dispatchId: string; input: z.output<typeof ZSafetyMeeting> },
): Promise<{ meeting: TSafetyMeetingResponse; created: boolean }> {
  const keepLocation = input.lat != null && (await locationAllowed(scope.db, scope.userId));
  return scope.db.transaction(async (tx) => {
    await writableDispatch(tx, scope, dispatchId, pevoId);
    const [repeat] = await selectMeetings(tx, scope, eq(safetyMeetings.id, input.id));
    if (repeat) {
      if (repeat.dispatchId !== dispatchId || repeat.pevoId !== pevoId) throw new ConflictError(ID_TAKEN);
      return { meeting: meetingOut(repeat), created: false };
    }
    const [signed] = await selectMeetings(
      tx,
      scope,
      and(eq(safetyMeetings.dispatchId, dispatchId), eq(safetyMeetings.pevoId, pevoId)),
    );
    if (signed) throw new ConflictError(ALREADY_SIGNED);

    const { items } = await checklistOf(tx, scope);
    const checked = new Set(input.checked);
    const missing = items.filter((i) => !checked.has(i));
    if (missing.length > 0 || checked.size !== items.length) {
      throw new InvalidInputError(
        missing.length > 0
          ? `Check every item: ${missing.join("; ")}`
          : "The checklist changed: reload the job",
        {
          checked:
            missing.length > 0 ? "Check every item before signing" : "The checklist changed: reload the job",
        },
      );
    }
    const inserted = await tx
      .insert(safetyMeetings)
      .values({
        id: input.id,
        companyId: scope.companyId,
        dispatchId,
        pevoId,
        byUserId: scope.userId,
        items,
        pevoName: input.pevoName,
        pevoSignature: input.pevoSignature,
        driverName: input.driverName,
        driverSignature: input.driverSignature,
        lat: keepLocation ? input.lat : null,
        lng: keepLocation ? input.lng : null,
        accuracy: keepLocation ? (input.accuracy ?? null) : null,
      })
      // The same id in another company (never made by a phone): refused below, not a 500.
      .onConflictDoNothing({ target: safetyMeetings.id })
      .returning({ id: safetyMeetings.id });
    if (inserted.length === 0) throw new ConflictError(ID_TAKEN);
    const [meeting] = await selectMeetings(tx, scope, eq(safetyMeetings.id, input.id));
    if (!meeting) throw new ConflictError(ID_TAKEN);
    await announce(tx, scope, {
      dispatchId,
      pevoId,
      what: `signed the pre-trip safety meeting with ${input.driverName}`,
    });
    return { meeting: meetingOut(meeting), created: true };
  });
}
