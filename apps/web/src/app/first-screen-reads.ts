/**
 * Starts the first screen's API reads as the entry chunk runs, before the route's chunks arrive.
 * The screens' first drawing waits for them (the guards and /auth for /api/me, the PEVO home for its
 * dashboard, the public signing page for its document); asked from inside the screen they would go
 * out only once its code had downloaded, a round trip later on a phone's first load
 * (docs/performance.md, "The web app on a phone").
 * main.tsx imports it before the router, so these requests go out ahead of the route's chunks.
 */

import { earlyReads, startEarlyRead } from "@/lib/early-reads";
import { todayIso } from "@/lib/format";

const path = location.pathname;
// Only where the first screen reads /api/me as it draws (the guards, the landing page, /auth and its
// callback, the 404), so that the answer is taken at once: an answer left unread would tell a later
// screen of this tab who was signed in before a sign-in made meanwhile. Not the token pages (no
// account) nor /auth/reset (an invitation signs in there, then opens the portal).
if (!/^\/(sign|respond|i|cn)\/|^\/auth\/reset/.test(path)) startEarlyRead(earlyReads.me);
if (path === "/pevo" || path === "/pevo/") {
  startEarlyRead(earlyReads.mySettings);
  startEarlyRead(earlyReads.portalDashboard(todayIso()));
}
if (path === "/dashboard" || path === "/dashboard/") {
  startEarlyRead(earlyReads.onboarding);
  startEarlyRead(earlyReads.dashboard(todayIso()));
}
const signing = /^\/sign\/([^/]+)\/?$/.exec(path)?.[1];
if (signing) {
  try {
    startEarlyRead(earlyReads.signingPage(decodeURIComponent(signing)));
  } catch {
    // A malformed address: the page itself reports the bad link.
  }
}
