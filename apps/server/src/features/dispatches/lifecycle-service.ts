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
 */
import {
  clients,
  companies,
  type Database,
  dispatchEvents,
  dispatches,
  type Executor,
  missingRow,
  pevos,
  profiles,
  rateConfirmations,
  tripLogs,
  user,
  userSettings,
} from "@pevo/db";
import {
  DISPATCH_STATUS_LABELS,
  DISPATCH_STEP_LABELS,
  DISPATCH_STEPS,
  type DispatchEventKind,
  type DispatchStage,
  type DispatchStatus,
  type DispatchStep,
  type TDispatchEvent,
  type TDispatchLifecycle,
  type TDispatchResponsePage,
  type TPortalDispatchLifecycle,
  type ZDispatchStep,
} from "@pevo/shared";
import { asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import {
  createPublicLink,
  daysFrom,
  openPublicLink,
  PublicLinkError,
  revokePublicLinks,
} from "../../domain/public-links";
import type { Deps } from "../../http/context";
import { recordActivity } from "../../lib/activity";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { publishEvent } from "../../lib/live-events";
import { type CompanyId, ownCompany, type Scope, scoped } from "../../lib/tenant";
import { companyTimeZone } from "../../lib/zoned-time";
import { deliverAllNow, enqueueMail } from "../../mail/mail-jobs";
import type { Mail } from "../../mail/mailer";
import { dispatchDeclinedMail } from "../../mail/templates";
import { syncPickupReminders } from "./pickup-reminders";

export const JOB_NOT_FOUND = "Dispatch not found";
const JOB_CANCELED = "This dispatch was canceled: it cannot be accepted or moved";
const JOB_COMPLETED = "This job is already completed";
const ALREADY_ACCEPTED = "You already accepted this job";
const ACCEPT_FIRST = "Accept the job first";
const JOB_UNDER_WAY = "This job is under way and can no longer be declined. Call the office.";
const repeatedStep = (step: DispatchStep) =>
  `"${DISPATCH_STEP_LABELS[step]}" is already recorded for this job`;
const outOfOrder = (next: DispatchStep) => `The next step of this job is "${DISPATCH_STEP_LABELS[next]}"`;

/** What the emailed Accept / Decline page says for a link it cannot open. */
export const RESPONSE_LINK_MESSAGES = {
  unknown: "This link is not valid. Check that you copied the whole link from the email.",
  expired: "This link has expired. Open the job in your portal, or call the office.",
  revoked:
    "This link was already used, or the job was reassigned or changed. Open your portal to see your jobs.",
} as const;
/** A response link works this many days (a job is usually answered the same day). */
const RESPONSE_LINK_DAYS = 14;

type DispatchRow = {
  id: string;
  status: "pending" | "dispatched" | "completed" | "canceled";
  pevoId: string | null;
  pickupDate: string;
  driverName: string;
  jobNumber: string | null;
};

/** The dispatch with its job number; `lock` takes the row lock a change needs. */
async function dispatchRow(db: Executor, scope: { companyId: CompanyId }, id: string, lock = false) {
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
async function eventsOf(db: Executor, scope: { companyId: CompanyId }, dispatchId: string) {
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
function stageOf(pevoId: string | null, events: { kind: DispatchEventKind; pevoId: string | null }[]) {
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
function nextStepOf(stage: DispatchStage): DispatchStep | null {
  if (stage === "none" || stage === "awaiting" || stage === "completed") return null;
  return DISPATCH_STEPS[stage === "accepted" ? 0 : DISPATCH_STEPS.indexOf(stage) + 1] ?? null;
}

const canDeclineAt = (stage: DispatchStage) => stage === "awaiting" || stage === "accepted";

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

function lifecycleOf(d: DispatchRow, events: EventRow[], timeZone: string): TDispatchLifecycle {
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

/** The office's timeline of a dispatch. */
export async function getDispatchTimeline(scope: Scope, id: string): Promise<TDispatchLifecycle> {
  const d = await dispatchRow(scope.db, scope, id);
  if (!d) throw new NotFoundError(JOB_NOT_FOUND);
  const [events, timeZone] = await Promise.all([
    eventsOf(scope.db, scope, id),
    companyTimeZone(scope.db, scope),
  ]);
  return lifecycleOf(d, events, timeZone);
}

/** The PEVO's own job: its lifecycle, their Location Services setting and the trip log prefill. */
export async function getPortalLifecycle(
  scope: Scope,
  pevoId: string,
  id: string,
): Promise<TPortalDispatchLifecycle> {
  const { db } = scope;
  const d = await dispatchRow(db, scope, id);
  if (!d || d.pevoId !== pevoId) throw new NotFoundError(JOB_NOT_FOUND);
  const [events, [route], [settings], [trips], timeZone] = await Promise.all([
    eventsOf(db, scope, id),
    db
      .select({ origin: rateConfirmations.originAddress, destination: rateConfirmations.destinationAddress })
      .from(dispatches)
      .innerJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .where(scoped(dispatches, scope, eq(dispatches.id, id))),
    db
      .select({ on: userSettings.locationServices })
      .from(userSettings)
      // unscoped: the caller's own settings row (a user's, keyed by the session's user id)
      .where(eq(userSettings.userId, scope.userId)),
    db
      .select({ n: count() })
      .from(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.dispatchId, id), eq(tripLogs.pevoId, pevoId))),
    companyTimeZone(db, scope),
  ]);
  // The PEVO sees their own assignment's events only (not a previous PEVO's answers).
  const mine = events.filter((e) => e.pevoId === pevoId);
  return {
    ...lifecycleOf(d, mine, timeZone),
    locationServices: settings?.on ?? false,
    tripPrefill: {
      tripDate: d.pickupDate,
      startLocation: route?.origin ?? null,
      endLocation: route?.destination ?? null,
    },
    hasTripLog: (trips?.n ?? 0) > 0,
  };
}

/**
 * The office assigned a PEVO (create, or a change of PEVO): a new `assigned` row starts their
 * answer over, the links sent for an earlier assignment stop working, and, when the assignment mail
 * goes out, a fresh Accept / Decline link is made for it (its token, for the mail).
 */
export async function startAssignment(
  tx: Executor,
  scope: Scope,
  assignment: { dispatchId: string; pevoId: string; withLink: boolean },
): Promise<string | null> {
  await revokePublicLinks(tx, scope, "dispatch_response", [assignment.dispatchId]);
  await tx.insert(dispatchEvents).values({
    companyId: scope.companyId,
    dispatchId: assignment.dispatchId,
    kind: "assigned",
    pevoId: assignment.pevoId,
    byUserId: scope.userId,
  });
  if (!assignment.withLink) return null;
  const link = await createPublicLink(tx, scope, {
    purpose: "dispatch_response",
    subjectId: assignment.dispatchId,
    expiresAt: daysFrom(new Date(), RESPONSE_LINK_DAYS),
  });
  return link.token;
}

/** The office took the PEVO off a dispatch: the emailed links stop working. */
export const endAssignment = (tx: Executor, scope: { companyId: CompanyId }, dispatchId: string) =>
  revokePublicLinks(tx, scope, "dispatch_response", [dispatchId]);

/** Statuses of a closed job, and those the office reopens it to. */
const CLOSED: DispatchStatus[] = ["completed", "canceled"];
const OPEN: DispatchStatus[] = ["pending", "dispatched"];

/**
 * The office's save of a dispatch that keeps its PEVO: setting a completed or canceled job back to
 * pending or dispatched records a `reopened` row (in the PEVO's run, so their screen follows: a
 * completion is taken back, see stageOf), with the status it was set back to as its note.
 */
export async function reopenJob(
  tx: Executor,
  scope: Scope,
  change: { dispatchId: string; pevoId: string | null; from: DispatchStatus; to: DispatchStatus },
) {
  if (!change.pevoId || !CLOSED.includes(change.from) || !OPEN.includes(change.to)) return;
  await tx.insert(dispatchEvents).values({
    companyId: scope.companyId,
    dispatchId: change.dispatchId,
    kind: "reopened",
    pevoId: change.pevoId,
    byUserId: scope.userId,
    note: `Set back to ${DISPATCH_STATUS_LABELS[change.to]}`,
  });
}

/** Who acts: the signed-in PEVO (their user id), or the PEVO a link was sent to (no user). */
type Actor = { companyId: CompanyId; userId: string | null; pevoId: string };

const jobLabel = (d: DispatchRow) => d.jobNumber ?? `the dispatch for ${d.driverName}`;

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
async function act(
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

const addEvent = (
  tx: Executor,
  actor: Actor,
  id: string,
  event: { kind: DispatchEventKind; note?: string | null; lat?: number | null; lng?: number | null },
) =>
  tx.insert(dispatchEvents).values({
    companyId: actor.companyId,
    dispatchId: id,
    pevoId: actor.pevoId,
    byUserId: actor.userId,
    ...event,
  });

const setStatus = (tx: Executor, actor: Actor, id: string, status: "dispatched" | "completed") =>
  tx
    .update(dispatches)
    .set({ status, updatedAt: new Date() })
    .where(scoped(dispatches, actor, eq(dispatches.id, id)));

async function accept(db: Database, actor: Actor, id: string) {
  await act(db, actor, id, async (tx, d, stage) => {
    if (d.status === "completed" || stage === "completed") throw new ConflictError(JOB_COMPLETED);
    if (stage !== "awaiting") throw new ConflictError(ALREADY_ACCEPTED);
    await addEvent(tx, actor, id, { kind: "accepted" });
    await setStatus(tx, actor, id, "dispatched");
    return { kind: "accepted" };
  });
}

async function decline(
  deps: Pick<Deps, "db" | "mailer" | "config">,
  actor: Actor,
  id: string,
  reason: string,
) {
  let mailJobs: string[] = [];
  await act(
    deps.db,
    actor,
    id,
    async (tx, d, stage) => {
      if (d.status === "completed" || stage === "completed") throw new ConflictError(JOB_COMPLETED);
      if (!canDeclineAt(stage)) throw new ConflictError(JOB_UNDER_WAY);
      await addEvent(tx, actor, id, { kind: "declined", note: reason });
      await tx
        .update(dispatches)
        .set({ pevoId: null, status: "pending", updatedAt: new Date() })
        .where(scoped(dispatches, actor, eq(dispatches.id, id)));
      await endAssignment(tx, actor, id);
      // No PEVO: nobody to remind.
      await syncPickupReminders(tx, actor, id);
      return { kind: "declined", detail: reason };
    },
    async (tx, { d, name }) => {
      mailJobs = await queueAdminMails(tx, actor, `dispatch-declined:${id}`, (to) =>
        dispatchDeclinedMail(
          to,
          { pevoName: name, job: jobLabel(d), pickupDate: d.pickupDate, reason },
          `${deps.config.appUrl}/dispatching/${id}`,
        ),
      );
    },
  );
  await deliverAllNow(deps, mailJobs);
}

/** Queues a mail to each of the company's admins in the change's transaction (mail/mail-jobs.ts). */
async function queueAdminMails(
  tx: Executor,
  scope: { companyId: CompanyId },
  key: string,
  mail: (to: string) => Mail,
) {
  const admins = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(scoped(user, scope, eq(user.role, "admin")));
  const jobIds: string[] = [];
  for (const admin of admins)
    jobIds.push(await enqueueMail(tx, scope, `${key}:${admin.id}`, mail(admin.email)));
  return jobIds;
}

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

/** A step forward, or a problem report. */
export async function recordStep(
  scope: Scope,
  pevoId: string,
  id: string,
  input: z.output<typeof ZDispatchStep>,
) {
  const actor = { companyId: scope.companyId, userId: scope.userId, pevoId };
  const keepLocation = input.lat != null && (await locationAllowed(scope.db, scope.userId));
  await act(scope.db, actor, id, async (tx, d, stage) => {
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
    });
    if (input.kind !== "problem") {
      await setStatus(tx, actor, id, input.kind === "completed" ? "completed" : "dispatched");
    }
    // A completed job's pickup is behind the PEVO: its reminders go.
    if (input.kind === "completed") await syncPickupReminders(tx, actor, id);
    return { kind: input.kind, detail: input.kind === "problem" ? (input.note ?? undefined) : undefined };
  });
  return getPortalLifecycle(scope, pevoId, id);
}

export async function acceptJob(scope: Scope, pevoId: string, id: string) {
  await accept(scope.db, { companyId: scope.companyId, userId: scope.userId, pevoId }, id);
  return getPortalLifecycle(scope, pevoId, id);
}

/** Declines: 204 for the portal (the job is no longer theirs to read). */
export async function declineJob(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  pevoId: string,
  id: string,
  reason: string,
) {
  await decline(
    { ...deps, db: scope.db },
    { companyId: scope.companyId, userId: scope.userId, pevoId },
    id,
    reason,
  );
}

// ---- the emailed link (no session: the token names the company and the dispatch) ----

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
