/**
 * Every table has one owner (ADR 0011): a domain module (`domain/<aggregate>/`) or one
 * infrastructure file (ADR 0011, "Infrastructure owners"). This scans apps/server/src (tests left
 * out) for the tables each file imports from @pevo/db and the ones it writes (`.insert(t)`,
 * `.update(t)`, `.delete(t)`), and fails when
 * - a table of the schema has no owner here (a new table needs one);
 * - a file writes a table it does not own;
 * - a file outside domain/ imports a table it does not own (beyond the few named in IMPORTS_TOO);
 * - biome.json's per-file "infrastructure owner" overrides name other tables than these lists.
 * Files not moved yet are the legacy allowlist of biome.json (one place): their tables are listed as
 * "not moved yet" (todo) instead of failing, and the check is strict once that list is empty.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as schema from "@pevo/db/schema";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "../../../..");
const SRC = join(ROOT, "apps/server/src");

type Owner = `domain/${string}` | `${string}.ts`;

/** The owner of every table (export name of packages/db/src/schema). */
const OWNER: Record<string, Owner> = {
  activityEvents: "domain/activity",
  clients: "domain/clients",
  companies: "domain/company",
  profiles: "domain/company",
  userSettings: "domain/company",
  // Logins: domain/company creates, renames and deletes them; Better Auth (auth.ts) writes them too.
  user: "domain/company",
  account: "domain/company",
  session: "domain/company",
  pevos: "domain/pevos",
  pevoCertifications: "domain/credentials",
  pevoInsurance: "domain/credentials",
  pevoVehicles: "domain/credentials",
  pevoCredentialVersions: "domain/credentials",
  documents: "domain/documents",
  documentFileDeletions: "domain/documents",
  rateConfirmations: "domain/rate-confirmations",
  permits: "domain/rate-confirmations",
  positions: "domain/rate-confirmations",
  standardRates: "domain/rate-confirmations",
  customRates: "domain/rate-confirmations",
  signatureRequests: "domain/rate-confirmations",
  dispatches: "domain/dispatches",
  dispatchEvents: "domain/dispatches",
  dispatchDayCounts: "domain/dispatches",
  tripLogs: "domain/trip-logs",
  tripLogExpenses: "domain/trip-logs",
  tripLogDeletions: "domain/trip-logs",
  safetyChecklists: "domain/job-paperwork",
  safetyMeetings: "domain/job-paperwork",
  jobLogEntries: "domain/job-paperwork",
  invoices: "domain/invoices",
  invoiceJobs: "domain/invoices",
  invoiceLineItems: "domain/invoices",
  invoiceOpenBalances: "domain/invoices",
  clientOpenBalances: "domain/invoices",
  clientUnbilledJobs: "domain/invoices",
  clientUnbilledDays: "domain/invoices",
  payments: "domain/invoices",
  creditNotes: "domain/credit-notes",
  creditNoteCounts: "domain/credit-notes",
  creditNoteLines: "domain/credit-notes",
  clientCreditEntries: "domain/invoices",
  publicLinks: "domain/public-links",
  pevoTaxProfiles: "domain/tax-profiles",
  taxYearSettings: "domain/tax-profiles",
  payPlans: "domain/settlements",
  settlements: "domain/settlements",
  settlementJobs: "domain/settlements",
  settlementAdjustments: "domain/settlements",
  // The dashboard chart's kept months; the change counters are raised by triggers only.
  marginMonths: "domain/settlements",
  marginMonthChanges: "domain/settlements",
  paidCompensationYears: "domain/settlements",
  // Infrastructure owners (biome.json has one override per file naming the same tables).
  verification: "auth.ts",
  jobs: "lib/jobs.ts",
  mailOutbox: "mail/mailer.ts",
  rateLimits: "http/rate-limit.ts",
};

/** Infrastructure files that import tables they do not own, and why (ADR 0011). */
const IMPORTS_TOO: Record<string, { tables: string[] | "all"; why: string }> = {
  "auth.ts": {
    tables: ["user", "account", "session"],
    why: "hands Better Auth's tables to its Drizzle adapter; Better Auth writes them in its own flows",
  },
  "lib/tenant.ts": {
    tables: ["companies"],
    why: "names companies.id for ownCompany; reads and writes nothing",
  },
  "lib/company-removal.ts": {
    tables: "all",
    why: "removing a company deletes its rows of every aggregate in one transaction, children first",
  },
};

type Override = {
  includes?: string[];
  linter?: {
    rules?: {
      style?: {
        noRestrictedImports?: {
          options?: { paths?: Record<string, { allowImportNames?: string[] } | string> };
        };
      };
    };
  };
};
const biome = JSON.parse(readFileSync(join(ROOT, "biome.json"), "utf8")) as { overrides: Override[] };

