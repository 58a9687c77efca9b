import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { extract, pack, type Pack } from "tar-stream";

/**
 * The files a backup holds, and their container: a tar (ustar, with a pax header for a name over 100
 * characters), written and read as a stream by tar-stream (ADR 040), so an upload folder of any size never
 * sits in memory and any `tar` opens the archive by hand. The gzip around it is node:zlib's.
 */

export interface ArchiveEntry {
  /** A relative path with forward slashes. */
  name: string;
  size: number;
  mtime: Date;
  /** The content: bytes in memory, or a file to stream; "directory" for a folder (size 0). */
  data: Uint8Array | { file: string } | "directory";
}

/** Adds one entry; resolves when its bytes are in the archive's stream. */
function addEntry(archive: Pack, entry: ArchiveEntry): Promise<void> {
  return new Promise((resolve, reject) => {
    const { name, mtime } = entry;
    if (entry.data === "directory") {
      archive.entry({ name, mtime, type: "directory" }, (error) => (error ? reject(error) : resolve()));
      return;
    }
    if (entry.data instanceof Uint8Array) {
      archive.entry({ name, mtime, size: entry.data.byteLength }, Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength), (error) =>
        error ? reject(error) : resolve(),
      );
      return;
    }
    const file = createReadStream(entry.data.file);
    let read = 0;
    const sink = archive.entry({ name, mtime, size: entry.size }, (error) => {
      file.destroy();
      if (error) reject(error);
      else resolve();
    });
    // The entry's callback above receives the sink's errors; without a listener, pipe() would rethrow them.
    sink.on("error", () => undefined);
    file.on("data", (chunk) => void (read += chunk.length));
    file.on("error", (error) => archive.destroy(error));
    // The header already says entry.size: a file that changed size meanwhile fails the backup, saying so.
    file.on("end", () => {
      if (read === entry.size) sink.end(undefined); // streamx's types ask for an argument
      else archive.destroy(new Error(`${name} changed while it was being archived (${entry.size} bytes expected, ${read} read)`));
    });
    file.pipe(sink, { end: false });
  });
}

/** The archive's bytes (before gzip), entry by entry; an entry that fails (a file changed meanwhile) fails the stream. */
export function packEntries(entries: AsyncIterable<ArchiveEntry> | Iterable<ArchiveEntry>): Readable {
  const archive = pack();
  // Entries are added one at a time, each when the one before is written: the stream's reader sets the pace.
  void (async () => {
    for await (const entry of entries) await addEntry(archive, entry);
    archive.finalize();
  })().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  // Read through its async iterator, so node:stream's pipeline drives it like any of its own streams.
  return Readable.from(archive as AsyncIterable<Buffer>);
}

export interface ReadEntry {
  name: string;
  size: number;
  /** "file", "directory", or anything else (links), which a backup never holds and a reader skips. */
  type: "file" | "directory" | "other";
}

/**
 * Reads an archive (gunzipped) entry by entry: `take` gets a file's or directory's header and its bytes, and
 * reads all of them or none (then they are skipped; stopping half-way would end tar-stream's reading). An
 * error thrown by `take` (a refused manifest) stops the reading there; an archive that ends in the middle of
 * an entry is refused.
 */
export async function readEntries(input: Readable, take: (entry: ReadEntry, body: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const reader = extract();
  input.on("error", (error) => reader.destroy(error));
  input.pipe(reader);
  try {
    for await (const body of reader) {
      const { header } = body;
      const type = header.type === "file" || header.type === "contiguous-file" ? "file" : header.type === "directory" ? "directory" : "other";
      // GNU tar writes a directory's name with a trailing slash.
      if (type !== "other") await take({ name: header.name.replace(/\/$/, ""), size: header.size, type }, body as AsyncIterable<Buffer>);
      body.resume();
    }
  } catch (error) {
    if (error instanceof Error && error.message === "Unexpected end of data") throw new Error("The backup archive is incomplete (it ends in the middle of a file)", { cause: error });
    if (error instanceof Error && error.message.startsWith("Invalid tar header")) throw new Error("The backup archive is damaged (a header cannot be read)", { cause: error });
    throw error;
  } finally {
    input.unpipe(reader);
    input.destroy();
  }
}

/** Every regular file under dir (sorted, relative names), as archive entries; `skip` leaves out absolute paths. */
export async function directoryEntries(
  dir: string,
  { skip = [], keep = () => true, directories = false }: { skip?: readonly string[]; keep?: (name: string) => boolean; directories?: boolean } = {},
): Promise<ArchiveEntry[]> {
  const found: ArchiveEntry[] = [];
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
