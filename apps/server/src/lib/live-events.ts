/**
 * The product's one live-event mechanism (ARCHITECTURE: "live events").
 *
 * Publish side: `publishEvent(db, { companyId, kind, ids, pevoIds?, text? })` sends a NOTIFY on one
 * channel with a small JSON payload (ids and a kind, never data). Every server instance on the
 * database LISTENs on that channel (packages/db `listen`: a dedicated connection on PostgreSQL,
 * PGlite's in-process listen on the embedded database), so every instance delivers every event.
 *
 * It is published INSIDE the change's transaction (`publishEvent(tx, …)`, ADR 0012): PostgreSQL
 * delivers a NOTIFY when the transaction commits, never for one that rolls back, and the data is
 * visible by then, so the screens that refetch at once see it. A failed NOTIFY is logged, never an
 * error for the change: inside a transaction it runs in a savepoint, because a failed statement
 * would otherwise abort the whole transaction (the change must still commit; the screens catch up
 * on their next refetch).
 *
 * Delivery side: `LiveHub` (one per app) numbers every received event (`<instance>.<n>`, monotonic)
 * and keeps the last few minutes in memory, so a browser that reconnects with Last-Event-ID gets what
 * it missed. After a server restart (another instance id) or a gap, the stream says `resync` and the
 * browser refetches everything.
 */
import { randomBytes } from "node:crypto";
import { type Database, type Executor, listen } from "@pevo/db";
import type { LiveEventKind, TLiveMessage } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { log } from "./log";
import type { CompanyId } from "./tenant";

const LIVE_CHANNEL = "pevo_live_events";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD = 7900;
const MAX_TEXT = 200;

export type LiveEvent = {
  companyId: CompanyId | string;
  kind: LiveEventKind;
  ids: Record<string, string>;
  /** The PEVOs that may receive it (a PEVO only gets events naming them); the office gets every one. */
  pevoIds?: (string | null | undefined)[];
  /** A short toast text for the office. */
  text?: string;
  /** The user who made the change (the office's tab of that user shows no toast for its own change). */
  by?: string;
};

type Payload = {
  c: string;
  k: LiveEventKind;
  i: Record<string, string>;
  p: string[];
  t?: string;
  b?: string;
};

export async function publishEvent(db: Executor, event: LiveEvent): Promise<void> {
  const payload: Payload = {
    c: event.companyId,
    k: event.kind,
    i: event.ids,
    p: [...new Set(event.pevoIds?.filter((id): id is string => Boolean(id)) ?? [])],
    t: event.text?.slice(0, MAX_TEXT),
    b: event.by,
  };
  let text = JSON.stringify(payload);
  if (Buffer.byteLength(text) > MAX_PAYLOAD) text = JSON.stringify({ ...payload, t: undefined });
  const notify = sql`select pg_notify(${LIVE_CHANNEL}, ${text})`;
  try {
    // In a transaction, a savepoint (drizzle nests `transaction` as one): a failed NOTIFY rolls back
    // to it and the change goes on; without it the whole transaction would be aborted.
    if (db instanceof PgTransaction) await db.transaction((savepoint) => savepoint.execute(notify));
    else await db.execute(notify);
  } catch (error) {
    log().error({ err: error }, "Could not publish a live event");
  }
}

/** Who a stream belongs to: the company, and for a PEVO their PEVO id. */
export type Audience = { companyId: string; pevoId: string | null };

export type Delivered = { id: string; message: TLiveMessage };

type Buffered = { n: number; at: number; payload: Payload };

const KEEP_MS = 5 * 60_000;
const KEEP_COUNT = 2000;

function visibleTo(audience: Audience, payload: Payload): boolean {
  if (payload.c !== audience.companyId) return false;
  return audience.pevoId === null || payload.p.includes(audience.pevoId);
}

/** A PEVO gets the kind and ids only: no toast text, no other PEVO's id. */
function messageFor(audience: Audience, payload: Payload): TLiveMessage {
  if (audience.pevoId !== null) return { kind: payload.k, ids: payload.i };
  return {
    kind: payload.k,
    ids: payload.i,
    ...(payload.t ? { text: payload.t } : {}),
    ...(payload.b ? { by: payload.b } : {}),
  };
}

type Subscriber = { audience: Audience; deliver: (event: Delivered) => void; resync: () => void };

export class LiveHub {
  readonly instance = randomBytes(4).toString("hex");
  private n = 0;
  private buffer: Buffered[] = [];
  private subscribers = new Set<Subscriber>();
  private started: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  /** `listenTo`: packages/db's `listen` (a test passes one that fails first). */
  constructor(
    private readonly db: Database,
    private readonly listenTo: typeof listen = listen,
  ) {}

  /**
   * Starts listening (once); the stream awaits it before it says `ready`. A failed LISTEN (the
   * database away when the first tab connects) is not kept: that stream fails, the browser opens it
   * again a few seconds later, and that request tries LISTEN anew.
   */
  start(): Promise<void> {
    this.started ??= Promise.resolve()
      .then(() =>
        this.listenTo(
          this.db,
          LIVE_CHANNEL,
          (text) => this.receive(text),
          () => this.resyncAll(),
        ),
      )
      .then(
        (unlisten) => {
          this.unlisten = unlisten;
        },
        (error: unknown) => {
          this.started = null;
          throw error;
        },
      );
    return this.started;
  }

