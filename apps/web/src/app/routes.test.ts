/**
 * The router's paths and the feature sub-routes must be the ones in @pevo/shared's route list,
 * which the server's SPA fallback uses to answer 200 or 404: read from the sources so they cannot drift.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { APP_SECTIONS, PORTAL_CHILDREN } from "@pevo/shared";
import { describe, expect, test } from "vitest";

const source = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), "utf8");
const jsxPaths = (text: string) =>
  [...text.matchAll(/<Route\s+path="([^"]+)"/g)].map((m) => m[1]).filter((p) => p !== "*");

describe("the app's routes are the shared list", () => {
  test.each([
    ["pevos", "../features/pevos/pages/pevos-page.tsx"],
    ["rateConfirmations", "../features/rate-confirmations/pages/rate-confirmations-page.tsx"],
    ["dispatching", "../features/dispatches/pages/dispatching-page.tsx"],
    ["invoices", "../features/invoices/pages/invoices-page.tsx"],
    ["settlements", "../features/settlements/pages/settlements-page.tsx"],
  ] as const)("%s: the feature's sub-routes", (section, file) => {
    expect(jsxPaths(source(file)).sort()).toEqual([...APP_SECTIONS[section].children].sort());
  });

  test("the router uses no literal absolute path, and the portal children are the shared ones", () => {
    const router = source("./router.tsx");
    expect(router.match(/path: "\/[^"]*"/g)).toBeNull();
    const children = [...router.matchAll(/path: "([a-z-]+)"/g)].map((m) => m[1]);
    expect(children.sort()).toEqual([...PORTAL_CHILDREN].sort());
  });
});
