import { useEffect, useState } from "react";

/**
 * The first screen of a full page load is drawn once, whole (docs/performance.md, "One first paint"):
 * a route's loader holds the router's loading fallback until the screen's reads (started by
 * public/boot.js) and the code it draws with are in, so the screen does not paint its
 * frame, then its skeletons, then its figures, each a layout and a long task on a phone's CPU.
 * Capped: on a bad signal the screen draws after FIRST_SCREEN_WAIT_MS with its own loading states.
 * Later navigations do not wait: a loader answers at once once the first screen is up.
 */

const FIRST_SCREEN_WAIT_MS = 2500;
/** How long a read made for the first screen counts as fresh, so the screen does not ask again as it mounts. */
export const FIRST_SCREEN_FRESH_MS = 5_000;

let firstScreen = true;

/** Called by the router once the first screen is drawn. */
export function endFirstScreen() {
  firstScreen = false;
}

/** A route loader: on the first screen only, waits (capped) for `work`; never fails, returns null. */
export async function firstScreenLoader(work: () => Promise<unknown>[]): Promise<null> {
  if (!firstScreen) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((done) => {
    timer = setTimeout(done, FIRST_SCREEN_WAIT_MS);
  });
  await Promise.race([Promise.allSettled(work()), cap]);
  clearTimeout(timer);
  return null;
}

let painted = false;

/**
 * False until the screen has painted once: work it does not draw with (the portal's offline bar and
 * service worker, the live event stream) starts after the first paint instead of competing with it
 * for a phone's few connections and its CPU (docs/performance.md, "After the first paint").
 */
export function useAfterFirstPaint() {
  const [after, setAfter] = useState(painted);
  useEffect(() => {
    if (after) return;
    let mounted = true;
    const done = () => {
      painted = true;
      if (mounted) setAfter(true);
    };
    // A hidden tab paints nothing and runs no animation frames: nothing to wait for.
    if (document.visibilityState === "hidden") done();
    // The frame's callback runs before its paint; a task queued from it runs after.
    else requestAnimationFrame(() => setTimeout(done, 0));
    return () => {
      mounted = false;
    };
  }, [after]);
  return after;
}