  async stop() {
    await this.unlisten?.();
  }

  /** The id a new stream starts from. */
  get currentId() {
    return `${this.instance}.${this.n}`;
  }

  private receive(text: string) {
    let payload: Payload;
    try {
      payload = JSON.parse(text);
    } catch {
      return;
    }
    const entry = { n: ++this.n, at: Date.now(), payload };
    this.buffer.push(entry);
    const cutoff = Date.now() - KEEP_MS;
    while (this.buffer.length > KEEP_COUNT || (this.buffer[0] && this.buffer[0].at < cutoff))
      this.buffer.shift();
    for (const s of this.subscribers) {
      if (visibleTo(s.audience, payload)) s.deliver(this.delivered(s.audience, entry));
    }
  }

  private delivered(audience: Audience, entry: Buffered): Delivered {
    return { id: `${this.instance}.${entry.n}`, message: messageFor(audience, entry.payload) };
  }

  private resyncAll() {
    for (const s of this.subscribers) s.resync();
  }

  /**
   * Subscribes a stream. With `lastEventId` it first gets the buffered events after it (`replay`), or
   * `replay: null` when they cannot be told (another instance's or a restarted server's id, or
   * older than the buffer): the browser must refetch everything.
   */
  subscribe(
    audience: Audience,
    lastEventId: string | undefined,
    deliver: Subscriber["deliver"],
    resync: Subscriber["resync"],
  ): { replay: Delivered[] | null; unsubscribe: () => void } {
    let replay: Delivered[] | null = [];
    if (lastEventId) {
      const [instance, nText] = lastEventId.split(".");
      const n = Number(nText);
      const oldest = this.buffer[0]?.n ?? this.n + 1;
      if (instance !== this.instance || !Number.isInteger(n) || n > this.n || n < oldest - 1) replay = null;
      else
        replay = this.buffer
          .filter((e) => e.n > n && visibleTo(audience, e.payload))
          .map((e) => this.delivered(audience, e));
    }
    const subscriber = { audience, deliver, resync };
    this.subscribers.add(subscriber);
    return { replay, unsubscribe: () => this.subscribers.delete(subscriber) };
  }
}

/** Where a dispatch's toast names it: its job number, or its driver when it has no rate confirmation. */
const dispatchLabel = (d: { rateConfirmation: { jobNumber: string } | null; driverName: string }) =>
  d.rateConfirmation ? `Dispatch ${d.rateConfirmation.jobNumber}` : `Dispatch for ${d.driverName}`;

type DispatchLike = {
  id: string;
  pevoId: string | null;
  pevoName: string | null;
  status: string;
  driverName: string;
  rateConfirmation: { jobNumber: string } | null;
};

/** The event of a created or changed dispatch: to the office, its PEVO and the PEVO it had before. */
export const dispatchEvent =
  (kind: "dispatch.created" | "dispatch.changed", previousPevoId?: string | null) =>
  (d: DispatchLike): Omit<LiveEvent, "companyId"> => {
    const assigned = d.pevoName && (kind === "dispatch.created" || d.pevoId !== previousPevoId);
    const what = assigned
      ? `assigned to ${d.pevoName}`
      : kind === "dispatch.created"
        ? "created"
        : `updated (${d.status.replaceAll("_", " ")})`;
    return {
      kind,
      ids: { dispatchId: d.id },
      pevoIds: [d.pevoId, previousPevoId],
      text: `${dispatchLabel(d)} ${what}`,
    };
  };

/** The event of a saved trip log: to the office and the trip's PEVO. */
export const tripLogEvent =
  (pevoId: string, verb: "saved" | "updated") =>
  (trip: {
    id: string;
    dispatchId: string | null;
    jobNumber: string | null;
  }): Omit<LiveEvent, "companyId"> => ({
    kind: "trip_log.changed",
    ids: trip.dispatchId ? { tripLogId: trip.id, dispatchId: trip.dispatchId } : { tripLogId: trip.id },
    pevoIds: [pevoId],
    text: `Trip log ${verb}${trip.jobNumber ? ` — ${trip.jobNumber}` : ""}`,
  });

/** The event of a saved invoice (office only). */
export const invoiceEvent =
  (
    verb:
      | "created"
      | "updated"
      | "sent"
      | "viewed"
      | "voided"
      | "credited"
      | "payment recorded"
      | "payment deleted",
  ) =>
  (invoice: { id: string; invoiceNumber: string; status: string }): Omit<LiveEvent, "companyId"> => ({
    kind: "invoice.changed",
    ids: { invoiceId: invoice.id },
    text: `Invoice ${invoice.invoiceNumber} ${invoice.status === "paid" && verb === "payment recorded" ? "paid" : verb}`,
  });

/**
 * The event of a changed rate confirmation: to the office and the PEVOs on the job (its dispatches'
 * and positions' PEVOs, whose job screens show its route and dates).
 */
export const rateConfirmationEvent =
  (verb: string, pevoIds: string[]) =>
  (rc: { id: string; jobNumber: string }): Omit<LiveEvent, "companyId"> => ({
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: rc.id },
    pevoIds,
    text: `Rate confirmation ${rc.jobNumber} ${verb}`,
  });
