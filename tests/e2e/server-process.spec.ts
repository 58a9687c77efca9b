import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

/**
 * The server as a process: start-up time, the single-process rule of the embedded database, and
 * PostgreSQL. These run once (project "server"), not per browser width.
 */
function startServer(
  env: Record<string, string>,
  command: [string, ...string[]] = [process.execPath, "server.ts"],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = "";
  const [file, ...args] = command;
  const child = spawn(file, args, {
    detached: true,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUrl(output: () => string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = output().match(/Serving on (http:\/\/localhost:\d+)/);
    if (match) return match[1]!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Server did not start within ${timeoutMs} ms:\n${output()}`);
}

async function stop(server: ReturnType<typeof startServer>) {
  // The whole process group: `npm start` runs the server as a child of npm.
  process.kill(-server.child.pid!, "SIGTERM");
  await server.exited;
}

test("`npm start` with a build present skips the build, migrates and seeds a new data directory, and serves", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "npm-start-"));
  const server = startServer({ PORT: "0", DATA_DIR: dataDir }, ["npm", "start"]);
  try {
    const url = await waitForUrl(server.output, 60_000);
    expect(server.output()).not.toContain("building");
    const html = await (await fetch(url)).text();
    expect(html).toContain("Powering Industrial Excellence");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a second server on the same data directory exits with a clear message instead of corrupting it", async () => {
  const second = startServer({ PORT: "0", DATA_DIR: process.env.E2E_DATA_DIR! });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is in use by another process");
  expect(second.output()).toContain("set DATABASE_URL to use PostgreSQL");
});

test("a later start, with the build and the data directory present, answers within 10 s", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "restart-"));
  const first = startServer({ PORT: "0", DATA_DIR: dataDir });
  await waitForUrl(first.output, 60_000);
  await stop(first);

  const started = Date.now();
  const again = startServer({ PORT: "0", DATA_DIR: dataDir });
  const url = await waitForUrl(again.output, 10_000);
  const response = await fetch(url);
  const elapsed = Date.now() - started;
  expect(response.status).toBe(200);
  expect(elapsed).toBeLessThan(10_000);
  test.info().annotations.push({ type: "restart-to-first-response-ms", description: String(elapsed) });
  await stop(again);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("with DATABASE_URL it runs on PostgreSQL: migrates, seeds and serves", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    expect(process.env.CI, "CI must provide TEST_DATABASE_URL").not.toBe("true");
    test.info().annotations.push({ type: "note", description: "TEST_DATABASE_URL not set: PostgreSQL start not exercised" });
    return;
  }
  const name = `e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = startServer({ PORT: "0", DATABASE_URL: url.toString(), DATA_DIR: "/nonexistent-not-used" });
  try {
    const base = await waitForUrl(server.output, 30_000);
    expect(server.output()).toContain("postgres database");
    const html = await (await fetch(base)).text();
    expect(html).toContain("Powering Industrial Excellence");
  } finally {
    await stop(server);
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});
