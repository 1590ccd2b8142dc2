/**
 * A small tar (ustar) writer and reader for backups (lib/backup.ts): regular files and folders only,
 * which is all a backup holds. Paths are relative, '/'-separated; the reader refuses any other entry
 * type, an absolute path or a '..' part, and checks every header's checksum.
 */
import type { Readable, Writable } from "node:stream";

const BLOCK = 512;

/** A header block for a file (type "0") or a folder (type "5"). */
export function tarHeader(
  path: string,
  entry: { size: number; mode: number; mtime: Date; folder?: boolean },
) {
  const block = Buffer.alloc(BLOCK);
  let name = entry.folder && !path.endsWith("/") ? `${path}/` : path;
  let prefix = "";
  if (Buffer.byteLength(name) > 100) {
    // ustar: the path split at a '/' into a prefix (155 bytes) and a name (100 bytes).
    const cut = name.lastIndexOf("/", name.length - 2);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`Path too long for a backup archive: ${path}`);
  }
  const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, "0");
  block.write(name, 0, 100, "utf8");
  block.write(octal(entry.mode & 0o7777, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  if (entry.size >= 8 ** 11) throw new Error(`File too large for a backup archive: ${path}`);
  block.write(octal(entry.folder ? 0 : entry.size, 12), 124);
  block.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136);
  block.write(entry.folder ? "5" : "0", 156);
  block.write("ustar\u000000", 257, "latin1");
  block.write(prefix, 345, 155, "utf8");
  block.fill(" ", 148, 156);
  block.write(`${octal(checksum(block), 7)}\u0000`, 148, "latin1");
  return block;
}

const checksum = (block: Buffer) => block.reduce((sum, byte) => sum + byte, 0);

/** The zero padding after `size` bytes of content. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
/** The end of an archive: two zero blocks. */
export const tarEnd = () => Buffer.alloc(2 * BLOCK);

export type TarEntry = { path: string; folder: boolean; size: number; mode: number; mtime: Date };

/** Writes a chunk, waiting while the destination is full. */
export async function writeChunk(out: Writable, chunk: Buffer) {
  if (!out.write(chunk)) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        out.off("drain", done);
        out.off("error", done);
        out.off("close", closed);
        if (error) reject(error);
        else resolve();
      };
      const closed = () => done(new Error("The archive's destination closed"));
      out.on("drain", done);
      out.on("error", done);
      out.on("close", closed);
    });
  }
}

/**
 * Reads an (uncompressed) tar stream: `onEntry` gets each entry and, for a file, may answer where its
 * content goes (each chunk in order, then end). Throws on a damaged or unexpected archive,
 * including one that ends before its end blocks.
 */
export type TarSink = { write: (chunk: Buffer) => Promise<void>; end: () => Promise<void> };

export async function readTar(
  input: Readable,
  onEntry: (entry: TarEntry) => Promise<TarSink | undefined>,
): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  let entry: { remaining: number; padding: number; sink?: TarSink } | null = null;
  let ended = false;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    while (!ended) {
      if (entry) {
        if (entry.remaining > 0) {
          if (buffered.length === 0) break;
          const part = buffered.subarray(0, Math.min(entry.remaining, buffered.length));
          buffered = buffered.subarray(part.length);
          entry.remaining -= part.length;
          await entry.sink?.write(Buffer.from(part));
          if (entry.remaining === 0) await entry.sink?.end();
          continue;
        }
        if (buffered.length < entry.padding) break;
        buffered = buffered.subarray(entry.padding);
        entry = null;
        continue;
      }
      if (buffered.length < BLOCK) break;
      const header = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const parsed = parseHeader(Buffer.from(header));
      const sink = await onEntry(parsed);
      entry = { remaining: parsed.size, padding: tarPadding(parsed.size).length, sink };
      if (parsed.size === 0) await sink?.end();
    }
  }
  if (!ended) throw new Error("The archive is incomplete (it ends before its last entry)");
}

function parseHeader(block: Buffer): TarEntry {
  const text = (start: number, length: number) => {
    const field = block.subarray(start, start + length);
    const end = field.indexOf(0);
    return field.subarray(0, end < 0 ? length : end).toString("utf8");
  };
  const number = (start: number, length: number) => Number.parseInt(text(start, length).trim() || "0", 8);
  const stored = number(148, 8);
  const blank = Buffer.from(block);
  blank.fill(" ", 148, 156);
  if (stored !== checksum(blank)) throw new Error("The archive is damaged (a header's checksum is wrong)");
  if (text(257, 6) !== "ustar") throw new Error("Not a backup archive (not a ustar archive)");
  const type = text(156, 1) || "0";
  if (type !== "0" && type !== "5") throw new Error(`Unexpected entry type "${type}" in the archive`);
  const prefix = text(345, 155);
  const path = (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100)).replace(/\/$/, "");
  const parts = path.split("/");
  if (!path || path.startsWith("/") || parts.some((p) => p === ".." || p === "" || p === "."))
    throw new Error(`Unsafe path in the archive: ${JSON.stringify(path)}`);
  return {
    path,
    folder: type === "5",
    size: type === "5" ? 0 : number(124, 12),
    mode: number(100, 8),
    mtime: new Date(number(136, 12) * 1000),
  };
}
