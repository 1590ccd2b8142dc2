/**
 * Backups of the embedded default (docs/adr/0010-backups-of-the-embedded-database.md): one .tar.gz of
 * DATA_DIR, the PGlite database folder with the uploaded files in it (DATA_DIR/files), taken while
 * nothing writes the database (OpenedDatabase.whileIdle), so every document row's file is there.
 * - Server running: it holds the folder (the lock file); `npm run backup` asks it over a Unix socket
 *   beside the lock file (`<DATA_DIR>.backup.sock`, the server user's alone: no network, no proxy can
 *   reach it) and the server streams the archive.
 * - Server stopped: `npm run backup` takes the lock itself and archives the folder.
 * `npm run restore <file>` unpacks an archive into an empty (or missing) DATA_DIR.
 */
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { chmod, type FileHandle, mkdir, open, readdir, rename, rm, rmdir } from "node:fs/promises";
import { connect, createServer } from "node:net";
import { dirname, join } from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { acquireLock, lockHolder } from "@pevo/db";
import { log } from "./log";
import { readTar, tarEnd, tarHeader, tarPadding, writeChunk } from "./tar";

/** The archive's first entry: what it is. */
const BACKUP_MANIFEST = "pevo-backup.json";
const FORMAT = 1;
/** A running server's backup socket, beside its lock file (outside the archived folder). */
const backupSocketPath = (dataDir: string) => `${dataDir}.backup.sock`;

/** A backup or restore that cannot go ahead, with a message for the operator. */
export class BackupRefused extends Error {}

/**
 * Writes DATA_DIR as a .tar.gz to `out` (and ends it): the manifest, then every folder and file in
 * name order, without uploads still being written (`files/**.partial`). The caller makes sure nothing
 * writes the database meanwhile (whileIdle, or the lock of a folder no server has open).
 */
async function writeBackup(dataDir: string, out: Writable): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  try {
    const manifest = Buffer.from(
      JSON.stringify({ format: FORMAT, createdAt: new Date().toISOString(), contents: "DATA_DIR" }),
    );
    await writeChunk(
      gzip,
      tarHeader(BACKUP_MANIFEST, { size: manifest.length, mode: 0o644, mtime: new Date() }),
    );
    await writeChunk(gzip, Buffer.concat([manifest, tarPadding(manifest.length)]));
    await archiveFolder(gzip, dataDir, "");
    await writeChunk(gzip, tarEnd());
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}

async function archiveFolder(out: Writable, root: string, relative: string) {
  const entries = (await readdir(join(root, relative), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  for (const entry of entries) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      await writeChunk(out, tarHeader(path, { size: 0, mode: 0o755, mtime: new Date(), folder: true }));
      await archiveFolder(out, root, path);
    } else if (entry.isFile() && !(path.startsWith("files/") && path.endsWith(".partial"))) {
      await archiveFile(out, join(root, path), path);
    }
  }
}

async function archiveFile(out: Writable, file: string, path: string) {
  // A stored file removed since the listing (its document's deletion committed before the backup
  // began) is simply not in the archive.
  const handle = await open(file, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!handle) return;
  try {
    const info = await handle.stat();
    await writeChunk(out, tarHeader(path, { size: info.size, mode: info.mode, mtime: info.mtime }));
    const chunk = Buffer.alloc(64 * 1024);
    let done = 0;
    while (done < info.size) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, info.size - done), done);
      if (bytesRead === 0) throw new Error(`${file} changed while it was being archived`);
      await writeChunk(out, Buffer.from(chunk.subarray(0, bytesRead)));
      done += bytesRead;
    }
    await writeChunk(out, tarPadding(info.size));
  } finally {
    await handle.close();
  }
}

/**
 * The running server's side: answers each connection on the backup socket with an archive written
 * while the database is idle. Closed with the server.
 */
