/**
 * The first screen of a full page load is drawn once, whole (docs/performance.md, "One first paint"):
 * a route's loader holds the router's loading fallback until the screen's reads (started by the entry,
 * app/first-screen-reads.ts) and the code it draws with are in, so the screen does not paint its
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
