// Runs before the first paint, blocking on purpose, as the page's HTML is read (docs/performance.md,
// "The web app on a phone"). A file, not an inline script: the Content-Security-Policy allows scripts
// from this server's files only. Plain JavaScript: it runs before the bundle has even arrived.

// 1. The saved theme, so a dark page never flashes white.
try {
  if (localStorage.getItem("theme") === "dark") {
    document.documentElement.classList.add("dark");
    // The status bar of an installed app follows the theme (the portal's offline bar keeps it so).
    document.querySelector('meta[name="theme-color"]')?.setAttribute("content", "#0a0a0a");
  }
} catch {}

// 2. The first screen's API reads, sent now rather than once the bundle has downloaded and run: on a
// phone that is most of a second sooner. The app takes each answer once (src/lib/early-reads.ts,
// whose `earlyReads` builds the same addresses; early-reads.test.ts holds the two together).
(() => {
  const started = {};
  window.__earlyReads = started;
  const read = (url) => {
    const response = fetch(url, { credentials: "same-origin" });
    // A failure is the screen's to report, when it takes the answer.
    response.catch(() => undefined);
    started[url] = { at: Date.now(), response };
  };
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  // The phone's own calendar day, as src/lib/format.ts todayIso.
  const today = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  const path = location.pathname;
  // /api/me only where the first screen reads it as it draws (the guards, the landing page, /auth and
  // its callback, the 404), so that the answer is taken at once: one left unread would tell a later
  // screen of this tab who was signed in before a sign-in made meanwhile. Not the token pages (no
  // account) nor /auth/reset (an invitation signs in there, then opens the portal).
  if (!/^\/(sign|respond|i|cn)\/|^\/auth\/reset/.test(path)) read("/api/me");
  if (path === "/pevo" || path === "/pevo/") {
    read("/api/me/settings");
    read(`/api/portal/dashboard?today=${today}`);
  }
  if (path === "/dashboard" || path === "/dashboard/") {
    read("/api/me/settings");
    read("/api/company/onboarding");
    read(`/api/dashboard?today=${today}`);
    read("/api/reports/monthly");
    read("/api/credentials/to-review");
    read("/api/credentials/expiring");
  }
  const signing = /^\/sign\/([^/]+)\/?$/.exec(path);
  if (signing) {
    try {
      read(`/api/public/sign/${encodeURIComponent(decodeURIComponent(signing[1]))}`);
    } catch {
      // A malformed address: the page itself reports the bad link.
    }
  }
})();
