import http from "node:http";
import zlib from "node:zlib";
import { getServerConfig } from "~/.server/config.ts";

/**
 * How the audit reaches the site: over HTTP to this server's own port on the loopback address, with the
 * public site's Host header (ADR 039). Behind a proxy that is still the app itself (no TLS, no proxy, no
 * DNS on the way), the request goes through the same stack a visitor's does (page cache, compression, the
 * admin gate that tells the public host from the back office's), and it sends no cookie, so the page cache
 * answers what it holds: the audit costs the public pages little. Tests swap in their own fetcher.
 */
export interface FetchedUrl {
  status: number;
  contentType: string;
  /** Bytes as sent (compressed when the server compressed them). */
  bytes: number;
  /** The body as text, for HTML and XML only (decompressed). */
  text: string | null;
  location: string | null;
  ms: number;
  /** Why nothing came back (status 0). */
  error?: string;
}

export type SiteFetcher = (path: string) => Promise<FetchedUrl>;

/** A request that takes longer than this counts as unreachable. */
const TIMEOUT_MS = 20_000;

let override: SiteFetcher | undefined;
let agent: http.Agent | undefined;

/** Tests (and only tests) answer the audit's requests themselves; undefined restores the real one. */
export function setSiteFetcher(fetcher: SiteFetcher | undefined): void {
  override = fetcher;
}

export function siteFetcher(concurrency: number): SiteFetcher {
  if (override) return override;
  const config = getServerConfig();
  const site = new URL(config.siteUrl);
  const local = config.host === "0.0.0.0" || config.host === "::" || config.host === "" ? "127.0.0.1" : config.host;
  // Keep-alive, at most `concurrency` sockets: the audit holds no more than that many of the server's requests.
  // One agent for every step of every run (the server closes idle keep-alive sockets after a few seconds).
  if (agent?.maxSockets !== concurrency) agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const shared = agent;
  return (path) => fetchOnce(shared, local, config.port, site.host, path);
}

function fetchOnce(agent: http.Agent, hostname: string, port: number, host: string, path: string): Promise<FetchedUrl> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { agent, hostname, port, path, method: "GET", headers: { host, "accept-encoding": "gzip", accept: "text/html,application/xml;q=0.9,*/*;q=0.8", "user-agent": "SEO-audit (own site)" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", (error) => resolve(unreachable(error, started)));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const contentType = String(res.headers["content-type"] ?? "");
          let text: string | null = null;
          if (/html|xml/i.test(contentType)) {
            try {
              text = (res.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw) : raw).toString("utf8");
            } catch (error) {
              return resolve(unreachable(error, started));
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            contentType,
            bytes: raw.length,
            text,
            location: typeof res.headers.location === "string" ? res.headers.location : null,
            ms: Math.round(performance.now() - started),
          });
        });
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s`)));
    req.on("error", (error) => resolve(unreachable(error, started)));
    req.end();
  });
}

function unreachable(error: unknown, started: number): FetchedUrl {
  return { status: 0, contentType: "", bytes: 0, text: null, location: null, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
}
