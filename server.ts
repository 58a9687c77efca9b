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
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import { secureHeaders } from "hono/secure-headers";
import type { ServerBuild } from "react-router";
import { pageCache } from "./server/page-cache.ts";
import { proxyCacheAlignment } from "./server/proxy-cache-alignment.ts";
import { otherCompression, pageEncoding } from "./server/page-encoding.ts";
import { releaseMemoryWhenIdle } from "./server/idle-memory-release.ts";
import { partitionedRequestHandler } from "./server/route-partitions.ts";
import { signedInPrivate } from "./server/signed-in-private.ts";

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
// Behind nginx, a page it may store is padded so that its body starts on a page boundary of nginx's cache file
// (ADR 073): outermost, so that it counts every header the response goes out with.
if (!vite && config.trustProxy) app.use(proxyCacheAlignment({ trustProxy: config.trustProxy }));
// Then the page cache: a cached page skips everything below. Pages it may store are not compressed further down;
// it keeps their gzip variant itself.
// (Not in development, where a code change must show at once.)
// A copy is kept while the content it read is current (ADR 058): a publish drops only the pages that read its kind.
if (!vite) app.use(pageCache({ freshness: { track: entry.trackContentReads, isCurrent: entry.contentStampIsCurrent } }));
// No page is shown in a frame (frame-ancestors 'none' in the Content-Security-Policy; X-Frame-Options for older browsers).
app.use(secureHeaders({ crossOriginEmbedderPolicy: false, referrerPolicy: "strict-origin-when-cross-origin", xFrameOptions: "DENY" }));
// Every HTML response carries a Content-Security-Policy (ADR 061): the pages get theirs, with their inline scripts'
// hashes, from entry.server.tsx; any other HTML (a resource route's short page) gets the policy without inline scripts.
app.use(async (c, next) => {
  await next();
  if (c.res.headers.get("content-type")?.startsWith("text/html") && !c.res.headers.has("content-security-policy")) {
    c.res.headers.set("Content-Security-Policy", entry.contentSecurityPolicy({ development: !!vite }));
  }
});
app.use(otherCompression());

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

// Weak ETags and 304s; pages compressed here as one buffer (ADR 067), not streamed through the compressor above.
app.use(pageEncoding());

// An error page must never be cached: the next request may well succeed.
app.use(async (c, next) => {
  await next();
  if (c.res.status >= 500) c.res.headers.set("Cache-Control", "no-store");
});

app.use(signedInPrivate());

// Forms post only from our own pages (Origin or Sec-Fetch-Site must say same origin): no cross-site form
// can act as a signed-in user.
app.use(csrf());
// The largest legitimate post is a request with five 10 MB photos; anything bigger is refused before it
// is read.
app.use(
  bodyLimit({
    maxSize: 55 * 1024 * 1024,
    onError: (c) => c.text("The upload is too large: at most five photos of 10 MB each.", 413),
  }),
);

// Test-only (ADR 014): the end-to-end tests' session hook, POST /__e2e/session with the run's token. Never
// loaded unless E2E_FIXTURE_TOKEN is set (playwright.config.ts sets it; `npm start` never does).
if (process.env.E2E_FIXTURE_TOKEN) {
  const { e2eFixtureHook } = await import("./app/.server/testing/e2e-hook.ts");
  app.use(e2eFixtureHook(process.env.E2E_FIXTURE_TOKEN));
}

// Split by the URL's first segment, so that matching a route tries only the routes that could match it
// (server/route-partitions.ts); not in development, where the build is loaded anew for each request.
const handler = vite ? undefined : partitionedRequestHandler(build, (partition) => createRequestHandler(partition, mode));
app.all("*", async (c) => {
  const context = new RouterContextProvider();
  const forwarded = config.trustProxy ? c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim() : undefined;
  context.set(entry.clientAddressContext, forwarded || getConnInfo(c).remote.address || "unknown");
  const response = await (handler ?? createRequestHandler(await loadBuild(), mode))(c.req.raw, context);
  // The database was down for this request (ADR 069): a page already says so with its 503; a resource
  // route's 500 (a form's JSON endpoint, a file) becomes the same 503, with when to try again.
  // A client-side navigation's `.data` answer already carries the outage page's data with its 503 (the root
  // middleware, app/root.tsx): it gets when to try again, as a page does.
  if (response.status === 503 && entry.hadDatabaseOutage(context) && !response.headers.has("Retry-After")) {
    const headers = new Headers(response.headers);
    entry.outageHeaders(headers);
    return new Response(response.body, { status: 503, statusText: response.statusText, headers });
  }
  if (response.status >= 500 && response.status !== 503 && entry.hadDatabaseOutage(context)) {
    const headers = new Headers(response.headers);
    entry.outageHeaders(headers);
    headers.set("Content-Type", "application/json; charset=utf-8");
    await response.body?.cancel();
    // In the form pipeline's failure shape: the request form's upload (XMLHttpRequest) shows it above the form,
    // with what was typed still in the fields.
    return new Response(JSON.stringify({ errors: { form: entry.outageMessage() } }), { status: 503, headers });
  }
  return response;
});

const listener = getRequestListener(app.fetch);
const server = http.createServer((req, res) => {
  // Live updates (issue 12 §1, ADR 020): the event stream is served on Node's own response, ahead of the page
  // cache, compression and ETags, which would buffer it; the address is found as for every other request.
  if (req.url === entry.LIVE_EVENTS_PATH || req.url?.startsWith(`${entry.LIVE_EVENTS_PATH}?`)) {
    const forwarded = config.trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",").at(-1)?.trim() : undefined;
    void entry.handleLiveEvents(req, res, forwarded || req.socket.remoteAddress || "unknown");
    return;
  }
  // Visitor pings (issue 12 §2, ADR 021): the most frequent request, with nothing to gain from the stack below.
  if (!vite && req.url === entry.VISITOR_PING_PATH) {
    const forwarded = config.trustProxy ? String(req.headers["x-forwarded-for"] ?? "").split(",").at(-1)?.trim() : undefined;
    void entry.handleVisitorPing(req, res, forwarded || req.socket.remoteAddress || "unknown");
    return;
  }
  if (vite) vite.middlewares(req, res, () => listener(req, res));
  else void listener(req, res);
});

// Idle keep-alive connections are held longer than a client or a proxy holds them (nginx's upstream keepalive_timeout
// is 60 s): a server that closes an idle connection first races a client sending its next request on it, and that
// request fails with ECONNRESET (seen in CI). The headers timeout must outlast the keep-alive one.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// What a burst of requests left in V8's heap goes back to the system once the instance is quiet (ADR 067).
if (!vite) releaseMemoryWhenIdle(server);

server.listen(config.port, config.host, () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Serving on http://localhost:${port} (${mode}, ${services.handle.engine} database)`);
  // The back office is never served on the public site's host (the admin gate): say where it is.
  const office = config.adminHost ? `${new URL(config.siteUrl).protocol}//${config.adminHost}/admin` : `http://127.0.0.1:${port}/admin`;
  console.log(`Back office: ${office} (staff sign in with their mobile number)`);
  void entry.firstOwnerHint().then((hint) => hint && console.log(hint));
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
