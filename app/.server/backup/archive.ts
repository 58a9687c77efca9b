import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { DatabaseHandle } from "~/.server/db/index.ts";
import { MIGRATIONS_DIR } from "~/.server/db/migrate.ts";
import { BackupRefusal, DUMP_NAME, assertEmptyTarget, dumpDatabase, loadDatabase, type RestoreTarget, type TableStats } from "./engine.ts";
import { directoryEntries, packEntries, readEntries, type ArchiveEntry } from "./entries.ts";

/**
 * One backup is one .tar.gz (ADR 040), readable with any tar:
 *
 *   manifest.json                     what it is: format, engine, schema version, created at, rows and a
 *                                     checksum per table, and the SHA-256 of every other entry
 *   database/dump.sql                 PostgreSQL: pg_dump's plain SQL
 *   database/pglite-datadir.tar       PGlite: a copy of its data dir (what its dumpDataDir holds)
 *   uploads/<path>                    every stored file (request photos, CVs, signatures…)
 *
 * The manifest comes first, so a restore refuses another schema version or engine before unpacking
 * anything. The archive's own SHA-256 is kept beside it (<file>.sha256, `sha256sum -c` reads it) and in
 * its database row; a restore compares it first, then each entry's, then the restored tables' figures.
 */

export const MANIFEST_FORMAT = "industrial-service-platform backup";
export const MANIFEST_VERSION = 1;

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  formatVersion: number;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** The last migration applied (drizzle/meta/_journal.json's last tag). */
  schemaVersion: string;
  tables: TableStats;
  database: { name: string; bytes: number; sha256: string };
  uploads: { path: string; bytes: number; sha256: string }[];
}

/** This code's schema version: the name of its last migration. */
export async function currentSchemaVersion(): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error("No migration in drizzle/meta/_journal.json");
  return last.tag;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest("hex");
}

/** Passes bytes through while hashing them: the archive's SHA-256 without reading it again. */
function hashing(hash: ReturnType<typeof createHash>, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      counter.bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
}

export interface MadeArchive {
  file: string;
  bytes: number;
  sha256: string;
  manifest: Manifest;
}

export interface ArchivePlaces {
  /** Where the archive goes (made as a hidden partial file, renamed when complete). */
  backupDir: string;
  storageDir: string;
  /** Left out of the uploads when they are inside the storage dir (the embedded database, the backups). */
  skip: readonly string[];
}

