import fs from "node:fs";
import path from "node:path";

/**
 * PGlite gives no error when a second process opens the same data directory: it silently corrupts it
 * (lost and duplicated rows). So the process that owns the directory holds a lock file with its PID,
 * created with O_EXCL. A lock whose PID is no longer running (after kill -9 or a crash) is taken over.
 *
 * A PID file rather than an mtime-refreshed lock (proper-lockfile): PGlite runs on the main thread and a
 * long query can stall the event loop past any refresh interval, which would make a live lock look stale.
 */
export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number;

  constructor(dataDir: string, ownerPid: number) {
    super(
      `The data directory ${dataDir} is in use by another process (PID ${ownerPid}). ` +
        `The embedded database allows one process only: stop that process, or set DATA_DIR to another directory, ` +
        `or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DataDirLockedError";
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_NAME = ".lock";
/** Directories this process holds: opening one twice in one process corrupts it just the same. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), LOCK_NAME);
  if (heldHere.has(lockPath)) throw new DataDirLockedError(dataDir, process.pid);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(lockPath);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      // Our own PID in the file is a previous incarnation (a container restarts with the same PID),
      // since this process's own locks are tracked in heldHere.
      if (Number.isInteger(ownerPid) && ownerPid > 0 && ownerPid !== process.pid && isRunning(ownerPid)) {
        throw new DataDirLockedError(dataDir, ownerPid);
      }
      // Stale lock left by a process that died: remove it and try once more.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
