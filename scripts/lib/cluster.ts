/**
 * Several instances of the production build on one PostgreSQL, with nginx in front (issue 20 §2, ADR 052).
 * Used by `npm run cluster` and by the fault test (`npm run chaos`). An instance that exits is started
 * again after a short pause, as systemd's Restart=always would, until the cluster is stopped.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { nginxLocalConfig } from "./nginx-config.ts";
import { freePort, ROOT, SERVER_NODE_FLAGS } from "./production-server.ts";

export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export interface ClusterOptions {
  instances: number;
  databaseUrl: string;
  /** nginx's port (0: a free one). */
  port: number;
  /** Shared by every instance: uploads, backups, the session secret's file. */
  dataDir: string;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  /** Each output line of an instance or of nginx, prefixed with its name. */
  log?: (line: string) => void;
  /** Pause before an exited instance is started again. */
  restartDelayMs?: number;
}

export interface ClusterInstance {
  name: string;
  port: number;
  pid: () => number | undefined;
  /** SIGKILL, as a crash would; the instance is started again after the restart delay. */
  kill: () => void;
  /** Resolves when the instance answers again after a start or restart. */
  ready: () => Promise<void>;
  restarts: () => number;
}

export interface Cluster {
  /** The public site through nginx. */
  url: string;
  /** The back office through nginx (the loopback address is another host than the site's "localhost"). */
  adminUrl: string;
  instances: ClusterInstance[];
  /** nginx's page cache directory (its files are read by the tests: ADR 073). */
  cacheDir: string;
  stop: () => Promise<void>;
}

/** nginx must be installed (Debian: apt-get install nginx); a clear message when it is not. */
export function requireNginx(): void {
  const probe = spawnSync(NGINX_PATH, ["-v"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error(`nginx was not found at ${NGINX_PATH}: install it (Debian: apt-get install nginx) or set NGINX_PATH.`);
  }
}

/**
 * The secret every instance must share (signed links, session code hashes): SESSION_SECRET if set, else one
 * made once and kept in the shared data dir (mode 0600). Made here, before any instance starts, so that
 * instances starting together never race to make two.
 */
export function sharedSessionSecret(dataDir: string): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  return fs.readFileSync(file, "utf8").trim();
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

function pipeLines(child: ChildProcess, name: string, log: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line) log(`[${name}] ${line}`);
    });
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  requireNginx();
  const log = options.log ?? ((line: string) => console.log(line));
  const port = options.port || (await freePort());
  const url = `http://localhost:${port}`;
  const sessionSecret = sharedSessionSecret(options.dataDir);
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-nginx-"));
  const cacheDir = path.join(runDir, "cache");
  let stopping = false;

  const instances = await Promise.all(
    Array.from({ length: options.instances }, async (_, i) => {
      const name = `app${i + 1}`;
      const instancePort = await freePort();
      let child: ChildProcess | undefined;
      let restarts = 0;
      let readyPromise: Promise<void> = Promise.resolve();
      const start = () => {
        child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.ts"], {
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
          env: {
            ...process.env,
            NODE_ENV: "production",
            HOST: "127.0.0.1",
            PORT: String(instancePort),
            DATABASE_URL: options.databaseUrl,
            DATA_DIR: options.dataDir,
            SITE_URL: url,
            TRUST_PROXY: "true",
            SESSION_SECRET: sessionSecret,
            ...options.env,
          },
        });
        pipeLines(child, name, log);
        child.once("exit", (code, signal) => {
          if (stopping) return;
          log(`[cluster] ${name} exited (${signal ?? `code ${code}`}); starting it again`);
          restarts += 1;
          setTimeout(() => !stopping && start(), options.restartDelayMs ?? 500);
        });
        readyPromise = (async () => {
          const deadline = Date.now() + 120_000;
          while (!(await answers(`http://127.0.0.1:${instancePort}/robots.txt`))) {
            if (stopping) return;
            if (Date.now() > deadline) throw new Error(`${name} did not answer within 120 s`);
            await sleep(100);
          }
        })();
      };
      start();
      const instance: ClusterInstance = {
        name,
        port: instancePort,
        pid: () => child?.pid,
        kill: () => child?.kill("SIGKILL"),
        ready: () => readyPromise,
        restarts: () => restarts,
      };
      return { instance, stopOne: () => child };
    }),
  );

  const stopInstances = async () => {
    await Promise.all(
      instances.map(async ({ stopOne }) => {
        const child = stopOne();
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        if (!(await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]))) child.kill("SIGKILL");
      }),
    );
  };

  fs.writeFileSync(
    path.join(runDir, "nginx.conf"),
    nginxLocalConfig(runDir, {
      upstreams: instances.map(({ instance }) => `127.0.0.1:${instance.port}`),
      listen: `127.0.0.1:${port}`,
      cacheDir,
    }),
  );
  const nginx = spawn(NGINX_PATH, ["-p", runDir, "-c", path.join(runDir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  pipeLines(nginx, "nginx", log);
  const nginxExited = new Promise((resolve) => nginx.once("exit", resolve));

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (nginx.exitCode === null) {
      nginx.kill("SIGQUIT");
      await Promise.race([nginxExited, sleep(5000)]);
      if (nginx.exitCode === null) nginx.kill("SIGKILL");
    }
    await stopInstances();
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  try {
    await Promise.all(instances.map(({ instance }) => instance.ready()));
    const deadline = Date.now() + 10_000;
    while (!(await portOpen(port))) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited (code ${nginx.exitCode}); see the [nginx] lines above`);
      if (Date.now() > deadline) throw new Error("nginx did not listen within 10 s");
      await sleep(50);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, adminUrl: `http://127.0.0.1:${port}/admin`, instances: instances.map(({ instance }) => instance), cacheDir, stop };
}
