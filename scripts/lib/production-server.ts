/**
 * What the measuring scripts (bench, lighthouse) and the browser tests share: the system Chromium with
 * the flags that keep it off the closed network, and a production server on a free port with a fresh
 * embedded database.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Without the background-networking flags Chromium keeps calling hosts this machine cannot reach. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const BUILD_MARKER = path.join(ROOT, "build/server/index.js");

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds when there is no build; warns when app/ is newer than the build (the figures would be stale). */
export function buildIfMissing(): void {
  if (!fs.existsSync(BUILD_MARKER)) {
    console.log("No build found: running npm run build...");
    const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error("npm run build failed");
    return;
  }
  if (newestMtime(path.join(ROOT, "app")) > fs.statSync(BUILD_MARKER).mtimeMs) {
    console.log("Note: app/ has changed since the last build; run `npm run build` to measure it.");
  }
}

/** Asks the OS for a free port (a tiny race before the server binds it; acceptable for local tools). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  /** The server process itself (not npm), so /proc/<pid> gives the server's memory. */
  pid: number;
  baseUrl: string;
  /** SIGTERM, SIGKILL after 10 s, then the data dir is removed. Safe to call twice. */
  stop: () => Promise<void>;
  /** SIGKILL at once, as a crash or a power cut would; the data dir is kept. */
  kill: () => void;
  /** Resolves when the process has ended, with the signal that ended it (if any). */
  exited: Promise<NodeJS.Signals | null>;
  running: () => boolean;
  /** The last lines it printed, for error messages. */
  output: () => string;
}

/** An error with its cause (fetch hides the useful part, e.g. ECONNREFUSED, in `cause`). */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause ? `${error.message}: ${describeError(error.cause)}` : error.message;
}

/**
 * The V8 flags every production instance runs with (ADR 067); package.json's `start` and
 * deploy/deccan@.service give node the same.
 *
 * V8's young generation is capped at 16 MB semi-spaces. 2 MB saved ~120 MB resident, but on a quiet machine it
 * cost the request form about a fifth of its throughput (bench --requests on PostgreSQL: 480-540 submissions/s,
 * p99 156-158 ms at 2 MB; 598-732/s, p99 122-158 ms at 16 MB; 659/s, p99 145 ms at 8 MB): submissions allocate
 * more than a page render leaves alive, and a small nursery collects them too often. Resident after that bench:
 * 394 MB at 2 MB, 374-429 MB at 16 MB.
 *
 * --expose-gc: the server gives back what a burst left in V8's heap once it is idle (server/idle-memory-release.ts):
 * after the submission bench, ~420 MB resident became ~250 MB.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--expose-gc"] as const;

/**
 * Starts `node server.ts` (production) on a free port with a fresh PGlite data dir, or on PostgreSQL when
 * databaseUrl is given, and waits (bounded) until it answers. SITE_URL is the server's own address.
 * extraEnv is applied last (e.g. TRUST_PROXY); a DATA_DIR given there is the caller's to remove.
 */
export async function startProductionServer(databaseUrl?: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-data-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: baseUrl,
  };
  // Never inherit a DATABASE_URL by accident: a PGlite run must use PGlite.
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  Object.assign(env, extraEnv);

  // SERVER_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see
  // where a measured run spends its time (NODE_OPTIONS does not take --cpu-prof).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, "server.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  // Keep draining the pipes (a full pipe would block the server) and keep the tail for error messages. Raw
  // text, cut to the last few KB: under a submission benchmark the server logs several lines per request
  // (the log SMS provider), and splitting every chunk into lines cost this process, which also runs the load
  // generator, enough time to show in the latencies it measures.
  const TAIL_CHARS = 64_000;
  let tailText = "";
  let started = false;
  const collect = (chunk: Buffer) => {
    tailText = (tailText + chunk.toString()).slice(-TAIL_CHARS);
    started ||= tailText.includes("Serving on");
  };
  const tail = { join: (separator: string) => tailText.split("\n").filter(Boolean).slice(-40).join(separator) };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);

  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  const running = () => child.exitCode === null && child.signalCode === null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (running()) {
      child.kill("SIGTERM");
      const done = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!done) {
        child.kill("SIGKILL");
        await exited;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // A crash of the measuring script must not leave a server behind.
  process.once("exit", () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const deadline = Date.now() + 120_000;
  while (!started) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${tail.join("\n")}`);
    if (Date.now() > deadline) throw new Error(`server did not start within 120 s:\n${tail.join("\n")}`);
    await sleep(100);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await (await fetch(`${baseUrl}/`)).arrayBuffer();
      break;
    } catch (error) {
      if (child.exitCode !== null || attempt >= 100) {
        throw new Error(`server at ${baseUrl} does not answer (${describeError(error)}):\n${tail.join("\n")}`, { cause: error });
      }
      await sleep(100);
    }
  }
  if (child.pid === undefined) throw new Error("server has no pid");
  return {
    pid: child.pid,
    baseUrl,
    stop,
    kill: () => child.kill("SIGKILL"),
    exited,
    running,
    output: () => tail.join("\n"),
  };
}

/**
 * A staff session on a server started with E2E_FIXTURE_TOKEN (the test-only hook of ADR 014), as the Cookie
 * header's value. The measuring and fault-testing scripts act as staff through it.
 */
export async function staffSessionCookie(baseUrl: string, token: string, fixture: { role: "owner" | "office" | "accounts"; name?: string; mobile?: string } = { role: "owner", name: "Bench Owner" }): Promise<string> {
  const response = await fetch(`${baseUrl}/__e2e/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-e2e-fixture-token": token, origin: baseUrl },
    body: JSON.stringify(fixture),
  });
  if (!response.ok) throw new Error(`could not open a staff session: ${response.status} ${await response.text()}`);
  const { cookie } = (await response.json()) as { cookie: { name: string; value: string } };
  return `${cookie.name}=${cookie.value}`;
}
