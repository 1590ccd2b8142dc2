/**
 * GET /api/events: the live event stream (Server-Sent Events) of one signed-in tab. See
 * lib/live-events.ts for the mechanism. Scoped to the session's company, and for a PEVO to the events
 * that name their PEVO id; it carries kinds and ids only (the screens refetch through the API).
 *
 * - Every message has an `id:` (`<instance>.<n>`, monotonic), so the browser's automatic reconnect
 *   sends Last-Event-ID and gets the events it missed from this instance's recent buffer (5 minutes).
 *   When they cannot be told (a server restart, another instance, too old), the stream sends
 *   `resync` and the browser refetches everything.
 * - A comment line every ~25 s keeps proxies from closing the idle connection; with it the session is
 *   checked again: a signed-out or deleted user (or a deleted PEVO) gets `signed-out` and the stream
 *   closes.
 * - When the LISTEN connection was lost and is back (a database restart), every stream gets `resync`:
 *   events may have been missed meanwhile.
 * - On shutdown (`shutdown` aborted, main.ts) every stream ends; the browser reconnects by itself,
 *   to another instance or to this one once it is back, and gets `resync` there.
 */

import { LIVE_CONTROL } from "@pevo/shared";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { pevoOfLogin } from "../domain/pevos";
import { type Audience, type Delivered, LiveHub } from "../lib/live-events";
import type { Actor, Deps } from "./context";
import { createRoute, createRouter, errors, sessionSecurity } from "./openapi";
import { pevoIdOf } from "./pevo";
import { actorOf } from "./session";
import { sessionLookup } from "./session-lookup";

const DEFAULT_HEARTBEAT_MS = 25_000;

const eventsRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Live events"],
  summary: "Live event stream (Server-Sent Events)",
  description:
    "One stream per signed-in tab. Each message's `event` is a kind (dispatch.created, dispatch.changed, " +
    "dispatch.deleted, trip_log.changed, invoice.changed, rate_confirmation.changed) and its `data` JSON " +
    "`{ kind, ids, text? }`: what changed, never the data (refetch it through the API). The office " +
    "receives its company's events with a short `text`; a PEVO only the events that name them. Control " +
    "events: `ready` (connected), `resync` (events may have been missed: refetch everything), " +
    "`signed-out` (the session ended; the stream closes). Send `Last-Event-ID` to resume after a reconnect. " +
    "Comment lines are heartbeats.",
  security: sessionSecurity,
  request: {
    headers: z.object({
      "last-event-id": z.string().max(100).optional().describe("The last event id received, to resume"),
    }),
  },
  responses: {
    200: {
      description: "The event stream",
      content: { "text/event-stream": { schema: z.string().describe("Server-Sent Events") } },
    },
    ...errors(401),
  },
});

export function eventsRoutes(deps: Deps, shutdown?: AbortSignal) {
  const hub = new LiveHub(deps.db);
  const lookup = sessionLookup(deps.auth, deps.db);
  const heartbeatMs = deps.config.liveHeartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const router = createRouter();

  router.openapi(eventsRoute, async (c) => {
    const actor = actorOf(c);
    const audience: Audience = {
      companyId: actor.companyId,
      pevoId: actor.role === "pevo" ? await pevoIdOf(c) : null,
    };
    const headers = new Headers({ cookie: c.req.header("cookie") ?? "" });
    await hub.start();
    // Proxies (nginx) must not buffer the stream.
    c.header("X-Accel-Buffering", "no");
    c.header("Cache-Control", "no-cache, no-transform");
    return streamSSE(c, async (stream) => {
      let open = true;
      let wake = () => {};
      // Messages are written in order, one after the other.
      let writing: Promise<unknown> = Promise.resolve();
      const write = (message: { event: string; data: string; id?: string }) => {
        writing = writing
          .then(() => (open ? stream.writeSSE(message) : undefined))
          .catch(() => {
            open = false;
            wake();
          });
      };
      const send = ({ id, message }: Delivered) =>
        write({ event: message.kind, id, data: JSON.stringify(message) });
      const resync = () => write({ event: LIVE_CONTROL.resync, id: hub.currentId, data: "{}" });
      const lastEventId = c.req.header("last-event-id") || undefined;
      const { replay, unsubscribe } = hub.subscribe(audience, lastEventId, send, resync);
      const end = () => {
        open = false;
        wake();
      };
      stream.onAbort(end);
      shutdown?.addEventListener("abort", end, { once: true });
      try {
        if (replay === null) resync();
        else for (const event of replay) send(event);
        write({ event: LIVE_CONTROL.ready, id: hub.currentId, data: "{}" });
        if (shutdown?.aborted) end();
        while (open) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, heartbeatMs);
          });
          if (!open) break;
          if (!(await stillSignedIn(deps.db, lookup, headers, actor, audience))) {
            write({ event: LIVE_CONTROL.signedOut, data: "{}" });
            break;
          }
          writing = writing
            .then(() => (open ? stream.write(": heartbeat\n\n") : undefined))
            .catch(() => {
              open = false;
            });
        }
        await writing;
      } finally {
        open = false;
        shutdown?.removeEventListener("abort", end);
        unsubscribe();
      }
    });
  });
  return router;
}

/** The session is still there, of the same user (not removed), and a PEVO still has their PEVO row. */
async function stillSignedIn(
  db: Deps["db"],
  lookup: ReturnType<typeof sessionLookup>,
  headers: Headers,
  actor: Actor,
  audience: Audience,
) {
  try {
    const user = await lookup(headers);
    if (user?.id !== actor.userId) return false;
    if (audience.pevoId === null) return true;
    return (await pevoOfLogin(db, actor)) === audience.pevoId;
  } catch {
    // The database is away for a moment: keep the stream, check again at the next heartbeat.
    return true;
  }
}
