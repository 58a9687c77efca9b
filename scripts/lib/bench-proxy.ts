/**
 * `npm run bench -- --proxy` (issue 20 §5 and §2's targets): what serving a cached page costs, against the cheapest
 * way to send the same bytes, each pair measured side by side in one run with the same load tool:
 * - one instance's page cache (GET /, anonymous) against a bare Node `http` server sending the same bytes and
 *   headers from memory (target ≥ 80%);
 * - the same page from nginx's cache in front of the instance against nginx sending the same bytes as a static
 *   file, with nginx's defaults (target ≥ 90%).
 * Then the instance's resident memory after that load.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NGINX_PATH, requireNginx } from "./cluster.ts";
import { nginxLocalConfig, storedPages } from "./nginx-config.ts";
import { freePort, startProductionServer } from "./production-server.ts";

export interface Load {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface ProxyBench {
  pageBytes: number;
  instance: Load;
  bareNode: Load;
  instanceVsBare: number;
  nginxCached: Load;
  nginxStatic: Load;
  nginxCachedVsStatic: number;
  instanceRssMb: number;
}

export const PROXY_TARGETS = { instanceVsBare: 0.8, nginxCachedVsStatic: 0.9 } as const;

/** GET without Accept-Encoding (as the load tools send it): the identity bytes and headers. */
function getIdentity(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * Two addresses loaded in turns, a third of the time each turn (after a warm-up of each), so that a drift in the
 * machine's speed during the run weighs on both alike: the rates are the turns' mean, p50 their mean, p99 their
 * worst.
 */
async function sideBySide(load: (url: string, seconds: number) => Promise<Load>, a: string, b: string, seconds: number): Promise<[Load, Load]> {
  const TURNS = 3;
  await load(a, 2);
  await load(b, 2);
  const runs: [Load[], Load[]] = [[], []];
  for (let turn = 0; turn < TURNS; turn += 1) {
    runs[0].push(await load(a, seconds / TURNS));
    runs[1].push(await load(b, seconds / TURNS));
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const merge = (loads: Load[]): Load => ({
    requestsPerSec: mean(loads.map((l) => l.requestsPerSec)),
    p50Ms: Math.round(mean(loads.map((l) => l.p50Ms)) * 100) / 100,
    p99Ms: Math.max(...loads.map((l) => l.p99Ms)),
    non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
  });
  return [merge(runs[0]), merge(runs[1])];
}

export async function benchProxy(load: (url: string, seconds: number) => Promise<Load>, seconds = 12): Promise<ProxyBench> {
  requireNginx();
  // Behind nginx as in production (TRUST_PROXY): the instance lays out what nginx stores (ADR 073).
  const server = await startProductionServer(undefined, { TRUST_PROXY: "true" });
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-proxy-"));
  let bare: http.Server | undefined;
  let nginx: ReturnType<typeof spawn> | undefined;
  try {
    await getIdentity(`${server.baseUrl}/`);
    const page = await getIdentity(`${server.baseUrl}/`);
    if (page.status !== 200 || page.headers["x-cache"] !== "hit") throw new Error(`the home page is not served from the page cache (${page.status}, x-cache ${page.headers["x-cache"]})`);

    // The same bytes and headers, from memory, with nothing else.
    const headers = Object.fromEntries(Object.entries(page.headers).filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding"].includes(name)));
    bare = http.createServer((_req, res) => res.writeHead(200, headers).end(page.body));
    bare.keepAliveTimeout = 65_000;
    const barePort = await freePort();
    await new Promise<void>((resolve) => bare!.listen(barePort, "127.0.0.1", resolve));

    console.log(`[proxy] the home page, ${page.body.length} bytes: the instance's page cache, then a bare Node server, in turns (${seconds} s each)...`);
    const [instance, bareNode] = await sideBySide(load, `${server.baseUrl}/`, `http://127.0.0.1:${barePort}/`, seconds);

    // nginx in front of the instance (the cluster's configuration), and the same bytes as a static file.
    const nginxPort = await freePort();
    fs.mkdirSync(path.join(runDir, "static"));
    fs.writeFileSync(path.join(runDir, "static/page.html"), page.body);
    fs.writeFileSync(
      path.join(runDir, "nginx.conf"),
      nginxLocalConfig(runDir, {
        upstreams: [new URL(server.baseUrl).host],
        listen: `127.0.0.1:${nginxPort}`,
        cacheDir: path.join(runDir, "cache"),
        extraLocations: `    location = /__static-copy {\n        default_type "text/html; charset=utf-8";\n        alias ${runDir}/static/page.html;\n    }\n`,
      }),
    );
    nginx = spawn(NGINX_PATH, ["-p", runDir, "-c", path.join(runDir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    for (let i = 0; i < 100; i += 1) {
      if ((await getIdentity(`http://127.0.0.1:${nginxPort}/__static-copy`).catch(() => undefined))?.status === 200) break;
      await sleep(50);
    }
    await getIdentity(`http://127.0.0.1:${nginxPort}/`);
    const cachedCheck = await getIdentity(`http://127.0.0.1:${nginxPort}/`);
    if (cachedCheck.headers["x-cache-status"] !== "HIT") throw new Error(`nginx did not cache the home page (${cachedCheck.headers["x-cache-status"]})`);
    const misaligned = storedPages(path.join(runDir, "cache")).filter((p) => p.bodyOffset % 4096 !== 0);
    if (misaligned.length) throw new Error(`nginx stored the home page with its body at byte ${misaligned[0]!.bodyOffset}, not on a page boundary (ADR 073)`);
    console.log(`[proxy] through nginx: its cached copy, then the same bytes as a static file, in turns (${seconds} s each)...`);
    const [nginxCached, nginxStatic] = await sideBySide(load, `http://127.0.0.1:${nginxPort}/`, `http://127.0.0.1:${nginxPort}/__static-copy`, seconds);

    const ratio = (a: Load, b: Load) => Math.round((a.requestsPerSec / b.requestsPerSec) * 100) / 100;
    return {
      pageBytes: page.body.length,
      instance,
      bareNode,
      instanceVsBare: ratio(instance, bareNode),
      nginxCached,
      nginxStatic,
      nginxCachedVsStatic: ratio(nginxCached, nginxStatic),
      instanceRssMb: rssMb(server.pid),
    };
  } finally {
    nginx?.kill("SIGQUIT");
    bare?.close();
    bare?.closeAllConnections();
    await server.stop();
    fs.rmSync(runDir, { recursive: true, force: true });
  }
}

export function reportProxy(r: ProxyBench): void {
  const line = (name: string, l: Load) => `  ${name.padEnd(34)} ${String(Math.round(l.requestsPerSec)).padStart(7)} req/s  p50 ${l.p50Ms} ms  p99 ${l.p99Ms} ms${l.non2xx || l.errors ? `  (${l.non2xx} non-2xx, ${l.errors} errors)` : ""}`;
  console.log(`\nCached page (GET /, ${r.pageBytes} bytes, no compression):`);
  console.log(line("instance's page cache", r.instance));
  console.log(line("bare Node http, same bytes", r.bareNode));
  console.log(`  instance / bare: ${Math.round(r.instanceVsBare * 100)}% (target ≥ ${PROXY_TARGETS.instanceVsBare * 100}%)`);
  console.log(line("nginx's cache, in front", r.nginxCached));
  console.log(line("nginx static file, same bytes", r.nginxStatic));
  console.log(`  nginx cached / static: ${Math.round(r.nginxCachedVsStatic * 100)}% (target ≥ ${PROXY_TARGETS.nginxCachedVsStatic * 100}%)`);
  console.log(`  the instance's RSS after this load: ${r.instanceRssMb} MB`);
}
