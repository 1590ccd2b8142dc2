// npm run db:check: the Drizzle schema (packages/db/src/schema) against the committed migrations
// (packages/db/migrations). Runs `drizzle-kit generate` on a temporary copy of the migrations folder:
// when it writes a migration, the schema has changes that no committed migration covers and the
// check fails. Then `drizzle-kit check` verifies the committed migrations' snapshots are consistent.
// Nothing in the repository is written.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const migrations = resolve(root, "packages/db/migrations");
const schema = resolve(root, "packages/db/src/schema/index.ts");
const drizzleKit = resolve(root, "node_modules/drizzle-kit/bin.cjs");

const files = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();
/** drizzle-kit prefixes "./" to --out, so it runs in the temporary folder with a relative --out. */
const drizzle = (cwd, args) => {
  const result = spawnSync(
    process.execPath,
    [drizzleKit, ...args, "--dialect", "postgresql", "--out", "migrations"],
    {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    },
  );
  return { ...result, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
};

const temp = mkdtempSync(join(tmpdir(), "pevo-migrations-"));
let ok = false;
try {
  const copy = join(temp, "migrations");
  cpSync(migrations, copy, { recursive: true });
  const before = files(copy);

  const generate = drizzle(temp, ["generate", "--schema", schema, "--name", "drift"]);
  const added = files(copy).filter((file) => !before.includes(file));
  if (added.length > 0) {
    console.log("The Drizzle schema has changes that no committed migration covers.");
    for (const file of added.filter((f) => f.endsWith(".sql"))) {
      console.log(`\nThe missing migration would be:\n${readFileSync(join(copy, file), "utf8")}`);
    }
    console.log("\nRun npm run db:generate and commit the migration.");
  } else if (generate.status !== 0 || generate.error || !/No schema changes/.test(generate.output)) {
    // drizzle-kit exits 0 on some errors, and waits for an answer when a change is ambiguous
    // (a rename): anything but "No schema changes" fails the check.
    if (/Interactive prompts require a TTY/.test(generate.output)) {
      console.log(
        "The Drizzle schema has changes that no committed migration covers (drizzle-kit asks whether",
      );
      console.log("a table or column was renamed: answer it in a terminal).");
    } else console.log(generate.output.trim());
    if (generate.error) console.log(String(generate.error));
    console.log(
      "\ndrizzle-kit generate did not confirm the schema matches the migrations. Run npm run db:generate and commit the migration.",
    );
  } else {
    const check = drizzle(temp, ["check"]);
    if (check.status !== 0 || !/Everything's fine/.test(check.output)) {
      console.log(check.output.trim());
      console.log("\ndrizzle-kit check found a problem in packages/db/migrations (see above).");
    } else {
      console.log(
        `Migrations cover the schema (${before.filter((f) => f.endsWith(".sql")).length} migrations, drizzle-kit check ok).`,
      );
      ok = true;
    }
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
