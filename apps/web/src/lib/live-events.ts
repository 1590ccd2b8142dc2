import { LIVE_CONTROL, LIVE_EVENT_KINDS, type LiveEventKind, type TLiveMessage } from "@pevo/shared";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAfterFirstPaint } from "@/lib/first-screen";
import { invalidateAll, queryKeys } from "@/lib/query-keys";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";

/** What each kind of live event makes stale (lists and details sit under their resource's key). */
const STALE: Record<LiveEventKind, readonly QueryKey[]> = {
  "dispatch.created": [
    queryKeys.dispatches,
    queryKeys.dashboard,
    ["calendar"],
    queryKeys.portal,
    queryKeys.rateConfirmations,
  ],
  "dispatch.changed": [
    queryKeys.dispatches,
    queryKeys.dashboard,
    ["calendar"],
    queryKeys.portal,
    queryKeys.rateConfirmations,
  ],
  "dispatch.deleted": [
    queryKeys.dispatches,
    queryKeys.dashboard,
    ["calendar"],
    queryKeys.portal,
    queryKeys.rateConfirmations,
  ],
  "trip_log.changed": [queryKeys.dispatches, queryKeys.dashboard, queryKeys.portal],
  "invoice.changed": [queryKeys.invoices, queryKeys.dispatches, queryKeys.dashboard],
  "rate_confirmation.changed": [
    queryKeys.rateConfirmations,
    queryKeys.dispatches,
    queryKeys.dashboard,
    ["calendar"],
    queryKeys.portal,
  ],
  // A PEVO's credentials: the office's PEVO pages and list, the dashboard ("To review", "Credentials
  // expiring"), the PEVO's own portal page.
  "credential.changed": [queryKeys.pevos, queryKeys.dashboard, queryKeys.portal, queryKeys.activity],
};

const RETRY_MS = 5_000;

/**
 * The tab's one live event stream (GET /api/events) while a user is signed in, office and portal
 * alike: each event refetches the open screens it concerns through the normal API; the office shows
 * its short text as a toast (not for the user's own changes). The browser reconnects by itself and
 * the server replays what was missed; when it cannot (`resync`: a server restart), or when the
 * stream had to be opened anew, everything is refetched once. Closed on sign-out.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  const office = me?.user.role === "admin";
  // Opened once the first screen has painted: a phone's first load has better use for a connection.
  const painted = useAfterFirstPaint();

  useEffect(() => {
    if (!painted || !userId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = (fresh: boolean) => {
      const es = new EventSource("/api/events");
      source = es;
      // Opened anew, the stream cannot replay what it missed: everything is read again once it
      // listens. The first time, only what the screen read before it listened: it opens after the
      // first paint (useAfterFirstPaint), and a change made in between must not go unseen.
      const openedAt = Date.now();
      es.addEventListener(
        LIVE_CONTROL.ready,
        () => void (fresh ? refetchEverything(queryClient) : refetchReadBefore(queryClient, openedAt)),
        { once: true },
      );
      for (const kind of LIVE_EVENT_KINDS) {
        es.addEventListener(kind, (event) => {
          const message = parse(event);
          void invalidateAll(queryClient, STALE[kind]);
          if (office && message?.text && message.by !== userId) toast.info(message.text);
        });
      }
      es.addEventListener(LIVE_CONTROL.resync, () => void refetchEverything(queryClient));
      es.addEventListener(LIVE_CONTROL.signedOut, () => {
        stopped = true;
        es.close();
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      });
      es.onerror = () => {
        // The browser retries by itself unless the server answered with an error (e.g. 502, 401).
        if (es.readyState !== EventSource.CLOSED || stopped) return;
        retry = setTimeout(() => {
          if (!stopped) open(true);
        }, RETRY_MS);
      };
    };
    open(false);
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient, userId, office, painted]);
}

function parse(event: Event): TLiveMessage | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as TLiveMessage;
  } catch {
    return null;
  }
}

/** Everything but the signed-in user: what the screens show may have changed while we were away. */
const refetchEverything = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });

/** What was read before `time`, but the signed-in user: a change since then reached no stream. */
const refetchReadBefore = (queryClient: QueryClient, time: number) =>
  queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.me[0] && query.state.dataUpdatedAt < time,
  });
