/**
 * The product's one file storage (ARCHITECTURE "Second wave": files). Two back ends behind one
 * interface: a folder on the local disk (DATA_DIR/files by default: zero setup) and an
 * S3-compatible bucket (@aws-sdk/client-s3) when S3_BUCKET is set.
 *
 * Keys are made here, never from user input: `<company id>/<random UUID>`. Both back ends refuse any
 * other shape, so no request can name a path outside the storage (no traversal, no user file names).
 * The database holds the metadata (packages/db documents); see features/documents for the rules.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
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
};

/** The object a document row names is not in the storage. */
export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`Stored file missing: ${key}`);
  }
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const KEY = new RegExp(`^${UUID}/${UUID}$`);

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
  };
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
  };
}

/** The storage the configuration names. */
export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === "s3" ? s3Storage(config) : diskStorage(config.dir);
}
