import { type Executor, userSettings } from "@pevo/db";
import { DISPATCH_STEP_LABELS, DISPATCH_STEPS, type DispatchStep, type ZDispatchStep } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { ConflictError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { act, addEvent, JOB_COMPLETED, nextStepOf, onceByClientId, setStatus } from "./lifecycle";
import { syncPickupReminders } from "./pickup-reminders";
import { getPortalLifecycle } from "./portal-lifecycle";

const ACCEPT_FIRST = "Accept the job first";
const repeatedStep = (step: DispatchStep) =>
  `"${DISPATCH_STEP_LABELS[step]}" is already recorded for this job`;
const outOfOrder = (next: DispatchStep) => `The next step of this job is "${DISPATCH_STEP_LABELS[next]}"`;

/** The PEVO's Location Services setting decides whether coordinates are kept at all. */
async function locationAllowed(db: Executor, userId: string | null) {
  if (!userId) return false;
  const [row] = await db
    .select({ on: userSettings.locationServices })
    .from(userSettings)
    // unscoped: the acting PEVO's own settings row
    .where(eq(userSettings.userId, userId));
  return row?.on ?? false;
}

/**
 * A step forward, or a problem report. With the phone's id (ADR 0014) a repeat answers as the first
 * write did and records nothing more.
 */
export async function recordStep(
  scope: Scope,
  {
    pevoId,
    id,
    step: input,
    clientId,
  }: { pevoId: string; id: string; step: z.output<typeof ZDispatchStep>; clientId?: string },
) {
  const actor = { companyId: scope.companyId, userId: scope.userId, pevoId };
  const keepLocation = input.lat != null && (await locationAllowed(scope.db, scope.userId));
  await onceByClientId({ ...actor, db: scope.db }, id, clientId, () =>
    record(scope, actor, id, input, keepLocation, clientId),
  );
  return getPortalLifecycle(scope, pevoId, id);
}

function record(
  scope: Scope,
  actor: { companyId: Scope["companyId"]; userId: string | null; pevoId: string },
  id: string,
  input: z.output<typeof ZDispatchStep>,
  keepLocation: boolean,
  clientId: string | undefined,
) {
  return act(scope.db, actor, id, async (tx, d, stage) => {
    if (stage === "awaiting") throw new ConflictError(ACCEPT_FIRST);
    if (d.status === "completed" || stage === "completed") throw new ConflictError(JOB_COMPLETED);
    const next = nextStepOf(stage);
    if (input.kind !== "problem" && input.kind !== next) {
      const done =
        stage !== "accepted" &&
        DISPATCH_STEPS.indexOf(input.kind) <= DISPATCH_STEPS.indexOf(stage as DispatchStep);
      throw new ConflictError(done ? repeatedStep(input.kind) : outOfOrder(next ?? DISPATCH_STEPS[0]));
    }
    await addEvent(tx, actor, id, {
      kind: input.kind,
      note: input.note,
      lat: keepLocation ? input.lat : null,
      lng: keepLocation ? input.lng : null,
      clientId,
    });
    if (input.kind !== "problem") {
      await setStatus(tx, actor, id, input.kind === "completed" ? "completed" : "dispatched");
    }
    // A completed job's pickup is behind the PEVO: its reminders go.
    if (input.kind === "completed") await syncPickupReminders(tx, actor, id);
    return { kind: input.kind, detail: input.kind === "problem" ? (input.note ?? undefined) : undefined };
  });
}
