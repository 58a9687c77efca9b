import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGzip, gunzipSync } from "node:zlib";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { restoreArchive, type Manifest } from "~/.server/backup/archive.ts";
import { directoryEntries, packEntries, readEntries } from "~/.server/backup/entries.ts";
import { restoreCommand } from "~/.server/backup/restore-command.ts";
import { checkPgDump, databaseStats } from "~/.server/backup/engine.ts";
import { BACKUPS_KEPT, nextNightlyBackupAt, backupDownload, deleteBackup, lastBackup, listBackups, makeBackup, pruneBackups, requestBackup, testRestore } from "~/.server/backup/index.ts";
import { getServerConfig, readConfig, setServerConfig, type ServerConfig } from "~/.server/config.ts";
import { applyMigrations } from "~/.server/db/index.ts";
import { auditLog, backups, outbox, siteSettings } from "~/.server/db/schema.ts";
import { writeStored } from "~/.server/uploads/storage.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import * as screen from "~/routes/admin/data-restoration/route.tsx";
import * as download from "~/routes/admin/data-restoration/download.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";
import { createEmptyDatabase, describeEachEngine, openAt } from "../support/test-databases.ts";

const actor = { userId: null, label: "Owner", ipAddress: "127.0.0.1" };

/** The archive's entries, unpacked in memory (test archives are small). */
async function entries(file: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  await readEntries(Readable.from([gunzipSync(fs.readFileSync(file))]), async (entry, body) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk);
    found.set(entry.name, Buffer.concat(chunks));
  });
  return found;
}

/** Writes an archive with the same entries, the manifest changed by `edit`. */
async function rewrite(source: string, target: string, edit: (m: Manifest) => void): Promise<void> {
  const all = await entries(source);
  const manifest = JSON.parse(all.get("manifest.json")!.toString()) as Manifest;
  edit(manifest);
  all.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  const list = [...all].map(([name, data]) => ({ name, size: data.byteLength, mtime: new Date(), data }));
  await pipeline(packEntries(list), createGzip(), fs.createWriteStream(target));
}

