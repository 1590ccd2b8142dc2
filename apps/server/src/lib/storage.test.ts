import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types (a test-only dev dependency)
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { diskStorage, type FileStorage, newStorageKey, s3Storage } from "./storage";

/** A disk folder, or an S3-compatible bucket (s3rver) in a folder. */
async function backend(kind: "disk" | "s3"): Promise<{ storage: FileStorage; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `pevo-storage-${kind}-`));
  if (kind === "disk")
    return { storage: diskStorage(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const admin = new S3Client({ region: "us-east-1", endpoint, credentials, forcePathStyle: true });
  await admin.send(new CreateBucketCommand({ Bucket: "pevo-documents" }));
  admin.destroy();
  const storage = s3Storage({
    kind: "s3",
    bucket: "pevo-documents",
    region: "us-east-1",
    endpoint,
    credentials,
    forcePathStyle: true,
  });
  return {
    storage,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each(["disk", "s3"] as const)("%s storage", (kind) => {
  let b: Awaited<ReturnType<typeof backend>>;
  beforeAll(async () => {
    b = await backend(kind);
  });
  afterAll(() => b?.stop());

  test("removeCompanyFiles removes every object of the company and nothing of another", async () => {
    const [leaving, staying] = [randomUUID(), randomUUID()];
    const keys = [newStorageKey(leaving), newStorageKey(leaving), newStorageKey(leaving)];
    const kept = newStorageKey(staying);
    for (const key of [...keys, kept])
      await b.storage.put(key, Buffer.from(key), { contentType: "text/plain" });

    await b.storage.removeCompanyFiles(leaving);
    for (const key of keys) expect(await b.storage.exists(key)).toBe(false);
    expect(await b.storage.exists(kept)).toBe(true);
    // A company without files (or removed twice) is not an error.
    await b.storage.removeCompanyFiles(leaving);
    await expect(b.storage.removeCompanyFiles("../etc")).rejects.toThrow(/Not a company id/);
  }, 60_000);

  test("removeStalePartials finds nothing to remove where no upload was cut off", async () => {
    expect(await b.storage.removeStalePartials(new Date())).toBe(0);
  });
});
