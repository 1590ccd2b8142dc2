/**
 * A job's life on the road (DECISIONS 'Dispatches', Job lifecycle). The assigned PEVO accepts or declines it (in the portal or
 * through the emailed link), then moves it forward from the phone: on my way → arrived at pickup →
 * escort started → completed, and may report a problem with a note. Each is a `dispatch_events` row;
 * the dispatch's status follows (accepted or running = dispatched, completed = completed), and a
 * decline unassigns the PEVO and puts the dispatch back to pending.
 *
 * The rules live here and nowhere else: only the assigned PEVO acts (another's dispatch is 404);
 * steps go forward only (a repeated or out-of-order step is a 409 saying what comes next); a
 * canceled dispatch does not move. The office keeps its own edit (PUT /api/dispatches/:id), which
 * these rules do not limit; when it sets a completed or canceled job back to pending or dispatched,
 * a `reopened` row takes the completion back (`reopenJob`). Each change locks the dispatch row, so
 * two taps at once cannot both win. A decline or a completion drops the job's pickup reminders.
 *
 * This file holds the rules every caller shares (the stage, the locked change, the rows); each use
 * case has its own file: the office's side (office-assignment.ts, dispatch-timeline.ts), the PEVO's
 * (accept-job.ts, decline-job.ts, record-step.ts, portal-lifecycle.ts), the emailed link
 * (response-link.ts) and the office's mail (decline-notice.ts).
 */
import {
  type Database,
  dispatchEvents,
  dispatches,
  type Executor,
  pevos,
  profiles,
  rateConfirmations,
} from "@pevo/db";
import {
  DISPATCH_STEPS,
  type DispatchEventKind,
  type DispatchStage,
  type DispatchStep,
  type TDispatchEvent,
  type TDispatchLifecycle,
} from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { publishEvent } from "../../lib/live-events";
import { type CompanyId, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";

export const JOB_NOT_FOUND = "Dispatch not found";
export const JOB_CANCELED = "This dispatch was canceled: it cannot be accepted or moved";
export const JOB_COMPLETED = "This job is already completed";

export type DispatchRow = {
  id: string;
  status: "pending" | "dispatched" | "completed" | "canceled";
  pevoId: string | null;
  pickupDate: string;
  driverName: string;
  jobNumber: string | null;
};

/** The dispatch with its job number; `lock` takes the row lock a change needs. */
export async function dispatchRow(db: Executor, scope: { companyId: CompanyId }, id: string, lock = false) {
  const query = db
    .select({
      id: dispatches.id,
      status: dispatches.status,
      pevoId: dispatches.pevoId,
      pickupDate: dispatches.pickupDate,
      driverName: dispatches.driverName,
      rateConfirmationId: dispatches.rateConfirmationId,
    })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const [rc] = row.rateConfirmationId
    ? await db
        .select({ jobNumber: rateConfirmations.jobNumber })
        .from(rateConfirmations)
        .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, row.rateConfirmationId)))
    : [];
  return { ...row, jobNumber: rc?.jobNumber ?? null } satisfies DispatchRow;
}

/** Every event of a dispatch, oldest first. */
export async function eventsOf(db: Executor, scope: { companyId: CompanyId }, dispatchId: string) {
  return (
    db
      .select({
        id: dispatchEvents.id,
        kind: dispatchEvents.kind,
        at: dispatchEvents.at,
        pevoId: dispatchEvents.pevoId,
        note: dispatchEvents.note,
        lat: dispatchEvents.lat,
        lng: dispatchEvents.lng,
        pevoFirst: pevos.firstName,
        pevoLast: pevos.lastName,
        byFirst: profiles.firstName,
        byLast: profiles.lastName,
        byContact: profiles.contactPerson,
      })
      .from(dispatchEvents)
      .leftJoin(pevos, eq(pevos.id, dispatchEvents.pevoId))
      // unscoped join: a user's profile row (its id is the user id the event names)
      .leftJoin(profiles, eq(profiles.id, dispatchEvents.byUserId))
      .where(scoped(dispatchEvents, scope, eq(dispatchEvents.dispatchId, dispatchId)))
      .orderBy(asc(dispatchEvents.at), asc(dispatchEvents.id))
  );
}
type EventRow = Awaited<ReturnType<typeof eventsOf>>[number];

