/**
 * Times and profiles server rendering of one page in-process, without HTTP or load-tool noise:
 *   npm run profile:render -- /            (build first: npm run build)
 *   npm run profile:render -- / 1500 --no-profile    (timing only: the profiler itself costs ~5%)
 * Prints ms per request and the functions and packages that take the most CPU. The handler is the one
 * server.ts uses (split by first path segment), and each page is gzipped as the server does for a browser.
 * Besides wall time it prints the process's CPU time per request: on a loaded machine (other processes on the
 * same cores) the wall time swings, the CPU time much less, so compare CPU times before and after a change.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import type { ServerBuild } from "react-router";
import { pageCompression } from "../server/page-encoding.ts";
import { partitionedRequestHandler } from "../server/route-partitions.ts";

// React chooses its production build when first imported: set the mode before importing it.
process.env.NODE_ENV = "production";
const { createRequestHandler, RouterContextProvider } = await import("react-router");

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const page = args[0] ?? "/";
const requests = Number(args[1] ?? 1500);
const profiling = !process.argv.includes("--no-profile");

// @ts-expect-error -- the build is plain JavaScript, made by `react-router build`.
const build = (await import("../build/server/index.js")) as ServerBuild;
const entry = build.entry.module as unknown as typeof import("../app/entry.server.tsx");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-render-"));
const services = await entry.startServices(entry.readConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }));
const handler = partitionedRequestHandler(build, (partition) => createRequestHandler(partition, "production"));
let bytes = 0;
let gzipBytes = 0;
const render = async () => {
  const response = await handler(new Request(`http://localhost${page}`), new RouterContextProvider());
  const body = new Uint8Array(await response.arrayBuffer());
  bytes = body.byteLength;
  gzipBytes = (await pageCompression.gzip(body)).byteLength;
};

for (let i = 0; i < 200; i++) await render(); // warm up the JIT and the settings cache
const session = new Session();
session.connect();
await session.post("Profiler.enable");
if (profiling) await session.post("Profiler.start");
const started = performance.now();
const cpuStart = process.cpuUsage();
for (let i = 0; i < requests; i++) await render();
const cpu = process.cpuUsage(cpuStart);
const msPerRequest = (performance.now() - started) / requests;
const cpuMsPerRequest = (cpu.user + cpu.system) / 1000 / requests;
console.log(
  `${page}: ${msPerRequest.toFixed(3)} ms per request, ${cpuMsPerRequest.toFixed(3)} ms of CPU (${requests} requests, in-process; ` +
    `${(bytes / 1024).toFixed(1)} KB, ${(gzipBytes / 1024).toFixed(1)} KB gzipped; load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`,
);
if (!profiling) {
  await services.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
const { profile } = await session.post("Profiler.stop");

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number } };
const nodes = new Map<number, Node>((profile.nodes as Node[]).map((n) => [n.id, n]));
const selfTime = new Map<number, number>();
profile.samples!.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, t] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  const file = url.replace(/^.*node_modules\//, "").replace(/^.*?\/(app|build)\//, "$1/");
  byFunction.set(`${functionName || "(anonymous)"} ${file}:${lineNumber}`, (byFunction.get(`${functionName || "(anonymous)"} ${file}:${lineNumber}`) ?? 0) + t);
  const pkg = url.includes("node_modules/") ? url.split("node_modules/")[1]!.split("/").slice(0, url.split("node_modules/")[1]!.startsWith("@") ? 2 : 1).join("/") : file || "(native, gc)";
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
}
const top = (m: Map<string, number>, n: number) =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `  ${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`).join("\n");

console.log(`Packages:\n${top(byPackage, 10)}\nFunctions:\n${top(byFunction, 25)}`);
await services.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
