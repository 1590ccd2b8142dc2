/**
 * API reads started before the screen that needs them has loaded (app/first-screen-reads.ts starts
 * them as the entry chunk runs; docs/performance.md, "The web app on a phone"). A query takes such an
 * answer once, through `earlyOr`; every later read of it goes to the network.
 */

/** The addresses of the reads started early, as the queries ask for them. */
export const earlyReads = {
  me: "/api/me",
  portalDashboard: (today: string) => `/api/portal/dashboard?today=${today}`,
  dashboard: (today: string) => `/api/dashboard?today=${today}`,
  onboarding: "/api/company/onboarding",
  mySettings: "/api/me/settings",
  signingPage: (token: string) => `/api/public/sign/${encodeURIComponent(token)}`,
};

// Older than this, an unused early answer is not handed out (the query asks again).
const MAX_AGE_MS = 30_000;
const started = new Map<string, { at: number; response: Promise<Response> }>();

export function startEarlyRead(url: string) {
  const response = fetch(url, { credentials: "same-origin" });
  // A failure is the query's to report, when it takes the answer.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
}

/**
 * Drops the answers nobody took: they serve the first screen only. Called when the tab leaves it
 * (app/router.tsx), e.g. a guard's redirect to sign-in: a read made signed out must not answer the
 * same screen opened after signing in.
 */
export function dropEarlyReads() {
  started.clear();
}

/** The early answer of `url` if one was started and not yet taken, else `request()`. */
export function earlyOr<R>(url: string, request: () => Promise<R>): Promise<R> {
  const early = started.get(url);
  started.delete(url);
  if (early && Date.now() - early.at < MAX_AGE_MS) return early.response as unknown as Promise<R>;
  return request();
}
