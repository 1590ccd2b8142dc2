/**
 * apps/web/package.json declares the web app's modules free of side effects but for those it lists
 * (`sideEffects`), so that Rolldown leaves out what a screen imports and never uses, a feature
 * index's other exports first of all (docs/ARCHITECTURE.md "Loading the web app"). A module imported
 * only for what it does on import (`import "./x"`) must be listed, or the build drops it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const web = fileURLToPath(new URL("../..", import.meta.url));
const listed: string[] = JSON.parse(readFileSync(join(web, "package.json"), "utf8")).sideEffects;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")
        ? [join(dir, entry.name)]
        : [],
  );

/** A bare import's module as package.json names it (./src/...), or null when it is not the app's own. */
function ownModule(file: string, specifier: string) {
  const base = specifier.startsWith("@/")
    ? join(web, "src", specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(file), specifier)
      : null;
  if (base === null) return null;
  const path = [`${base}.ts`, `${base}.tsx`].find(existsSync) ?? base;
  return `./${relative(web, path)}`;
}

test("every module of the app imported for its side effects is listed in sideEffects", () => {
  const bare = sources(join(web, "src")).flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/^import\s+["']([^"']+)["'];?$/gm)]
      .map((match) => ownModule(file, match[1] ?? ""))
      .filter((module): module is string => module !== null && !module.endsWith(".css")),
  );
  expect(bare.length).toBeGreaterThan(0);
  for (const module of bare) expect(listed).toContain(module);
});

test("every listed module exists", () => {
  for (const entry of listed.filter((e) => !e.includes("*"))) expect(existsSync(join(web, entry))).toBe(true);
});
