/**
 * The live event stream (GET /api/events, Server-Sent Events): what changed, never the data itself.
 * Each message's `event:` is one of these kinds and its `data:` a `TLiveMessage`; the screens refetch
 * through the normal API, so authorization stays in one place.
 */
export const LIVE_EVENT_KINDS = [
  "dispatch.created",
  "dispatch.changed",
  "dispatch.deleted",
  "trip_log.changed",
  "invoice.changed",
  "rate_confirmation.changed",
  "credential.changed",
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** The data of one live event: its kind, the ids it is about, and (office only) a short toast text. */
export type TLiveMessage = {
  kind: LiveEventKind;
  ids: Record<string, string>;
  text?: string;
  /** Office only: the user who made the change (their own tabs show no toast for it). */
  by?: string;
};

/**
 * Control messages of the stream: `ready` (connected; its id is where a reconnect resumes), `resync`
 * (events may have been missed, e.g. after a server restart: refetch everything), `signed-out` (the
 * session ended; the stream closes and must not reconnect).
 */
export const LIVE_CONTROL = { ready: "ready", resync: "resync", signedOut: "signed-out" } as const;