describeEachEngine("backup and restore", (database, engine) => {
  let previous: ServerConfig | undefined;
  let dataDir: string;
  let scratch: string;

  beforeAll(async () => {
    previous = (() => {
      try {
        return getServerConfig();
      } catch {
        return undefined;
      }
    })();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
    dataDir = engine === "pglite" ? database().location : path.join(scratch, "data");
    setServerConfig(readConfig({ DATA_DIR: dataDir, ...(engine === "postgres" ? { DATABASE_URL: database().location } : {}) }));
    // Something to back up: a setting, an audit entry, two uploaded files.
    const db = database().handle.db;
    await db.insert(siteSettings).values({ key: "backup-test", value: { note: "ಕನ್ನಡ & తెలుగు", at: "2026-12-06T10:00:00Z" } }).onConflictDoNothing();
    await db.insert(auditLog).values({ actorLabel: "Tester", action: "test.seed", entityType: "test", entityId: "1", after: { amount: 12.5 } });
    await writeStored("requests/2026/12/photo-one.webp", new Uint8Array([1, 2, 3, 4, 5]));
    await writeStored("cvs/2026/12/cv.pdf", new TextEncoder().encode("%PDF-1.4 a CV"));
  });

  afterAll(() => {
    if (previous) setServerConfig(previous);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it("backs up, and restores into a fresh database with the same rows, checksums and uploads", async () => {
    const before = await databaseStats(database().handle);
    const made = await makeBackup({ trigger: "manual", jobKey: "test:1" });
    expect(made.fileName).toMatch(new RegExp(`^backup-.*-${engine}\\.tar\\.gz$`));
    expect(made.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(made.uploadFiles).toBe(2);
    const file = path.join(getServerConfig().backupDir, made.fileName);
    expect(fs.readFileSync(`${file}.sha256`, "utf8")).toBe(`${made.sha256}  ${made.fileName}\n`);
    const manifest = JSON.parse((await entries(file)).get("manifest.json")!.toString()) as Manifest;
    expect(manifest.engine).toBe(engine);
    expect(manifest.schemaVersion).toMatch(/^\d{4}_/);
    expect(manifest.tables.site_settings!.rows).toBeGreaterThan(0);
    // The same job twice (its hold expired mid-run) makes one backup.
    expect((await makeBackup({ trigger: "manual", jobKey: "test:1" })).id).toBe(made.id);

    // Wipe: a fresh database, and an empty data dir; restored as `npm run restore` does it.
    const fresh = await createEmptyDatabase(engine);
    const restoredData = engine === "pglite" ? fresh.location : path.join(scratch, "restored-data");
    const restoredUploads = path.join(restoredData, "uploads");
    const live = getServerConfig();
    try {
      const target = engine === "postgres" ? { engine, databaseUrl: fresh.location } : { engine, dataDir: fresh.location };
      const report = await restoreCommand(readConfig({ DATA_DIR: restoredData, ...(engine === "postgres" ? { DATABASE_URL: fresh.location } : {}) }), file);
      setServerConfig(live);
      expect(report.mismatches).toEqual([]);
      expect(report.checksum).toBe("compared");
      expect(fs.readFileSync(path.join(restoredUploads, "requests/2026/12/photo-one.webp"))).toEqual(Buffer.from([1, 2, 3, 4, 5]));
      expect(fs.readFileSync(path.join(restoredUploads, "cvs/2026/12/cv.pdf"), "utf8")).toBe("%PDF-1.4 a CV");

      // The restored database opens and migrates (nothing to apply) with the same figures as the source had.
      const restored = await openAt(engine, fresh.location);
      try {
        await applyMigrations(restored);
        const after = await databaseStats(restored);
        expect(after).toEqual(before);
        const [setting] = await restored.db.select().from(siteSettings).where(eq(siteSettings.key, "backup-test"));
        expect(setting?.value).toEqual({ note: "ಕನ್ನಡ & తెలుగు", at: "2026-12-06T10:00:00Z" });
      } finally {
        await restored.close();
      }

      // A target that is no longer empty is refused.
      await expect(restoreArchive(file, target, { storageDir: path.join(scratch, "other-uploads"), workDir: path.join(scratch, "work") })).rejects.toThrow(/not empty|already holds a database/);
    } finally {
      setServerConfig(live);
      await fresh.destroy();
    }
  });

  it("refuses a backup of another schema version, before touching the target", async () => {
    const made = (await lastBackup())!;
    const file = path.join(getServerConfig().backupDir, made.fileName);
    const other = path.join(scratch, "other-version.tar.gz");
    await rewrite(file, other, (m) => {
      m.schemaVersion = "0007_older";
    });
    const fresh = await createEmptyDatabase(engine);
    try {
      const target = engine === "postgres" ? { engine, databaseUrl: fresh.location } : { engine, dataDir: fresh.location };
      await expect(restoreArchive(other, target, { storageDir: path.join(scratch, "v-uploads"), workDir: path.join(scratch, "work") })).rejects.toThrow(
        /schema version 0007_older, and this installation is at \d{4}_.*restore it with the release that made it/,
      );
      expect(fs.existsSync(path.join(scratch, "v-uploads"))).toBe(false);
    } finally {
      await fresh.destroy();
    }
  });

  it("refuses a damaged file: its checksum does not match", async () => {
    const made = (await lastBackup())!;
    const file = path.join(getServerConfig().backupDir, made.fileName);
    const damaged = path.join(scratch, made.fileName);
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    fs.copyFileSync(`${file}.sha256`, `${damaged}.sha256`);
    const fresh = await createEmptyDatabase(engine);
    try {
      const target = engine === "postgres" ? { engine, databaseUrl: fresh.location } : { engine, dataDir: fresh.location };
      await expect(restoreArchive(damaged, target, { storageDir: path.join(scratch, "d-uploads"), workDir: path.join(scratch, "work") })).rejects.toThrow(
        /checksum does not match.*Nothing was restored/,
      );
    } finally {
      await fresh.destroy();
    }
  });

  // pg_dump is PostgreSQL's client: the check exists on that engine only (registered there, not skipped here).
  if (engine === "postgres") {
    it("refuses a pg_dump older than the server, saying how to install the right one", async () => {
      const fake = path.join(scratch, "pg_dump");
      fs.writeFileSync(fake, "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n", { mode: 0o755 });
      await expect(checkPgDump(database().handle.db, { pgDump: fake, psql: "psql" })).rejects.toThrow(
        /^pg_dump 9 cannot back up a PostgreSQL \d+ server: the client must be version \d+ or later\. On Debian or Ubuntu: apt-get install postgresql-client/,
      );
      await expect(checkPgDump(database().handle.db, { pgDump: path.join(scratch, "missing"), psql: "psql" })).rejects.toThrow(/was not found or does not run/);
    });
  }

  it("test-restores a backup into a scratch database and records that it matched", async () => {
    const made = (await lastBackup())!;
    const tested = await testRestore(made.id, new Date("2026-12-06T11:00:00Z"));
    expect(tested?.testRestoreDetail).toMatch(/^All \d+ tables matched/);
    expect(tested?.testRestoreMatched).toBe(true);
    expect((await lastBackup())?.testRestoredAt).toBe("2026-12-06T11:00:00.000Z");
  });

  it("keeps the newest backups only, and audits the staff actions", async () => {
    // Each backup deletes those beyond the newest BACKUPS_KEPT; here, with 3 kept, the oldest go with their files.
    expect(BACKUPS_KEPT).toBe(7);
    for (let i = 0; i < 3; i++) await makeBackup({ trigger: "scheduled", jobKey: `test:keep:${i}`, now: new Date(Date.UTC(2026, 11, 7 + i, 21)) });
    expect((await listBackups()).length).toBe(4);
    expect(await pruneBackups(3)).toHaveLength(1);
    const kept = await listBackups();
    expect(kept.map((b) => b.createdAt)).toEqual(["2026-12-09T21:00:00.000Z", "2026-12-08T21:00:00.000Z", "2026-12-07T21:00:00.000Z"]);
    const files = fs.readdirSync(getServerConfig().backupDir).filter((f) => f.endsWith(".tar.gz"));
    expect(files.sort()).toEqual(kept.map((b) => b.fileName).sort());

    const db = database().handle.db;
    const newest = (await lastBackup())!;
    expect((await backupDownload(actor, newest.id))?.fileName).toBe(newest.fileName);
    expect(await deleteBackup(actor, newest.id)).toBe(true);
    await requestBackup(actor);
    const [job] = await db.select().from(outbox).where(eq(outbox.template, "backup-run"));
    expect(job?.channel).toBe("job");
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityType, "backup"))).map((a) => a.action).sort();
    expect(actions).toEqual(["backup.delete", "backup.download", "backup.run"]);
    expect(await db.select().from(backups).where(eq(backups.id, newest.id))).toEqual([]);
  });
});

