/**
 * Times and profiles server rendering of one page in-process, without HTTP or load-tool noise:
 *   npm run profile:render -- /            (build first: npm run build)
 * Prints ms per request and the functions and packages that take the most CPU.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import type { ServerBuild } from "react-router";

// React chooses its production build when first imported: set the mode before importing it.
process.env.NODE_ENV = "production";
const { createRequestHandler, RouterContextProvider } = await import("react-router");

const page = process.argv[2] ?? "/";
const requests = Number(process.argv[3] ?? 1500);

// @ts-expect-error -- the build is plain JavaScript, made by `react-router build`.
const build = (await import("../build/server/index.js")) as ServerBuild;
const entry = build.entry.module as unknown as typeof import("../app/entry.server.tsx");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-render-"));
const services = await entry.startServices(entry.readConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }));
const handler = createRequestHandler(build, "production");
const render = async () => (await handler(new Request(`http://localhost${page}`), new RouterContextProvider())).text();

for (let i = 0; i < 200; i++) await render(); // warm up the JIT and the settings cache
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.start");
const started = performance.now();
for (let i = 0; i < requests; i++) await render();
const msPerRequest = (performance.now() - started) / requests;
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

console.log(`${page}: ${msPerRequest.toFixed(3)} ms per request (${requests} requests, in-process)`);
console.log(`Packages:\n${top(byPackage, 10)}\nFunctions:\n${top(byFunction, 25)}`);
await services.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
