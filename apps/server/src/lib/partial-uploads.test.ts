import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { captureLogs } from "../../test/log-capture";
import { nth } from "../../test/rows";
import { setLogger } from "./log";
import { PARTIAL_MAX_AGE_MS, removeStalePartialUploads, startPartialUploadSweep } from "./partial-uploads";
import { diskStorage, newStorageKey } from "./storage";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "pevo-partials-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const companyId = randomUUID();
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/** A partial file as a killed upload leaves it, last written at `at`. */
function leftPartial(at: Date): string {
  const folder = join(dir, companyId);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${randomUUID()}.${randomUUID()}.partial`);
  writeFileSync(path, "half an upload");
  utimesSync(path, at, at);
  return path;
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check()).toBe(true);
}

describe("partial upload files", () => {
  test("a partial file older than an hour is removed; an upload in progress and stored files are kept", async () => {
    const storage = diskStorage(dir);
    const stale = leftPartial(hoursAgo(2));
    const justOverAnHour = leftPartial(new Date(Date.now() - PARTIAL_MAX_AGE_MS - 60_000));
    const stored = newStorageKey(companyId);
    await storage.put(stored, Buffer.from("a stored document"), { contentType: "application/pdf" });
    const storedPath = join(dir, ...stored.split("/"));
    utimesSync(storedPath, hoursAgo(48), hoursAgo(48));

    // An upload in progress: its partial file is there and still being written.
    const body = new PassThrough();
    const inProgressKey = newStorageKey(companyId);
    const upload = storage.put(inProgressKey, body, { contentType: "application/pdf", size: 6 });
    body.write("first ");
    const partialsNow = () =>
      readdirSync(join(dir, companyId)).filter((n) =>
        n.startsWith(nth(inProgressKey.split("/"), 1, "file name")),
      );
    await until(() => partialsNow().some((n) => n.endsWith(".partial")));

    expect(await removeStalePartialUploads(storage)).toBe(2);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(justOverAnHour)).toBe(false);
    expect(existsSync(storedPath)).toBe(true);
    expect(partialsNow().filter((n) => n.endsWith(".partial"))).toHaveLength(1);

    // The upload then finishes normally.
    body.end();
    await upload;
    expect(await storage.exists(inProgressKey)).toBe(true);
    expect(readdirSync(join(dir, companyId)).filter((n) => n.endsWith(".partial"))).toEqual([]);
  });

  test("an empty or missing storage folder is not an error", async () => {
    expect(await removeStalePartialUploads(diskStorage(join(dir, "not-made-yet")))).toBe(0);
  });

  test("the server's sweep removes stale partial files at start-up", async () => {
    const stale = leftPartial(hoursAgo(3));
    const fresh = leftPartial(new Date());
    const logs = captureLogs();
    setLogger(logs.logger);
    const sweep = startPartialUploadSweep(diskStorage(dir));
    try {
      await until(() => !existsSync(stale));
      expect(existsSync(fresh)).toBe(true);
      await until(() => logs.lines.length > 0);
      expect(logs.lines).toEqual([
        expect.objectContaining({ msg: "Removed 1 partial upload file(s) left by an interrupted upload" }),
      ]);
    } finally {
      sweep.stop();
    }
  });
});