/**
 * Where the current assignment stands. Its events are those of the assigned PEVO after their latest
 * `assigned` row (dispatches assigned before the timeline existed have none: then all of theirs).
 * A `reopened` row (the office set a closed job back) takes a completion back: the job is again
 * where it was before Completed, so the PEVO's next button is Completed again.
 */
export function stageOf(pevoId: string | null, events: { kind: DispatchEventKind; pevoId: string | null }[]) {
  if (!pevoId) return "none" satisfies DispatchStage;
  const lastAssigned = events.findLastIndex((e) => e.kind === "assigned");
  const run = events.slice(lastAssigned + 1).filter((e) => e.pevoId === pevoId);
  let stage: DispatchStage = "awaiting";
  let beforeCompleted: DispatchStage = stage;
  for (const e of run) {
    if (e.kind === "accepted" && stage === "awaiting") stage = "accepted";
    if (e.kind === "reopened" && stage === "completed") stage = beforeCompleted;
    if ((DISPATCH_STEPS as readonly string[]).includes(e.kind)) {
      if (e.kind === "completed") beforeCompleted = stage;
      stage = e.kind as DispatchStep;
    }
  }
  return stage;
}

/** The step after a stage (null: not accepted yet, or completed). */
export function nextStepOf(stage: DispatchStage): DispatchStep | null {
  if (stage === "none" || stage === "awaiting" || stage === "completed") return null;
  return DISPATCH_STEPS[stage === "accepted" ? 0 : DISPATCH_STEPS.indexOf(stage) + 1] ?? null;
}

export const canDeclineAt = (stage: DispatchStage) => stage === "awaiting" || stage === "accepted";

function eventOut(e: EventRow): TDispatchEvent {
  const pevoName = e.pevoFirst ? `${e.pevoFirst} ${e.pevoLast}` : null;
  const byName = e.byFirst ? `${e.byFirst} ${e.byLast ?? ""}`.trim() : (e.byContact ?? null);
  return {
    id: e.id,
    kind: e.kind,
    at: e.at.toISOString(),
    // An answer through the emailed link has no user: it was the PEVO the link was sent to.
    byName: byName ?? (e.kind === "assigned" || e.kind === "reopened" ? null : pevoName),
    pevoName,
    note: e.note,
    lat: e.lat,
    lng: e.lng,
  };
}

export function lifecycleOf(d: DispatchRow, events: EventRow[], timeZone: string): TDispatchLifecycle {
  // The office may close a job itself (status completed): it then reads as completed everywhere.
  const stage = d.status === "completed" && d.pevoId ? "completed" : stageOf(d.pevoId, events);
  const canceled = d.status === "canceled";
  const closed = canceled || d.status === "completed";
  return {
    dispatchId: d.id,
    stage,
    nextStep: closed ? null : nextStepOf(stage),
    canDecline: !closed && canDeclineAt(stage),
    canceled,
    events: events.map(eventOut),
    timeZone,
  };
}

/** Who acts: the signed-in PEVO (their user id), or the PEVO a link was sent to (no user). */
export type Actor = { companyId: CompanyId; userId: string | null; pevoId: string };

export const jobLabel = (d: DispatchRow) => d.jobNumber ?? `the dispatch for ${d.driverName}`;

/** What the PEVO records (the office records `assigned` and `reopened`). */
type PevoEventKind = Exclude<DispatchEventKind, "assigned" | "reopened">;

/** The office's words for what happened (toast and Recent Activity). */
const PHRASES: Record<PevoEventKind, string> = {
  accepted: "accepted",
  declined: "declined",
  on_my_way: "is on the way",
  arrived_pickup: "arrived at pickup",
  escort_started: "started the escort",
  completed: "completed",
  problem: "reported a problem",
};

/**
 * The common part of every PEVO change, in one transaction: lock the dispatch, check it is theirs
 * and not canceled, compute the stage, run `change`, record the activity, run `then` (e.g. queue
 * the office's mail) and publish the live event (NOTIFY: delivered when it commits).
 */
