import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setServerConfig, type ServerConfig } from "~/.server/config.ts";
import { acquireDataDirLock } from "~/.server/db/data-dir-lock.ts";
import { restoreArchive, type RestoreReport } from "./archive.ts";
import type { RestoreTarget } from "./engine.ts";

/**
 * `npm run restore -- <file> [--database-url=postgres://…] [--data-dir=…]` (scripts/restore.ts): a backup
 * into a fresh database (the URL's, else the embedded one in the data dir) and its uploads into the data
 * dir's storage folder (STORAGE_DIR, else DATA_DIR/uploads). The target must be empty: this never restores
 * over data. The server is then started on that database and data dir.
 */
export async function restoreCommand(config: ServerConfig, file: string): Promise<RestoreReport> {
  setServerConfig(config);
  const absolute = path.resolve(file);
  if (!fs.existsSync(absolute)) throw new Error(`No such file: ${absolute}`);
  const target: RestoreTarget = config.databaseUrl ? { engine: "postgres", databaseUrl: config.databaseUrl } : { engine: "pglite", dataDir: config.dataDir };
  fs.mkdirSync(config.dataDir, { recursive: true });
  // The embedded database's directory: no server may open it while it is being restored.
  const lock = target.engine === "pglite" ? acquireDataDirLock(config.dataDir) : undefined;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
  try {
    return await restoreArchive(absolute, target, { storageDir: config.storageDir, workDir });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
    lock?.release();
  }
}