describeEachEngine("the data-restoration screen", (database, engine) => {
  let previous: ServerConfig | undefined;
  let dataDir: string;

  beforeAll(() => {
    previous = getServerConfig();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-screen-"));
    setServerConfig(readConfig({ DATA_DIR: engine === "pglite" ? database().location : dataDir, ...(engine === "postgres" ? { DATABASE_URL: database().location } : {}) }));
  });
  afterAll(() => {
    setServerConfig(previous!);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers bad input with a message, queues a backup, and serves a backup's file to staff (audited)", async () => {
    const owner = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00719`, "admin", database().handle.db, "Olga Owner");
    const staff = asStaff("owner", { userId: owner.id, name: "Olga Owner" });
    const bad = await screen.action(routeArgs("/admin/data-restoration", { staff, body: { intent: "delete", id: "x" } }));
    expect(bad).toMatchObject({ init: { status: 400 }, data: { errors: { id: "Choose the backup." } } });

    const queued = (await screen.action(routeArgs("/admin/data-restoration", { staff, body: { intent: "run" } }))) as Response;
    expect(queued.status).toBe(303);
    const page = await screen.loader(routeArgs("/admin/data-restoration", { staff }));
    expect(page.pending.backups).toBe(1);

    const made = await makeBackup({ trigger: "manual", jobKey: "screen:1" });
    const response = (await download.loader(routeArgs(`/admin/data-restoration/${made.id}/download`, { staff, params: { id: String(made.id) } }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${made.fileName}"`);
    expect(Buffer.from(await response.arrayBuffer()).byteLength).toBe(made.sizeBytes);
    const missing = (await download.loader(routeArgs("/admin/data-restoration/999999/download", { staff, params: { id: "999999" } }))) as Response;
    expect(missing.status).toBe(404);
    const entries = await database().handle.db.select().from(auditLog).where(eq(auditLog.actorUserId, owner.id));
    expect(entries.map((e) => e.action).sort()).toEqual(["backup.download", "backup.run"]);
  });
});

