import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * The backup archive's container: plain ustar (POSIX.1-1988), the format every `tar` reads, so an archive
 * can be opened by hand (`tar -xzf backup-….tar.gz`). No tar library is a dependency of the project, and a
 * backup needs only regular files with short relative names, so these ~100 lines write and read it as a
 * stream (an upload folder of any size never sits in memory). The gzip around it is node:zlib's.
 */

const BLOCK = 512;
/** ustar's size field: 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export interface TarSource {
  /** A relative path with forward slashes (at most 255 characters, the last segment at most 100). */
  name: string;
  size: number;
  mtime: Date;
  /** The content: bytes in memory, or a file to stream; "directory" for a folder (size 0). */
  data: Uint8Array | { file: string } | "directory";
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  // ustar keeps longer names as prefix (155) + "/" + name (100), split at a slash.
  for (let i = name.lastIndexOf("/"); i > 0; i = name.lastIndexOf("/", i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`A name too long for the backup archive: ${name}`);
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

export function tarHeader(entry: Pick<TarSource, "name" | "size" | "mtime">, directory = false): Buffer {
  if (entry.size > MAX_SIZE) throw new Error(`A file too large for the backup archive (over 8 GiB): ${entry.name}`);
  const { prefix, base } = splitName(entry.name);
  const header = Buffer.alloc(BLOCK);
  header.write(base, 0, 100, "utf8");
  header.write(octal(directory ? 0o755 : 0o644, 8), 100, "ascii");
  header.write(octal(0, 8), 108, "ascii");
  header.write(octal(0, 8), 116, "ascii");
  header.write(octal(entry.size, 12), 124, "ascii");
  header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, "ascii");
  header.write("        ", 148, "ascii");
  header.write(directory ? "5" : "0", 156, "ascii");
  header.write("ustar\0", 257, "ascii");
  header.write("00", 263, "ascii");
  header.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "ascii");
  return header;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** The archive's bytes (before gzip), entry by entry; a file that changes size meanwhile fails the backup. */
export async function* tarStream(entries: AsyncIterable<TarSource> | Iterable<TarSource>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if (entry.data === "directory") {
      yield tarHeader({ ...entry, size: 0 }, true);
      continue;
    }
    yield tarHeader(entry);
    let written = 0;
    if (entry.data instanceof Uint8Array) {
      written = entry.data.byteLength;
      yield Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
    } else {
      for await (const chunk of createReadStream(entry.data.file) as AsyncIterable<Buffer>) {
        written += chunk.byteLength;
        yield chunk;
      }
    }
    if (written !== entry.size) throw new Error(`${entry.name} changed while it was being archived (${entry.size} bytes expected, ${written} read)`);
    yield padding(entry.size);
  }
  // The end of an archive: two empty blocks.
  yield Buffer.alloc(BLOCK * 2);
}

/** Every regular file under dir (sorted, relative names), as archive entries; `skip` leaves out absolute paths. */
export async function directoryEntries(
  dir: string,
  { skip = [], keep = () => true, directories = false }: { skip?: readonly string[]; keep?: (name: string) => boolean; directories?: boolean } = {},
): Promise<TarSource[]> {
  const found: TarSource[] = [];
  async function walk(current: string, relative: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const absolute = path.join(current, entry.name);
      if (skip.includes(absolute)) continue;
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // A database's empty folders (pg_tblspc, pg_notify…) are part of it: kept when asked for.
        if (directories) found.push({ name, size: 0, mtime: (await stat(absolute)).mtime, data: "directory" });
        await walk(absolute, name);
      }
      else if (entry.isFile() && keep(entry.name)) {
        const info = await stat(absolute);
        found.push({ name, size: info.size, mtime: info.mtime, data: { file: absolute } });
      }
    }
  }
  await walk(dir, "");
  return found;
}

export interface TarEntry {
  name: string;
  size: number;
  /** "file", "directory", or anything else (links), which a backup never holds and a reader skips. */
  type: "file" | "directory" | "other";
}

/** What a reader does with an entry's bytes: each chunk in order, then end. */
export interface EntrySink {
  write(chunk: Buffer): Promise<void> | void;
  end(): Promise<void> | void;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const nul = raw.indexOf(0);
  return raw.subarray(0, nul === -1 ? length : nul).toString("utf8");
}

function parseHeader(header: Buffer): TarEntry | undefined {
  if (header.every((b) => b === 0)) return undefined;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  const recorded = parseInt(field(header, 148, 8).trim(), 8);
  if (recorded !== sum) throw new Error("The backup archive is damaged (a header's checksum does not match)");
  const prefix = field(header, 345, 155);
  const base = field(header, 0, 100);
  const size = parseInt(field(header, 124, 12).trim() || "0", 8);
  const flag = String.fromCharCode(header[156]!);
  const type = flag === "0" || flag === "\0" ? "file" : flag === "5" ? "directory" : "other";
  return { name: (prefix ? `${prefix}/${base}` : base).replace(/\/$/, ""), size, type };
}

/**
 * Reads an archive (gunzipped) entry by entry: `open` says where a file's bytes go (undefined: skipped); it
 * is called for a directory too (which has no bytes).
 * An error thrown by `open` (a refused manifest) stops the reading there.
 */
export async function readTar(input: Readable, open: (entry: TarEntry) => Promise<EntrySink | undefined>): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  let current: { entry: TarEntry; sink: EntrySink | undefined; remaining: number; skip: number } | undefined;
  let ended = false;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    buffered = buffered.byteLength ? Buffer.concat([buffered, chunk]) : chunk;
    for (;;) {
      if (ended) break;
      if (!current) {
        if (buffered.byteLength < BLOCK) break;
        const entry = parseHeader(buffered.subarray(0, BLOCK));
        buffered = buffered.subarray(BLOCK);
        if (!entry) {
          ended = true;
          break;
        }
        const sink = entry.type === "other" ? undefined : await open(entry);
        current = { entry, sink, remaining: entry.size, skip: padding(entry.size).byteLength };
      }
      if (current.remaining > 0) {
        if (buffered.byteLength === 0) break;
        const take = Math.min(current.remaining, buffered.byteLength);
        if (current.sink) await current.sink.write(buffered.subarray(0, take));
        buffered = buffered.subarray(take);
        current.remaining -= take;
        if (current.remaining > 0) break;
      }
      if (buffered.byteLength < current.skip) break;
      buffered = buffered.subarray(current.skip);
      await current.sink?.end();
      current = undefined;
    }
  }
  if (current || !ended) throw new Error("The backup archive is incomplete (it ends in the middle of a file)");
}
