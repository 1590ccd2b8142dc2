/**
 * ADR 0005: a CompanyId is made only in lib/company-id.ts, and only by the code listed here, each
 * for a stated reason. A cast anywhere else (tests included: they use test/company-id.ts), or a new
 * importer of the makers, fails this test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { nth } from "../../test/rows";

const ROOT = resolve(import.meta.dirname, "../..");
const MAKERS = "src/lib/company-id.ts";
const TEST_MAKER = "test/company-id.ts";

/** Who may make a CompanyId, with which maker, and why its id is the company the work is for. */
const ALLOWED: Record<string, { makers: string[]; why: string }> = {
  "src/http/session.ts": { makers: ["companyIdFromCredential"], why: "the signed-in user's session" },
  "src/domain/public-links/resolve-link.ts": {
    makers: ["companyIdFromCredential"],
    why: "a public link's token names its company",
  },
  "src/lib/jobs.ts": { makers: ["companyIdOfScopedRow"], why: "a claimed job row, scheduled under a scope" },
  "src/auth.ts": { makers: ["companyIdOfScopedRow"], why: "a user row, written for its company" },
  "src/domain/rate-confirmations/signature-certificate.ts": {
    makers: ["companyIdOfScopedRow"],
    why: "a signature request row, written under a scope",
  },
  "src/domain/company/logins.ts": { makers: ["companyIdOfCompany"], why: "signup's new company" },
  "src/domain/credentials/digest-schedule.ts": {
    makers: ["companyIdOfCompany"],
    why: "the start-up pass over every company",
  },
  [TEST_MAKER]: { makers: ["companyIdFromCredential"], why: "the tests' fixtures" },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

const files = ["src", "test", "fault"]
  .flatMap((dir) => sourceFiles(join(ROOT, dir)))
  .map((path) => ({
    name: relative(ROOT, path),
    text: readFileSync(path, "utf8"),
  }));

/** A cast to CompanyId: with `as` (also through `unknown`) or in angle brackets (not a type argument). */
const CAST = /\bas\s+CompanyId\b|(?<![\w$])<\s*CompanyId\s*>/;

/** The names a file imports from `target` (a path under ROOT), or null when it does not import it. */
function importsFrom(file: { name: string; text: string }, target: string): string[] | null {
  const names: string[] = [];
  let found = false;
  for (const match of file.text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)"/g)) {
    const source = nth(match, 3, "import source");
    if (!source.startsWith(".")) continue;
    const resolved = relative(ROOT, resolve(ROOT, dirname(file.name), source));
    if (`${resolved}.ts` !== target) continue;
    found = true;
    names.push(
      ...nth(match, 2, "imported names")
        .split(",")
        .map((name) => name.trim().replace(/^type\s+/, "")),
    );
  }
  return found ? names.filter(Boolean) : null;
}

describe("CompanyId makers", () => {
  it("scans the server's sources, tests and fault tests", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map((f) => f.name)).toContain(MAKERS);
  });

  it("casts to CompanyId only in lib/company-id.ts", () => {
    const casting = files.filter((f) => CAST.test(f.text)).map((f) => f.name);
    expect(casting).toEqual([MAKERS]);
  });

  it("lets only the listed code import a maker, each only its own", () => {
    const importers: Record<string, string[]> = {};
    for (const file of files) {
      const names = importsFrom(file, MAKERS);
      if (names) importers[file.name] = names.sort();
    }
    const allowed = Object.fromEntries(
      Object.entries(ALLOWED).map(([name, { makers }]) => [name, [...makers].sort()]),
    );
    expect(importers).toEqual(allowed);
  });

  it("lets only tests use the tests' maker", () => {
    const users = files.filter((f) => importsFrom(f, TEST_MAKER)).map((f) => f.name);
    expect(users.length).toBeGreaterThan(0);
    const notTests = users.filter((name) => !/\.test(-d)?\.ts$/.test(name) && !name.startsWith("test/"));
    expect(notTests).toEqual([]);
  });
});
