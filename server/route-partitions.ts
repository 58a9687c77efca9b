/**
 * React Router's request handler, split by the URL's first path segment.
 *
 * Why: React Router finds a request's route by trying its ranked route branches one after another, and it
 * does so twice per request (the request handler, then the static handler's query). With ~160 routes,
 * /request comes after ~150 branches that cannot match it (the back office's 85 first of all), and the
 * profile of the request form's benchmark showed route matching as a fifth of the server's CPU time.
 *
 * A route whose path starts with a fixed segment ("admin/...", "request", "d/...") can only match a URL
 * whose first segment is that word. So each fixed first segment gets a handler built from the routes that
 * could match it: those starting with that segment, those starting with a parameter or a splat (the catch-all
 * 404, ":citySlug/:serviceSlug"), the routes with an empty path (the index, the pathless layouts) and every
 * ancestor of those. Within that subset React Router ranks and matches exactly as it does over the whole
 * tree, so the answer is the same route; it only skips branches it would have tried and rejected.
 *
 * Anything else goes to the handler over the whole tree: a first segment no route names, one that is not
 * plain ASCII after decoding, the route manifest endpoint (the browser asks it about any path), and a
 * build with a basename. tests/unit/route-partitions.test.ts checks, for a sample URL of every route and
 * odd ones, that the subset matches the route the whole tree does.
 */
import type { RouterContextProvider, ServerBuild } from "react-router";

export type RequestHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

interface ManifestRoute {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
}

/** A first segment that can be compared as plain text: React Router matches it case-insensitively. */
const PLAIN_SEGMENT = /^[a-z0-9._-]+$/;

/** The first segment of a route's full path, lower-cased, when it is fixed text; undefined otherwise (a parameter, a splat, an optional or empty segment). */
function fixedFirstSegment(routes: Record<string, ManifestRoute | undefined>, route: ManifestRoute): string | undefined {
  const paths: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) paths.unshift(r.path);
  }
  const first = paths.join("/").split("/").find((segment) => segment !== "");
  if (first === undefined) return undefined;
  const lower = first.toLowerCase();
  return PLAIN_SEGMENT.test(lower) ? lower : undefined;
}

/**
 * The key a URL path is handled under: "" for "/", its first segment (decoded, lower-cased) when that is
 * plain text, undefined when only the whole tree will do. The path is normalised as React Router does
 * (a single-fetch ".data" suffix names the page it is for).
 */
export function partitionKey(pathname: string): string | undefined {
  const path = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "");
  if (path === "/") return "";
  const match = /^\/([^/]+)(?:\/|$)/.exec(path);
  if (!match) return undefined;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]!).toLowerCase();
  } catch {
    return undefined;
  }
  return PLAIN_SEGMENT.test(segment) ? segment : undefined;
}

/** The ids of the routes that can match a URL under `key` (see above), with their ancestors. */
export function routeIdsFor(routes: Record<string, ManifestRoute | undefined>, key: string): Set<string> {
  const kept = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const fixed = fixedFirstSegment(routes, route);
    if (fixed !== undefined && fixed !== key) continue;
    for (let r: ManifestRoute | undefined = route; r && !kept.has(r.id); r = r.parentId ? routes[r.parentId] : undefined) kept.add(r.id);
  }
  return kept;
}

/** Every fixed first segment some route starts with. */
export function partitionKeys(routes: Record<string, ManifestRoute | undefined>): Set<string> {
  const keys = new Set<string>([""]);
  for (const route of Object.values(routes)) {
    const fixed = route && fixedFirstSegment(routes, route);
    if (fixed) keys.add(fixed);
  }
  return keys;
}

function pick<T>(record: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
}

/** The build as seen by one partition: its routes, on the server and in the manifest the page is rendered from. */
function partitionBuild(build: ServerBuild, key: string): ServerBuild {
  const ids = routeIdsFor(build.routes, key);
  return { ...build, routes: pick(build.routes, ids), assets: { ...build.assets, routes: pick(build.assets.routes, ids) } };
}

/**
 * One handler per fixed first segment, made on first use by `create` (React Router's createRequestHandler),
 * and the whole tree's handler for the rest.
 */
export function partitionedRequestHandler(build: ServerBuild, create: (build: ServerBuild) => RequestHandler): RequestHandler {
  const whole = create(build);
  if (build.basename && build.basename !== "/") return whole;
  // The browser learns routes from the page it loaded only in lazy discovery (it asks the manifest endpoint
  // for the rest); with the whole manifest sent up front, a partition's smaller one would lose routes.
  if (build.routeDiscovery.mode !== "lazy") return whole;
  const keys = partitionKeys(build.routes);
  const handlers = new Map<string, RequestHandler>();
  const manifestPath = build.routeDiscovery.manifestPath;
  return (request, context) => {
    const { pathname } = new URL(request.url);
    const key = pathname === manifestPath ? undefined : partitionKey(pathname);
    if (key === undefined || !keys.has(key)) return whole(request, context);
    let handler = handlers.get(key);
    if (!handler) {
      handler = create(partitionBuild(build, key));
      handlers.set(key, handler);
    }
    return handler(request, context);
  };
}