export async function listenForBackups(
  dataDir: string,
  whileIdle: <T>(fn: () => Promise<T>) => Promise<T>,
): Promise<{ close: () => Promise<void> }> {
  const path = backupSocketPath(dataDir);
  // A socket file left by a server that was killed: this process holds the database's lock now.
  await rm(path, { force: true });
  const server = createServer((socket) => {
    // A reader that stops reading would hold the database: it is dropped after 30 s without progress.
    socket.setTimeout(30_000, () => socket.destroy(new Error("The backup reader stalled")));
    // Its errors (the reader went away) end writeBackup, reported below; never the process.
    socket.on("error", () => {});
    whileIdle(() => writeBackup(dataDir, socket)).catch((error) => {
      log().error({ err: error }, "A backup failed");
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}

/** Reads a whole archive, checking that it is a complete backup; answers how many files it holds. */
async function verifyBackup(archive: string): Promise<number> {
  let files = 0;
  await readBackup(archive, async (entry) => {
    if (!entry.folder) files += 1;
    return undefined;
  });
  return files;
}

async function readBackup(archive: string, onEntry: Parameters<typeof readTar>[1]) {
  let first = true;
  const gunzip = createGunzip();
  const reading = readTar(gunzip, async (entry) => {
    if (first) {
      first = false;
      if (entry.path !== BACKUP_MANIFEST) throw new BackupRefused(`${archive} is not a PEVO backup`);
      const chunks: Buffer[] = [];
      return {
        write: async (chunk) => void chunks.push(chunk),
        end: async () => {
          const manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { format?: number };
          if (manifest.format !== FORMAT)
            throw new BackupRefused(
              `${archive} is a backup of format ${manifest.format}; this version reads ${FORMAT}`,
            );
        },
      };
    }
    return onEntry(entry);
  });
  try {
    await Promise.all([pipeline(createReadStream(archive), gunzip), reading]);
  } catch (error) {
    gunzip.destroy();
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`${archive} is not a complete backup: ${(error as Error).message}`);
  }
}

/** `npm run backup`: writes the archive of DATA_DIR to `target` (through a temporary name). */
export async function backupDataDir(
  dataDir: string,
  target: string,
): Promise<{ files: number; viaServer: boolean }> {
  if (!existsSync(dataDir))
    throw new BackupRefused(`There is no database in ${dataDir} to back up (check DATA_DIR)`);
  if (existsSync(target)) throw new BackupRefused(`${target} already exists; name another file`);
  const temp = `${target}.partial`;
  const viaServer = lockHolder(dataDir) !== null;
  try {
    if (viaServer) {
      const socketPath = backupSocketPath(dataDir);
      const socket = connect(socketPath);
      await pipeline(socket, createWriteStream(temp, { flags: "wx" })).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT" && error.code !== "ECONNREFUSED") throw error;
          throw new BackupRefused(
            `Process ${lockHolder(dataDir)} holds ${dataDir} but does not answer on ${socketPath} (an older version, or a path too long for a socket): stop it, then run npm run backup again`,
          );
        },
      );
    } else {
      const release = acquireLock(dataDir);
      try {
        await writeBackup(dataDir, createWriteStream(temp, { flags: "wx" }));
      } finally {
        release();
      }
    }
    const files = await verifyBackup(temp);
    await rename(temp, target);
    return { files, viaServer };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * `npm run restore <file>`: unpacks a backup into DATA_DIR, which must be empty or missing. The
 * archive goes to a temporary folder beside it first, renamed into place once complete, so a damaged
 * archive leaves nothing behind.
 */
export async function restoreDataDir(archive: string, dataDir: string): Promise<{ files: number }> {
  if (!existsSync(archive)) throw new BackupRefused(`There is no file ${archive}`);
  const present = existsSync(dataDir) ? await readdir(dataDir) : [];
  if (present.length > 0)
    throw new BackupRefused(
      `${dataDir} is not empty: restore into an empty folder (move this one away, or set DATA_DIR to a new folder)`,
    );
  await mkdir(dirname(dataDir), { recursive: true });
  const release = acquireLock(dataDir);
  const temp = `${dataDir}.restoring-${process.pid}`;
  let files = 0;
  let writing: FileHandle | null = null;
  try {
    await rm(temp, { recursive: true, force: true });
    await mkdir(temp);
    await readBackup(archive, async (entry) => {
      const path = join(temp, ...entry.path.split("/"));
      if (entry.folder) {
        await mkdir(path, { recursive: true });
        return undefined;
      }
      files += 1;
      await mkdir(dirname(path), { recursive: true });
      const handle = await open(path, "wx", entry.mode & 0o777);
      writing = handle;
      return {
        write: async (chunk) => void (await handle.write(chunk)),
        end: async () => {
          writing = null;
          await handle.close();
        },
      };
    });
    if (existsSync(dataDir)) await rmdir(dataDir);
    await rename(temp, dataDir);
    return { files };
  } catch (error) {
    await (writing as FileHandle | null)?.close().catch(() => {});
    await rm(temp, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}