/** The legacy allowlist: the `!apps/server/src/...` entries of biome.json's table-import override. */
function legacyAllowlist(): RegExp[] {
  const legacy = biome.overrides.find((o) => o.includes?.includes("!apps/server/src/domain/**"));
  if (!legacy?.includes) throw new Error("biome.json: the legacy allowlist override is gone");
  return legacy.includes
    .filter((p) => p.startsWith("!apps/server/src/") && p !== "!apps/server/src/domain/**")
    .map((p) => {
      const glob = p.slice("!apps/server/src/".length);
      const source = glob
        .split("**")
        .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*"))
        .join(".*");
      return new RegExp(`^${source}$`);
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

const TABLES = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name);

/** The tables a file imports from @pevo/db or @pevo/db/schema, and the ones it writes. */
function tablesOf(source: string) {
  /** Local name → table (an import may rename it: `user as users`). */
  const local = new Map<string, string>();
  for (const match of source.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"@pevo\/db(?:\/schema)?"/g,
  )) {
    for (const part of match[1]?.split(",") ?? []) {
      const [name = "", alias = name] = part.trim().split(/\s+as\s+/);
      if (!name.startsWith("type ") && TABLES.includes(name)) local.set(alias, name);
    }
  }
  const imported = new Set(local.values());
  const written = new Set<string>();
  for (const match of source.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = local.get(match[1] ?? "");
    if (table) written.add(table);
  }
  return { imported, written };
}

const ownerOf = (file: string): Owner => {
  const module = /^domain\/([^/]+)\//.exec(file);
  return module ? `domain/${module[1]}` : (file as Owner);
};

const legacy = legacyAllowlist();
const files = sourceFiles(SRC).map((path) => {
  const file = relative(SRC, path).replaceAll("\\", "/");
  return {
    file,
    owner: ownerOf(file),
    notMoved: legacy.some((re) => re.test(file)),
    ...tablesOf(readFileSync(path, "utf8")),
  };
});

describe("every table has one owner", () => {
  test("every table of the schema has an owner", () => {
    expect(TABLES.length).toBeGreaterThan(30);
    expect(TABLES.filter((table) => !OWNER[table])).toEqual([]);
  });

  test("a table is written only by its owner", () => {
    const foreign = files
      .filter((f) => !f.notMoved && f.file !== "lib/company-removal.ts")
      .flatMap((f) => [...f.written].filter((t) => OWNER[t] !== f.owner).map((t) => `${f.file} writes ${t}`));
    expect(foreign).toEqual([]);
  });

  test("outside domain/, a file imports only the tables it owns (or is named in IMPORTS_TOO)", () => {
    const foreign = files
      .filter((f) => !f.notMoved && !f.file.startsWith("domain/"))
      .flatMap((f) => {
        const too = IMPORTS_TOO[f.file]?.tables;
        return [...f.imported]
          .filter((t) => OWNER[t] !== f.owner && too !== "all" && !too?.includes(t))
          .map((t) => `${f.file} imports ${t}`);
      });
    expect(foreign).toEqual([]);
  });

  test("biome.json's infrastructure owner overrides name the same tables as this list", () => {
    const inBiome = Object.fromEntries(
      biome.overrides.flatMap((o) => {
        const [only, ...more] = o.includes ?? [];
        const allowed = o.linter?.rules?.style?.noRestrictedImports?.options?.paths?.["@pevo/db"];
        if (!only || more.length > 0 || typeof allowed !== "object") return [];
        const tables = (allowed.allowImportNames ?? []).filter((name) => TABLES.includes(name));
        return [[only.replace("apps/server/src/", ""), tables.sort()]];
      }),
    );
    const infrastructure = [...new Set([...Object.values(OWNER), ...Object.keys(IMPORTS_TOO)])].filter(
      (owner) => !owner.startsWith("domain/"),
    );
    const here = Object.fromEntries(
      infrastructure.map((file) => {
        const too = IMPORTS_TOO[file]?.tables ?? [];
        const owned = TABLES.filter((t) => OWNER[t] === file);
        const tables = too === "all" ? (inBiome[file] ?? []) : [...new Set([...owned, ...too])];
        return [file, [...tables].sort()];
      }),
    );
    expect(inBiome).toEqual(here);
  });

  test("the scan sees the writers it should (the regexes still match the code)", () => {
    const writers = (table: string) => files.filter((f) => f.written.has(table)).map((f) => f.file);
    expect(writers("jobs")).toEqual(["lib/jobs.ts"]);
    expect(writers("activityEvents")).toEqual(["domain/activity/record.ts"]);
    expect(writers("clients")).toEqual(["domain/clients/clients.ts"]);
  });

  // Not moved yet (biome.json's legacy allowlist): their writes are listed here until they move.
  for (const f of files.filter((f) => f.notMoved && f.imported.size > 0)) {
    const written = [...f.written].filter((t) => OWNER[t] !== f.owner);
    test.todo(
      `not moved yet: ${f.file} imports ${[...f.imported].join(", ")}${written.length ? `; writes ${written.join(", ")}` : ""}`,
    );
  }
});