export async function act(
  db: Database,
  actor: Actor,
  id: string,
  change: (
    tx: Executor,
    d: DispatchRow,
    stage: DispatchStage,
  ) => Promise<{ kind: PevoEventKind; detail?: string }>,
  then?: (tx: Executor, done: { d: DispatchRow; name: string }) => Promise<unknown>,
) {
  const scope = { companyId: actor.companyId };
  const result = await db.transaction(async (tx) => {
    const d = await dispatchRow(tx, scope, id, true);
    if (!d || d.pevoId !== actor.pevoId) throw new NotFoundError(JOB_NOT_FOUND);
    if (d.status === "canceled") throw new ConflictError(JOB_CANCELED);
    const events = await tx
      .select({ kind: dispatchEvents.kind, pevoId: dispatchEvents.pevoId })
      .from(dispatchEvents)
      .where(scoped(dispatchEvents, scope, eq(dispatchEvents.dispatchId, id)))
      .orderBy(asc(dispatchEvents.at), asc(dispatchEvents.id));
    const { kind, detail } = await change(tx, d, stageOf(d.pevoId, events));
    const [pevo] = await tx
      .select({ firstName: pevos.firstName, lastName: pevos.lastName })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, actor.pevoId)));
    const name = pevo ? `${pevo.firstName} ${pevo.lastName}` : "The PEVO";
    const text = `${name} ${PHRASES[kind]} — ${jobLabel(d)}`;
    await recordActivity(tx, scope, {
      actorId: actor.userId,
      type:
        kind === "accepted"
          ? "dispatch_accepted"
          : kind === "declined"
            ? "dispatch_declined"
            : "dispatch_step",
      status: kind === "problem" || kind === "declined" ? "error" : "success",
      pevo: name,
      pevoId: actor.pevoId,
      job: d.jobNumber,
      message: detail ? `${text}: ${detail}` : text,
    });
    await then?.(tx, { d, name });
    await publishEvent(tx, {
      companyId: actor.companyId,
      kind: "dispatch.changed",
      ids: { dispatchId: id },
      pevoIds: [actor.pevoId],
      text,
      by: actor.userId ?? undefined,
    });
    return { d, kind, name, text };
  });
  return result;
}

export const addEvent = (
  tx: Executor,
  actor: Actor,
  id: string,
  event: {
    kind: DispatchEventKind;
    note?: string | null;
    lat?: number | null;
    lng?: number | null;
    clientId?: string | null;
  },
) =>
  tx.insert(dispatchEvents).values({
    companyId: actor.companyId,
    dispatchId: id,
    pevoId: actor.pevoId,
    byUserId: actor.userId,
    ...event,
  });

/**
 * Whether the phone's write with this id (its idempotency key, ADR 0014) is already on the job's
 * timeline: a replayed offline answer or step then answers as the first one did, adding nothing.
 */
async function alreadyRecorded(actor: Actor & { db: Executor }, id: string, clientId: string | undefined) {
  if (!clientId) return false;
  const [row] = await actor.db
    .select({ pevoId: dispatchEvents.pevoId, dispatchId: dispatchEvents.dispatchId })
    .from(dispatchEvents)
    .where(scoped(dispatchEvents, actor, eq(dispatchEvents.clientId, clientId)));
  if (!row) return false;
  // The id names another job or PEVO (never made so by a phone): refused rather than answered.
  if (row.pevoId !== actor.pevoId || row.dispatchId !== id) throw new ConflictError(CLIENT_ID_TAKEN);
  return true;
}

const CLIENT_ID_TAKEN = "This id was already used for another write";

/**
 * Runs the write unless the phone's id is already recorded. Two replays racing: the loser fails on
 * the job's new stage (or the unique key) and then finds the winner's row, so it answers the same.
 */
export async function onceByClientId(
  actor: Actor & { db: Executor },
  id: string,
  clientId: string | undefined,
  write: () => Promise<unknown>,
) {
  if (await alreadyRecorded(actor, id, clientId)) return;
  try {
    await write();
  } catch (error) {
    if (clientId && (await alreadyRecorded(actor, id, clientId))) return;
    throw error;
  }
}

export const setStatus = (tx: Executor, actor: Actor, id: string, status: "dispatched" | "completed") =>
  tx
    .update(dispatches)
    .set({ status, updatedAt: new Date() })
    .where(scoped(dispatches, actor, eq(dispatches.id, id)));
