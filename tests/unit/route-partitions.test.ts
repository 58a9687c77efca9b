import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "../../app/routes.ts";
import { partitionKey, partitionKeys, routeIdsFor } from "../../server/route-partitions.ts";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The server build's route manifest, as `react-router build` makes it from app/routes.ts (ids from file names). */
function manifestOf(entries: RouteConfigEntry[]): Record<string, ManifestRoute> {
  const manifest: Record<string, ManifestRoute> = { root: { id: "root", path: "" } };
  const walk = (entry: RouteConfigEntry, parentId: string) => {
    const id = entry.id ?? entry.file.replace(/\.[a-z0-9]+$/i, "");
    manifest[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive };
    for (const child of entry.children ?? []) walk(child, id);
  };
  for (const entry of entries) walk(entry, "root");
  return manifest;
}

/** The route tree React Router matches against, of the routes in `ids` only. */
function treeOf(manifest: Record<string, ManifestRoute>, ids: Set<string>, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId && ids.has(r.id))
    .map((r) =>
      r.index
        ? { id: r.id, index: true }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: treeOf(manifest, ids, r.id) },
    );
}

const manifest = manifestOf(routeConfig);
const everything = treeOf(manifest, new Set(Object.keys(manifest)));

/** Full paths of the routes, parameters and splats filled in. */
function samplePaths(): string[] {
  const paths: string[] = [];
  for (const route of Object.values(manifest)) {
    const parts: string[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
    const path = `/${parts.join("/")}`.replace(/:[\w-]+/g, "x1").replace(/\*/g, "a/b");
    paths.push(path, path.toUpperCase(), `${path}/`, `${path}/extra`, `${path}.data`);
  }
  return paths;
}

const ODD_PATHS = [
  "/",
  "/_.data",
  "/_root.data",
  "/no-such-page",
  "/hyderabad/vfd-repair",
  "/%72equest",
  "/REQUEST",
  "/request/",
  "//request",
  "/request//submit",
  "/admin",
  "/ADMIN/anything/deeper",
  "/administrator",
  "/%E0%A4%A",
  "/caf%C3%A9",
  "/a%2Fb/c",
  "/\u212Aey",
  "/services/%2F",
];

/** React Router's answer, as the route ids matched from the root down (null when nothing matches). */
function matchedIds(routes: RouteObject[], path: string): string[] | null {
  // The path React Router's request handler matches: without the single-fetch suffix.
  const normalised = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.replace(/\.data$/, "");
  return matchRoutes(routes, normalised)?.map((m) => m.route.id ?? "") ?? null;
}

describe("route partitions", () => {
  it("match every route's URL to the route the whole tree matches it to", () => {
    const paths = [...samplePaths(), ...ODD_PATHS];
    let partitioned = 0;
    const subsets = new Map<string, RouteObject[]>();
    for (const raw of paths) {
      // As the server sees it: percent-encoded where the browser encodes.
      const path = new URL(`http://x${raw}`).pathname;
      const key = partitionKey(path);
      if (key === undefined || !partitionKeys(manifest).has(key)) continue;
      partitioned += 1;
      let subset = subsets.get(key);
      if (!subset) subsets.set(key, (subset = treeOf(manifest, routeIdsFor(manifest, key))));
      expect(matchedIds(subset, path), `${path} (partition "${key}")`).toEqual(matchedIds(everything, path));
    }
    // Almost every URL above is served by a partition, not the whole tree.
    expect(partitioned).toBeGreaterThan(paths.length * 0.8);
  });

  it("leave out the routes of other first segments", () => {
    const request = routeIdsFor(manifest, "request");
    expect(request).toContain("routes/public/request");
    expect(request).toContain("routes/public/request-submit");
    // The routes that can match any first segment, and the index (the page's parents for the route manifest).
    expect(request).toContain("routes/public/not-found");
    expect(request).toContain("routes/public/city-service");
    expect(request).toContain("routes/public/home");
    expect(request).not.toContain("routes/admin/service-requests/route");
    expect(request).not.toContain("routes/public/thank-you");
    expect(request.size).toBeLessThan(15);
    expect(routeIdsFor(manifest, "admin")).toContain("routes/admin/layout");
  });

  it("hand odd paths to the whole tree", () => {
    expect(partitionKey("/")).toBe("");
    expect(partitionKey("/_.data")).toBe("");
    expect(partitionKey("/request.data")).toBe("request");
    expect(partitionKey("/Request/submit")).toBe("request");
    expect(partitionKey("/%72equest")).toBe("request");
    expect(partitionKey("//request")).toBeUndefined();
    expect(partitionKey("/%E0%A4%A")).toBeUndefined();
    expect(partitionKey("/caf%C3%A9")).toBeUndefined();
    expect(partitionKey("/a%2Fb")).toBeUndefined();
  });
});
