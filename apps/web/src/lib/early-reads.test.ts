import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { earlyReads } from "./early-reads";
import { todayIso } from "./format";

const BOOT = readFileSync(new URL("../../public/boot.js", import.meta.url), "utf8");
/** A fixed local moment late in the day: the phone's own calendar day must be read, not UTC's. */
const NOW = [2026, 0, 5, 23, 30] as const;

/** Runs public/boot.js as a browser would at `pathname`: the addresses it asks for and the page's classes. */
function boot(pathname: string, theme: string | null = null) {
  const asked: string[] = [];
  const classes: string[] = [];
  const context: Record<string, unknown> = {
    location: { pathname },
    localStorage: { getItem: (key: string) => (key === "theme" ? theme : null) },
    document: {
      documentElement: { classList: { add: (name: string) => classes.push(name) } },
      querySelector: () => null,
    },
    fetch: (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response("{}"));
    },
    Date: class extends Date {
      constructor() {
        super(...NOW);
      }
    },
  };
  context.window = context;
  runInNewContext(BOOT, context);
  return { asked, classes, started: Object.keys(context.__earlyReads as object) };
}

const today = todayIso(new Date(...NOW));

describe("public/boot.js", () => {
  it("asks for the addresses the screens' queries take (lib/early-reads.ts)", () => {
    expect(boot("/pevo").asked).toEqual([
      earlyReads.me,
      earlyReads.mySettings,
      earlyReads.portalDashboard(today),
    ]);
    expect(boot("/dashboard/").asked).toEqual([
      earlyReads.me,
      earlyReads.mySettings,
      earlyReads.onboarding,
      earlyReads.dashboard(today),
      earlyReads.monthlyMargins,
      earlyReads.credentialsToReview,
      earlyReads.expiringCredentials,
    ]);
    expect(boot("/auth").asked).toEqual([earlyReads.me]);
    expect(boot("/pevo/trip-log").asked).toEqual([earlyReads.me]);
    expect(boot("/sign/a%20b~c").asked).toEqual([earlyReads.signingPage("a b~c")]);
  });

  it("asks nothing for the token pages but the signing page, nor for /auth/reset", () => {
    for (const path of ["/respond/t", "/i/t", "/cn/t", "/auth/reset", "/sign/a/b"]) {
      expect(boot(path).asked).toEqual([]);
    }
  });

  it("keeps a malformed signing link for the page to report", () => {
    expect(boot("/sign/%E0%A4%A").asked).toEqual([]);
  });

  it("hands each read to the app by its address", () => {
    const { asked, started } = boot("/pevo");
    expect(started).toEqual(asked);
  });

  it("applies the saved dark theme before the first paint", () => {
    expect(boot("/auth", "dark").classes).toEqual(["dark"]);
    expect(boot("/auth", "light").classes).toEqual([]);
  });
});
