/**
 * A PostgreSQL server of its own, in a temporary directory on a free port, from Debian's server binaries
 * (/usr/lib/postgresql/<version>/bin). The fault test restarts it mid-run (`npm run chaos`), which must not
 * disturb the machine's shared server or anything else using it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./production-server.ts";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: string;
  /** Stops it at once, as a crash would (`-m immediate`: recovery from the WAL on the next start), then starts it. */
  crashAndRestart: () => void;
  /** Stops it at once (`-m immediate`), leaving it down until `start` (an outage, however long the caller likes). */
  crash: () => void;
  /** Starts it again after `crash`. */
  start: () => void;
  stop: () => void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin/initdb"))) : [];
  if (versions.length === 0) throw new Error("PostgreSQL's server binaries were not found (Debian: apt-get install postgresql), or set PG_BIN");
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, "bin");
}

export async function startPrivatePostgres(database = "chaos"): Promise<PrivatePostgres> {
  const bin = binDir();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "private-pg-"));
  const dataDir = path.join(dir, "data");
  // PostgreSQL refuses to run as root: as root, run it as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", dir]);
  const run = (file: string, args: string[]) => {
    const [command, full] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, file), ...args]] : [path.join(bin, file), args];
    const result = spawnSync(command, full as string[], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${file} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  const start = () => run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  start();
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database]);
  const crash = () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    crashAndRestart: () => {
      crash();
      start();
    },
    crash,
    start,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
