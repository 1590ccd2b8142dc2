/**
 * Playwright's `test`, failing any test during which a page
 * - broke the Content-Security-Policy (apps/server/src/http/security-headers.ts): a script, style,
 *   image, font or request the policy blocked means a screen that does not work in production;
 * - logged a console error or warning, or threw an uncaught error: a screen that warns works by
 *   accident (a React key, a missing HydrateFallback, a failed request nobody handles).
 * Every spec imports `test` and `expect` from here.
 *
 * Every browser context is watched: the test's own `context` and those a test opens itself with
 * `browser.newContext()` / `browser.newPage()` (wrapped for the worker). What is seen outside a test
 * (in a beforeAll) fails the next test. An API's 4xx answer is the screen's to handle (see
 * HANDLED_API_ANSWER); any other error a test provokes on purpose it names with `allowConsole(/…/)`,
 * matched against "<type>: <text> @ <url>" for that test only.
 */
import { type BrowserContext, test as base, type ConsoleMessage } from "@playwright/test";

export * from "@playwright/test";

/** CSP violations not yet reported by a test. */
const violations: string[] = [];
/** Console errors/warnings and uncaught page errors not yet reported by a test. */
const consoleProblems: string[] = [];
/** Patterns the running test allowed (reset after each test). */
const allowed: RegExp[] = [];
const watched = new WeakSet<BrowserContext>();

/**
 * Lets the running test log console errors/warnings matching `pattern` (tested against
 * "<type>: <text> @ <url>"). Keep it narrow: the status and the path of the request it provokes.
 */
export function allowConsole(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

const CSP = /Content.Security.Policy/i;
/**
 * Chromium logs every 4xx answer as "Failed to load resource". An API's 4xx is an answer the screen
 * handles and the test checks (a 400's field messages, the signed-out 401 of GET /api/me, a 404 for an
 * unknown link, a 409's conflict message), not a fault: such a line is not counted. A 5xx, a failed
 * connection, a 4xx for a page asset (a script, an image, the favicon) are counted.
 */
const HANDLED_API_ANSWER =
  /^error: Failed to load resource: the server responded with a status of 4\d\d \([^)]*\) @ https?:\/\/[^/]+\/api\//;

function onConsole(message: ConsoleMessage) {
  const text = message.text();
  const url = message.location().url;
  if (CSP.test(text)) violations.push(`console on ${url}: ${text}`);
  else if (message.type() === "error" || message.type() === "warning") {
    consoleProblems.push(`${message.type()}: ${text} @ ${url || message.page()?.url() || "?"}`);
  }
}

async function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on("console", onConsole);
  context.on("weberror", (error) => {
    // about:blank runs no app code: what fails there is a test's own init script (no localStorage).
    if (error.page()?.url() === "about:blank") return;
    const e = error.error();
    consoleProblems.push(`pageerror: ${e.message} @ ${error.page()?.url() ?? "?"}\n${e.stack ?? ""}`);
  });
  await context.exposeBinding("__reportCspViolation", (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: string) => void })
        .__reportCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline code"} on ${location.href}` +
          ` (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

export const test = base.extend<{ pageGuard: undefined }, { watchedBrowser: undefined }>({
  watchedBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await watch(context);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
    },
    { scope: "worker", auto: true },
  ],
  pageGuard: [
    async ({ context }, use) => {
      await watch(context);
      await use(undefined);
      const seenViolations = violations.splice(0);
      const seenProblems = consoleProblems
        .splice(0)
        .filter((p) => !HANDLED_API_ANSWER.test(p) && !allowed.some((a) => a.test(p)));
      allowed.length = 0;
      base.expect(seenViolations, "Content-Security-Policy violations").toEqual([]);
      base.expect(seenProblems, "console errors/warnings and page errors").toEqual([]);
    },
    { auto: true },
  ],
});
