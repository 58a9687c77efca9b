/**
 * The one Node server: React Router's request handler, the static assets and (later) server-sent events,
 * on Hono. `node server.ts` serves the production build; `node server.ts --dev` runs Vite in middleware
 * mode with hot reload.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import { secureHeaders } from "hono/secure-headers";
import type { ServerBuild } from "react-router";
import { pageCache } from "./server/page-cache.ts";

type ServerEntry = typeof import("./app/entry.server.tsx");

const dev = process.argv.includes("--dev");
const mode = dev ? "development" : "production";
// Set before React is loaded (React picks its development or production build when first imported),
// hence the dynamic import below: `node server.ts` alone serves the production build in production mode.
process.env.NODE_ENV ??= mode;
const { createRequestHandler, RouterContextProvider } = await import("react-router");

const vite = dev
  ? await import("vite").then((v) => v.createServer({ server: { middlewareMode: true }, appType: "custom" }))
  : undefined;

async function loadBuild(): Promise<ServerBuild> {
  if (vite) {
    const ssr = vite.environments.ssr;
    const { isRunnableDevEnvironment } = await import("vite");
    if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules");
    return (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
  }
  // @ts-expect-error -- the build is plain JavaScript, made by `react-router build`.
  return (await import("./build/server/index.js")) as ServerBuild;
}

const build = await loadBuild();
const entry = build.entry.module as unknown as ServerEntry;
const config = entry.readConfig();

let services: Awaited<ReturnType<ServerEntry["startServices"]>>;
try {
  services = await entry.startServices(config);
} catch (error) {
  if (error instanceof Error && error.name === "DataDirLockedError") {
    console.error(`\n${error.message}\n`);
  } else {
    console.error("Start-up failed:", error);
  }
  process.exit(1);
}

const app = new Hono();
// Outermost: a cached page skips everything below. Pages it may store are not compressed further down;
// it keeps their gzip variant itself.
// (Not in development, where a code change must show at once.)
if (!vite) app.use(pageCache({ version: entry.contentVersion }));
app.use(secureHeaders({ crossOriginEmbedderPolicy: false, referrerPolicy: "strict-origin-when-cross-origin" }));
const compressor = compress();
app.use((c, next) => (c.get("pageCacheable") ? next() : compressor(c, next)));

if (!vite) {
  // Fingerprinted build assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: "./build/client",
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Other public files (favicon, social image): looked up once at start-up, so that a page request
  // never pays for a file-system check.
  const publicFiles = new Set(
    fs
      .readdirSync("./build/client", { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile())
      .map((f) => "/" + path.relative("./build/client", path.join(f.parentPath, f.name)).split(path.sep).join("/"))
      .filter((p) => !p.startsWith("/assets/") && !p.startsWith("/.vite/")),
  );
  const servePublic = serveStatic({
    root: "./build/client",
    onFound: (_path, c) => {
      c.header("Cache-Control", "public, max-age=3600");
    },
  });
  app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
}

// Weak ETags: the body may be compressed on the way out, so byte-for-byte equality is not promised.
app.use(etag({ weak: true }));

// An error page must never be cached: the next request may well succeed.
app.use(async (c, next) => {
  await next();
  if (c.res.status >= 500) c.res.headers.set("Cache-Control", "no-store");
});

const handle = vite
  ? async (request: Request) => createRequestHandler(await loadBuild(), mode)(request, new RouterContextProvider())
  : ((h) => (request: Request) => h(request, new RouterContextProvider()))(createRequestHandler(build, mode));

app.all("*", (c) => handle(c.req.raw));

const listener = getRequestListener(app.fetch);
const server = http.createServer((req, res) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else void listener(req, res);
});

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Serving on http://localhost:${port} (${mode}, ${services.handle.engine} database)`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  server.close();
  server.closeAllConnections();
  await vite?.close();
  await services.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
