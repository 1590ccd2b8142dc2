/**
 * npm run backup / restore round trip on the embedded database (docs/adr/0010): a company with a
 * record of every kind in a DATA_DIR held by a running app (this process, like main.ts: the lock
 * file and the backup socket), the real commands as child processes, the archive restored into a
 * new folder, and every table's rows and every stored file compared.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { documents, type Executor, openDatabase } from "@pevo/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildFullCompany, type FullCompany } from "../../test/full-company";
import { createTestApp, type TestApp } from "../../test/harness";
import { allTables, digest } from "../../test/table-digest";
import { listenForBackups } from "./backup";
import { diskStorage } from "./storage";

const root = mkdtempSync(join(tmpdir(), "pevo-backup-"));
const dataDir = join(root, "data");
let t: TestApp;
let company: FullCompany;
let backups: { close: () => Promise<void> };

beforeAll(async () => {
  const database = await openDatabase({ kind: "pglite", dataDir });
  t = await createTestApp({ database, storage: diskStorage(join(dataDir, "files")) });
  if (!database.whileIdle) throw new Error("PGlite offers whileIdle");
  backups = await listenForBackups(dataDir, database.whileIdle);
  company = await buildFullCompany(t, "Backed Up Escorts");
}, 180_000);
afterAll(async () => {
  await backups?.close();
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs `npm run backup` / `restore` (from source) with the environment given. */
function run(command: "backup" | "restore", args: string[], env: Record<string, string>) {
  const script = join(import.meta.dirname, "..", `${command}.ts`);
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

async function tableDigests(db: Executor) {
  const result: Record<string, unknown> = {};
  for (const { schema, table } of await allTables(db))
    result[`${schema}.${table}`] = await digest(db, table, undefined, schema);
  return result;
}

/** Every stored file (path under files/ → sha256 of its bytes). */
function storedFiles(dir: string): Record<string, string> {
  const files = join(dir, "files");
  if (!existsSync(files)) return {};
  return Object.fromEntries(
    readdirSync(files, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const path = join(e.parentPath, e.name);
        return [relative(files, path), createHash("sha256").update(readFileSync(path)).digest("hex")];
      }),
  );
}

