/**
 * The product's one file storage (ARCHITECTURE "Second wave": files). Two back ends behind one
 * interface: a folder on the local disk (DATA_DIR/files by default: zero setup) and an
 * S3-compatible bucket (@aws-sdk/client-s3) when S3_BUCKET is set.
 *
 * Keys are made here, never from user input: `<company id>/<random UUID>`. Both back ends refuse any
 * other shape, so no request can name a path outside the storage (no traversal, no user file names).
 * The database holds the metadata (packages/db documents); see domain/documents for the rules.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { StorageConfig } from "../env";

export type FileStorage = {
  readonly kind: "disk" | "s3";
  /** Stores bytes under a key made by {@link newStorageKey}; a stream needs its `size`. */
  put(
    key: string,
    body: Uint8Array | Readable,
    options: { contentType: string; size?: number },
  ): Promise<void>;
  /** The stored bytes as a stream; throws {@link StoredFileMissing} when there is no such object. */
  get(key: string): Promise<ReadableStream<Uint8Array>>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes what an upload cut off mid-write left behind, last written before `olderThan`; answers
   * how many. Disk: `<key>.<uuid>.partial` files (a process killed while writing one). S3: nothing,
   * since one PutObject stores the object whole or not at all (no multipart uploads are started).
   */
  removeStalePartials(olderThan: Date): Promise<number>;
  /** Removes every object under the company's prefix (removing a company: lib/company-removal.ts). */
  removeCompanyFiles(companyId: string): Promise<void>;
};

/** The object a document row names is not in the storage. */
export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`Stored file missing: ${key}`);
  }
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const KEY = new RegExp(`^${UUID}/${UUID}$`);
/** A disk upload's temporary file, named by diskStorage.put: `<uuid>.<uuid>.partial`. */
const PARTIAL = new RegExp(`^${UUID}\\.${UUID}\\.partial$`);
const COMPANY_FOLDER = new RegExp(`^${UUID}$`);

/** A new random key under the company's prefix. */
export function newStorageKey(companyId: string): string {
  return checkedKey(`${companyId.toLowerCase()}/${randomUUID()}`);
}

/** Only keys of the shape this module makes reach a back end. */
function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under a folder: <dir>/<company id>/<uuid>, written to a temporary name and renamed. */
export function diskStorage(dir: string): FileStorage {
  const root = resolve(dir);
  const pathOf = (key: string) => {
    const path = join(root, ...checkedKey(key).split("/"));
    if (!path.startsWith(root + sep)) throw new Error(`Not a storage key: ${key}`);
    return path;
  };
  return {
    kind: "disk",
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(join(path, ".."), { recursive: true });
      const temp = `${path}.${randomUUID()}.partial`;
      try {
        await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(temp));
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      // Opened first, so a missing file is known before the response starts.
      const handle = await open(path, "r").catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") throw new StoredFileMissing(key);
        throw error;
      });
      return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async removeStalePartials(olderThan) {
      let removed = 0;
      for (const company of await namesIn(root)) {
        if (!COMPANY_FOLDER.test(company)) continue;
        const folder = join(root, company);
        for (const name of await namesIn(folder)) {
          if (!PARTIAL.test(name)) continue;
          const path = join(folder, name);
          const info = await stat(path).catch(() => null);
          if (!info?.isFile() || info.mtime >= olderThan) continue;
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async removeCompanyFiles(companyId) {
      await rm(companyFolder(root, companyId), { recursive: true, force: true });
    },
  };
}

function companyFolder(root: string, companyId: string): string {
  const id = companyId.toLowerCase();
  if (!COMPANY_FOLDER.test(id)) throw new Error(`Not a company id: ${JSON.stringify(companyId)}`);
  return join(root, id);
}

/** The names in a folder; none when it does not exist (yet) or is not a folder. */
async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
    throw error;
  });
}

type S3Config = Extract<StorageConfig, { kind: "s3" }>;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/** Objects in an S3-compatible bucket, under the same keys. */
export function s3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
    // default extra checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  return {
    kind: "s3",
    async put(key, body, { contentType, size }) {
      if (body instanceof Readable && size === undefined) throw new Error("A stream needs its size");
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body instanceof Readable ? size : body.byteLength,
        }),
      );
    },
    async get(key) {
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!result.Body) throw new StoredFileMissing(key);
        return result.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissing(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async removeStalePartials() {
      return 0;
    },
    async removeCompanyFiles(companyId) {
      const Prefix = `${companyId.toLowerCase()}/`;
      if (!COMPANY_FOLDER.test(Prefix.slice(0, -1))) throw new Error(`Not a company id: ${companyId}`);
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? [])
          if (object.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: object.Key }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** The storage the configuration names. */
export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === "s3" ? s3Storage(config) : diskStorage(config.dir);
}