describe("the nightly backup's time", () => {
  it("is 02:30 India time, the next one strictly after now", () => {
    expect(nextNightlyBackupAt(new Date("2026-12-06T12:00:00Z")).toISOString()).toBe("2026-12-06T21:00:00.000Z");
    expect(nextNightlyBackupAt(new Date("2026-12-06T21:00:00Z")).toISOString()).toBe("2026-12-07T21:00:00.000Z");
    expect(nextNightlyBackupAt(new Date("2026-12-06T20:59:00Z")).toISOString()).toBe("2026-12-06T21:00:00.000Z");
  });
});

describe("the archive's tar", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-tar-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("round-trips folders, files streamed from disk and long names, and any tar lists it", async () => {
    const long = `uploads/${"a".repeat(90)}/${"b".repeat(80)}.webp`;
    fs.mkdirSync(path.join(dir, "src/empty"), { recursive: true });
    fs.writeFileSync(path.join(dir, "src/block.bin"), Buffer.alloc(512, 7));
    fs.writeFileSync(path.join(dir, "src/zero"), "");
    const list = [
      { name: "manifest.json", size: 2, mtime: new Date(), data: Buffer.from("{}") },
      { name: long, size: 3, mtime: new Date(), data: Buffer.from("abc") },
      ...(await directoryEntries(path.join(dir, "src"), { directories: true })),
    ];
    const file = path.join(dir, "round-trip.tar.gz");
    await pipeline(packEntries(list), createGzip(), fs.createWriteStream(file));
    const found = new Map<string, string>();
    const bytes = gunzipSync(fs.readFileSync(file));
    // Chunks that end mid-header and mid-file, as a stream delivers them.
    await readEntries(Readable.from([bytes.subarray(0, 700), bytes.subarray(700, 1500), bytes.subarray(1500)]), async (entry, body) => {
      const chunks: Buffer[] = [];
      if (entry.type === "file") for await (const chunk of body) chunks.push(chunk);
      found.set(entry.name, `${entry.type}:${Buffer.concat(chunks).toString("hex").slice(0, 8)}`);
    });
    expect([...found]).toEqual([
      ["manifest.json", "file:7b7d"],
      [long, "file:616263"],
      ["block.bin", "file:07070707"],
      ["empty", "directory:"],
      ["zero", "file:"],
    ]);
    expect(execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).split("\n").filter(Boolean)).toEqual(["manifest.json", long, "block.bin", "empty", "zero"]);
  });

  it("fails on a file that changes size while it is archived, and refuses an archive cut short", async () => {
    fs.writeFileSync(path.join(dir, "grows"), "12345");
    const changed = [{ name: "grows", size: 3, mtime: new Date(), data: { file: path.join(dir, "grows") } }];
    await expect(pipeline(packEntries(changed), fs.createWriteStream(path.join(dir, "changed.tar")))).rejects.toThrow(/grows changed while it was being archived \(3 bytes expected, 5 read\)/);
    const chunks: Buffer[] = [];
    for await (const chunk of packEntries([{ name: "big", size: 2000, mtime: new Date(), data: Buffer.alloc(2000, 1) }])) chunks.push(chunk as Buffer);
    const cut = Buffer.concat(chunks).subarray(0, 1200);
    await expect(readEntries(Readable.from([cut]), async (_entry, body) => {
        for await (const chunk of body) expect(chunk.byteLength).toBeGreaterThan(0);
      })).rejects.toThrow(/incomplete/);
  });
});