describe("npm run backup / restore", () => {
  test("a backup taken while the app runs restores every row and file into a new folder", async () => {
    // An upload being written right now: not part of any record, so not in the backup.
    const partial = join(
      dataDir,
      "files",
      company.companyId,
      `${crypto.randomUUID()}.${crypto.randomUUID()}.partial`,
    );
    writeFileSync(partial, "half an upload");
    const rows = await tableDigests(t.db);
    const files = storedFiles(dataDir);
    expect(Object.keys(files).filter((f) => !f.endsWith(".partial")).length).toBeGreaterThanOrEqual(4);

    const archive = join(root, "company.tar.gz");
    const backup = await run("backup", [archive], { DATA_DIR: dataDir });
    expect(backup, backup.output).toMatchObject({
      code: 0,
      output: expect.stringContaining("from the running server"),
    });
    expect(existsSync(archive)).toBe(true);
    // The app kept serving: the admin's session still works.
    expect((await t.request("GET", "/api/me", { cookie: company.admin.cookie })).status).toBe(200);

    const refused = await run("restore", [archive], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${dataDir} is not empty`);

    const restoredDir = join(root, "restored");
    const restore = await run("restore", [archive], { DATA_DIR: restoredDir });
    expect(restore, restore.output).toMatchObject({ code: 0 });

    const { [join(company.companyId, partial.split("/").pop() as string)]: left, ...recorded } = files;
    expect(left).toBeDefined();
    expect(storedFiles(restoredDir)).toEqual(recorded);

    const restored = await openDatabase({ kind: "pglite", dataDir: restoredDir });
    const again = await createTestApp({
      database: restored,
      storage: diskStorage(join(restoredDir, "files")),
    });
    try {
      expect(await tableDigests(again.db)).toEqual(rows);
      // The restored app works: the same session, and a document's bytes from the restored files.
      const me = await again.request("GET", "/api/me", { cookie: company.admin.cookie });
      expect(me.status).toBe(200);
      const docs = await again.request("GET", `/api/pevos/${company.pevo.pevoId}/documents`, {
        cookie: company.admin.cookie,
      });
      expect(docs.status).toBe(200);
      const [doc] = docs.body.items ?? docs.body;
      const file = await again.app.request(`http://localhost:3000/api/documents/${doc.id}/file`, {
        headers: { Cookie: company.admin.cookie },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer())).toEqual(
        readFileSync(join(import.meta.dirname, "../../test/fixtures/photo.png")),
      );
    } finally {
      await again.close();
    }
  }, 180_000);

  test("uploads and deletions while the backup is taken: every document row restored has its file", async () => {
    const as = t.as(company.admin);
    const png = readFileSync(join(import.meta.dirname, "../../test/fixtures/photo.png"));
    let backingUp = true;
    let changes = 0;
    const churn = (async () => {
      while (backingUp) {
        const body = new FormData();
        body.set("file", new File([png], "busy.png"));
        body.set("category", "photo");
        const res = await t.request("POST", `/api/pevos/${company.pevo.pevoId}/documents`, {
          cookie: company.admin.cookie,
          body,
        });
        expect(res.status).toBe(201);
        if (changes % 2 === 0) expect((await as("DELETE", `/api/documents/${res.body.id}`)).status).toBe(204);
        changes += 1;
      }
    })();
    const archive = join(root, "busy.tar.gz");
    const backup = await run("backup", [archive], { DATA_DIR: dataDir });
    backingUp = false;
    await churn;
    expect(backup, backup.output).toMatchObject({ code: 0 });
    expect(changes).toBeGreaterThan(0);

    const restoredDir = join(root, "restored-busy");
    expect((await run("restore", [archive], { DATA_DIR: restoredDir })).code).toBe(0);
    const restored = await openDatabase({ kind: "pglite", dataDir: restoredDir });
    try {
      const rows = await restored.db.select({ key: documents.storageKey }).from(documents);
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const missing = rows.filter((r) => !existsSync(join(restoredDir, "files", ...r.key.split("/"))));
      expect(missing).toEqual([]);
    } finally {
      await restored.close();
    }

    // The same folder with no server: npm run backup takes the lock and archives it directly.
    const offline = join(root, "offline.tar.gz");
    const direct = await run("backup", [offline], { DATA_DIR: restoredDir });
    expect(direct, direct.output).toMatchObject({ code: 0 });
    expect(direct.output).not.toContain("from the running server");
    expect((await run("restore", [offline], { DATA_DIR: join(root, "restored-offline") })).code).toBe(0);
    expect(storedFiles(join(root, "restored-offline"))).toEqual(storedFiles(restoredDir));
  }, 180_000);

  test("a damaged archive is refused and leaves no folder behind", async () => {
    const damaged = join(root, "damaged.tar.gz");
    const archive = readFileSync(join(root, "company.tar.gz"));
    writeFileSync(damaged, archive.subarray(0, Math.floor(archive.length / 2)));
    const target = join(root, "from-damaged");
    const restore = await run("restore", [damaged], { DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain("is not a complete backup");
    expect(existsSync(target)).toBe(false);
  }, 60_000);

  test("with DATABASE_URL set, backup refuses and says how to back up PostgreSQL", async () => {
    mkdirSync(join(root, "pg"), { recursive: true });
    const res = await run("backup", [join(root, "pg", "x.tar.gz")], {
      DATABASE_URL: "postgres://root@127.0.0.1:5432/test",
    });
    expect(res.code).toBe(1);
    expect(res.output).toContain("pg_dump");
    expect(existsSync(join(root, "pg", "x.tar.gz"))).toBe(false);
  }, 60_000);
});
