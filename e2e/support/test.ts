/**
 * Playwright's `test`, failing any test during which a page broke the Content-Security-Policy
 * (apps/server/src/http/security-headers.ts): a script, style, image, font or request the policy
 * blocked means a screen that does not work in production. Every spec imports `test` and `expect`
 * from here.
 *
 * Every browser context is watched: the test's own `context` and those a test opens itself with
 * `browser.newContext()` / `browser.newPage()` (wrapped for the worker). A violation is reported by
 * the page (`securitypolicyviolation`) and by the browser's console; one seen outside a test (in a
 * beforeAll) fails the next test.
 */
import { type BrowserContext, test as base } from "@playwright/test";

export * from "@playwright/test";

/** Violations not yet reported by a test. */
const violations: string[] = [];
const watched = new WeakSet<BrowserContext>();

async function watch(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) {
      violations.push(`console on ${message.location().url}: ${message.text()}`);
    }
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

export const test = base.extend<{ cspGuard: undefined }, { cspWatchedBrowser: undefined }>({
  cspWatchedBrowser: [
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
  cspGuard: [
    async ({ context }, use) => {
      await watch(context);
      await use(undefined);
      const seen = violations.splice(0);
      base.expect(seen, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
