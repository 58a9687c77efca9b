import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase } from "~/.server/db/index.ts";
import { acquireDataDirLock } from "~/.server/db/data-dir-lock.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database's data-dir lock", () => {
  it("refuses a second open of the same directory while the first is open", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    // Released on close: it can be opened again.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it("refuses a lock held by another running process, naming its PID", () => {
    const dir = tempDir();
    // A live process that is not us: our parent (the test runner's launcher) or PID 1.
    fs.writeFileSync(path.join(dir, ".lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`in use by another process \\(PID ${process.ppid}\\)`),
    );
  });

  it("takes over a stale lock left by a process that died (kill -9)", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fs.writeFileSync(path.join(dir, ".lock"), dead.stdout);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, ".lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, ".lock"))).toBe(false);
  });
});
