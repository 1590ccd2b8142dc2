/**
 * API reads started before the screen that needs them has loaded: public/boot.js sends the first
 * screen's reads as the page's HTML is read, before the bundle arrives (docs/performance.md, "The web
 * app on a phone"). A query takes such an answer once, through `earlyOr`; every later read of it goes
 * to the network.
 */

/** The addresses of the reads boot.js starts, as the queries ask for them (early-reads.test.ts). */
export const earlyReads = {
  me: "/api/me",
  portalDashboard: (today: string) => `/api/portal/dashboard?today=${today}`,
  dashboard: (today: string) => `/api/dashboard?today=${today}`,
  onboarding: "/api/company/onboarding",
  mySettings: "/api/me/settings",
  monthlyMargins: "/api/reports/monthly",
  credentialsToReview: "/api/credentials/to-review",
  expiringCredentials: "/api/credentials/expiring",
  signingPage: (token: string) => `/api/public/sign/${encodeURIComponent(token)}`,
};

type Started = Record<string, { at: number; response: Promise<Response> } | undefined>;
declare global {
  interface Window {
    /** Set by public/boot.js: its reads by address. */
    __earlyReads?: Started;
  }
}

// Older than this, an unused early answer is not handed out (the query asks again).
const MAX_AGE_MS = 30_000;
const started: Started = (typeof window === "undefined" ? undefined : window.__earlyReads) ?? {};

/**
 * Drops the answers nobody took: they serve the first screen only. Called when the tab leaves it
 * (app/router.tsx), e.g. a guard's redirect to sign-in: a read made signed out must not answer the
 * same screen opened after signing in.
 */
export function dropEarlyReads() {
  for (const url of Object.keys(started)) delete started[url];
}

/** The early answer of `url` if one was started and not yet taken, else `request()`. */
export function earlyOr<R>(url: string, request: () => Promise<R>): Promise<R> {
  const early = started[url];
  delete started[url];
  if (early && Date.now() - early.at < MAX_AGE_MS) return early.response as unknown as Promise<R>;
  return request();
}