/** Dumps the database and the uploads into backupDir/fileName (plus its .sha256). */
export async function makeArchive(handle: DatabaseHandle, places: ArchivePlaces, fileName: string, now = new Date()): Promise<MadeArchive> {
  const work = path.join(places.backupDir, `.work-${randomUUID()}`);
  await mkdir(work, { recursive: true });
  const partial = path.join(places.backupDir, `.${fileName}.partial`);
  try {
    const dumpFile = path.join(work, "dump");
    const tables = await dumpDatabase(handle, dumpFile);
    const dumpInfo = await stat(dumpFile);
    const uploads: { path: string; bytes: number; sha256: string; mtime: Date }[] = [];
    // Half-written uploads (".<uuid>.tmp", renamed into place when complete) are left out.
    const stored = await directoryEntries(places.storageDir, { skip: [...places.skip, places.backupDir], keep: (name) => !(name.startsWith(".") && name.endsWith(".tmp")) });
    for (const entry of stored) {
      const absolute = (entry.data as { file: string }).file;
      uploads.push({ path: entry.name, bytes: entry.size, sha256: await sha256File(absolute), mtime: entry.mtime });
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      formatVersion: MANIFEST_VERSION,
      createdAt: now.toISOString(),
      engine: handle.engine,
      schemaVersion: await currentSchemaVersion(),
      tables,
      database: { name: DUMP_NAME[handle.engine], bytes: dumpInfo.size, sha256: await sha256File(dumpFile) },
      uploads: uploads.map(({ path: p, bytes, sha256 }) => ({ path: p, bytes, sha256 })),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    function* entries(): Generator<ArchiveEntry> {
      yield { name: "manifest.json", size: manifestBytes.byteLength, mtime: now, data: manifestBytes };
      yield { name: manifest.database.name, size: dumpInfo.size, mtime: now, data: { file: dumpFile } };
      for (const u of uploads) yield { name: `uploads/${u.path}`, size: u.bytes, mtime: u.mtime, data: { file: path.join(places.storageDir, ...u.path.split("/")) } };
    }
    const hash = createHash("sha256");
    const counter = { bytes: 0 };
    // Level 1: the dump is mostly text and compresses well even so, and a backup must not hold the CPU long.
    await pipeline(packEntries(entries()), createGzip({ level: 1 }), hashing(hash, counter), createWriteStream(partial, { flags: "wx" }));
    const sha256 = hash.digest("hex");
    const file = path.join(places.backupDir, fileName);
    await rename(partial, file);
    // `sha256sum -c <file>.sha256` checks it by hand, and a restore without the database row finds it here.
    await writeSidecar(file, sha256);
    return { file, bytes: counter.bytes, sha256, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

async function writeSidecar(file: string, sha256: string): Promise<void> {
  const handle = await open(`${file}.sha256`, "w");
  try {
    await handle.writeFile(`${sha256}  ${path.basename(file)}\n`);
  } finally {
    await handle.close();
  }
}

/** The SHA-256 recorded beside an archive, if it is there. */
export async function recordedChecksum(file: string): Promise<string | undefined> {
  try {
    return (await readFile(`${file}.sha256`, "utf8")).trim().split(/\s+/)[0];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

// ── Restore ──────────────────────────────────────────────────────────────────────────────────────

export interface RestoreOptions {
  /** The archive's expected SHA-256 (its database row's); default the <file>.sha256 beside it. */
  sha256?: string | undefined;
  /** Where the uploads go; it must be empty or absent. */
  storageDir: string;
  /** Where the dump is unpacked meanwhile (removed afterwards). */
  workDir: string;
}

export interface RestoreReport {
  manifest: Manifest;
  /** Tables whose rows or checksum differ from the manifest: empty when the restore matched. */
  mismatches: string[];
  uploads: number;
  checksum: "compared" | "none recorded";
}

function safeRelative(name: string): boolean {
  return !!name && !name.startsWith("/") && !name.includes("\\") && !name.includes("\0") && name.split("/").every((s) => s !== ".." && s !== "." && s !== "");
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** Refuses a manifest this code cannot restore (another schema version, another engine, not a backup). */
export async function checkManifest(manifest: Manifest, target: RestoreTarget): Promise<void> {
  if (manifest.format !== MANIFEST_FORMAT || manifest.formatVersion !== MANIFEST_VERSION) {
    throw new BackupRefusal("This file is not a backup of this application (its manifest.json is not one this version writes).");
  }
  const ours = await currentSchemaVersion();
  if (manifest.schemaVersion !== ours) {
    throw new BackupRefusal(
      `This backup is of schema version ${manifest.schemaVersion}, and this installation is at ${ours}: restore it with the release that made it (the one whose last migration is ${manifest.schemaVersion}), then upgrade.`,
    );
  }
  if (manifest.engine !== target.engine) {
    const names = { pglite: "the embedded database (PGlite)", postgres: "PostgreSQL" };
    throw new BackupRefusal(`This backup is of ${names[manifest.engine]}; it restores into ${names[manifest.engine]} only, not into ${names[target.engine]}.`);
  }
}

/** Writes an entry's bytes to a (new) file, and records their SHA-256 under key. */
async function saveEntry(body: AsyncIterable<Buffer>, file: string, hashes: Map<string, string>, key: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const hash = createHash("sha256");
  await pipeline(Readable.from(body), hashing(hash, { bytes: 0 }), createWriteStream(file, { flags: "wx" }));
  hashes.set(key, hash.digest("hex"));
}

/**
 * Restores an archive into a fresh target: checks the archive's SHA-256, refuses a non-empty target and a
 * manifest of another schema version or engine, unpacks the dump and the uploads (each entry's SHA-256
 * checked), loads the database and compares its tables with the manifest.
 */
export async function restoreArchive(file: string, target: RestoreTarget, options: RestoreOptions): Promise<RestoreReport> {
  const expected = options.sha256 ?? (await recordedChecksum(file));
  if (expected) {
    const found = await sha256File(file);
    if (found !== expected) {
      throw new BackupRefusal(`The backup's checksum does not match (expected ${expected}, the file has ${found}): the file is damaged or is not the one recorded. Nothing was restored.`);
    }
  }
  await assertEmptyTarget(target);
  if (!(await isEmptyDir(options.storageDir))) throw new BackupRefusal(`${options.storageDir} holds files already: the uploads are restored into an empty folder only.`);
  await mkdir(options.workDir, { recursive: true });
  const dumpFile = path.join(options.workDir, `dump-${randomUUID()}`);
  const hashes = new Map<string, string>();
  let manifest: Manifest | undefined;
  const source = createReadStream(file);
  try {
    await readEntries(source.pipe(createGunzip()), async (entry, body) => {
      if (entry.type === "directory") return;
      if (!manifest) {
        if (entry.name !== "manifest.json" || entry.size > 50_000_000) throw new BackupRefusal("This file is not a backup of this application (it does not start with its manifest).");
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk);
        let parsed: Manifest;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Manifest;
        } catch {
          throw new BackupRefusal("The backup's manifest.json cannot be read.");
        }
        await checkManifest(parsed, target);
        manifest = parsed;
        return;
      }
      if (entry.name === manifest.database.name) return saveEntry(body, dumpFile, hashes, entry.name);
      if (entry.name.startsWith("uploads/")) {
        const rel = entry.name.slice("uploads/".length);
        if (!safeRelative(rel)) throw new BackupRefusal(`The backup holds a file outside its uploads folder (${entry.name}): refused.`);
        return saveEntry(body, path.join(options.storageDir, ...rel.split("/")), hashes, entry.name);
      }
    });
    if (!manifest) throw new BackupRefusal("This file is not a backup of this application (it has no manifest).");
    const m: Manifest = manifest;
    const damaged = [{ name: m.database.name, sha256: m.database.sha256 }, ...m.uploads.map((u) => ({ name: `uploads/${u.path}`, sha256: u.sha256 }))].filter(
      (e) => hashes.get(e.name) !== e.sha256,
    );
    if (damaged.length) {
      throw new BackupRefusal(`The backup is damaged: ${damaged.length} of its files are missing or differ from its manifest (${damaged.slice(0, 3).map((d) => d.name).join(", ")}).`);
    }
    const restored = await loadDatabase(dumpFile, target);
    return { manifest: m, mismatches: compareTables(m.tables, restored), uploads: m.uploads.length, checksum: expected ? "compared" : "none recorded" };
  } finally {
    source.destroy();
    await rm(dumpFile, { force: true });
  }
}

/** The tables whose figures differ, as sentences ("requests: 100 rows in the backup, 99 restored"). */
export function compareTables(expected: TableStats, found: TableStats): string[] {
  const problems: string[] = [];
  for (const [table, want] of Object.entries(expected)) {
    const got = found[table];
    if (!got) problems.push(`${table}: missing`);
    else if (got.rows !== want.rows) problems.push(`${table}: ${want.rows} rows in the backup, ${got.rows} restored`);
    else if (got.checksum !== want.checksum) problems.push(`${table}: same rows, different contents`);
  }
  for (const table of Object.keys(found)) if (!(table in expected)) problems.push(`${table}: not in the backup`);
  return problems;
}
