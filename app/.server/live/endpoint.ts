import type { IncomingMessage, ServerResponse } from "node:http";
import { adminHostAllowed } from "~/.server/auth/guards.ts";
import { getServerConfig } from "~/.server/config.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { principalFor, type LivePrincipal } from "./access.ts";
import { getLiveHub, type LiveSink } from "./hub.ts";

/**
 * GET /live/events: one server-sent event stream. Served by server.ts on Node's own request and response,
 * before the page cache, compression and ETags (a stream must never be buffered, stored or gzipped), which
 * also keeps an open stream cheap: no Web stream, no per-stream timer.
 *
 * - Who: the session cookie (any portal) plus `?grant=` tokens from a loader (issueLiveGrant).
 * - Catch-up: `?lastEventId=` (our client's reconnects) or the Last-Event-ID header (EventSource's own); on a
 *   first connect, `?since=` the page's load time (at most a minute back), so no change between the page's
 *   render and its stream is missed.
 * - Limits: a stream per session and per address beyond LIVE_LIMITS is refused with 429.
 * - A stream whose session ends gets an `end` event and is closed (the client then stops reconnecting).
 */
export const LIVE_EVENTS_PATH = "/live/events";

/** A slow reader is dropped once this much is waiting for it; it catches up on reconnect. */
const MAX_BUFFERED = 256 * 1024;

export async function handleLiveEvents(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
  const hub = getLiveHub();
  if (req.method !== "GET" && req.method !== "HEAD") return plain(res, 405, "Only GET.", { Allow: "GET" });
  if (!hub) return plain(res, 503, "Live updates are not running.");
  const url = streamUrl(req);
  if (!url) return plain(res, 400, "Bad host.");
  // Cheap refusal first: the address limit needs no database.
  if (!hub.admits(address, undefined)) return tooMany(res);
  let principal;
  try {
    principal = await streamPrincipal(req, url);
  } catch (error) {
    console.error("Live: reading the stream's session failed:", error);
    return plain(res, 503, "Try again shortly.");
  }
  if (req.destroyed) return;
  if (!hub.admits(address, principal.sessionId)) return tooMany(res);
  const lastEventId = lastId(url.searchParams.get("lastEventId") ?? req.headers["last-event-id"]);

  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Accel-Buffering": "no",
    "X-Content-Type-Options": "nosniff",
    Connection: "keep-alive",
  });
  res.flushHeaders();
  if (req.method === "HEAD") return void res.end();
  res.socket?.setNoDelay(true);
  res.socket?.setKeepAlive(true, 30_000);
  res.write(": live\n\n");
  const sink: LiveSink = {
    write(chunk) {
      if (res.destroyed || res.writableEnded) return false;
      res.write(chunk);
      return res.writableLength <= MAX_BUFFERED;
    },
    end(chunk) {
      if (res.writableEnded) return;
      res.end(chunk);
    },
  };
  const stream = await hub.open(principal, address, sink, { lastEventId, since: lastEventId === undefined ? since(url.searchParams.get("since")) : undefined });
  if (!stream) {
    if (!res.writableEnded) res.end();
    return;
  }
  res.on("close", () => hub.close(stream));
  if (res.destroyed) hub.close(stream);
}

/** The stream's address as the browser asked for it (its Host), or undefined when the Host is not one. */
function streamUrl(req: Pick<IncomingMessage, "url" | "headers">): URL | undefined {
  try {
    return new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return undefined;
  }
}

/**
 * Who the stream is for. The back office's host rule applies (issue 17 §1): on the public site's host a
 * staff session and a staff grant admit nothing, as the back office's pages are not served there.
 */
export async function streamPrincipal(req: Pick<IncomingMessage, "url" | "headers">, url = streamUrl(req)): Promise<LivePrincipal> {
  if (!url) return principalFor(new Request("http://localhost/"), [], new Date(), { backOffice: false });
  const site = await getSiteSettings();
  const backOffice = adminHostAllowed(url, site.identity.siteUrl, getServerConfig().adminHost);
  const request = new Request(url, { headers: { cookie: req.headers.cookie ?? "" } });
  return principalFor(request, url.searchParams.getAll("grant"), new Date(), { backOffice });
}

function lastId(value: string | string[] | null | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/** `?since=` (ms since 1970, the page's load): at most a minute back, never ahead of now (clocks differ). */
function since(value: string | null, now = Date.now()): Date | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  return new Date(Math.min(now, Math.max(now - 60_000, Number(value))));
}

function plain(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
  res.end(body);
}

function tooMany(res: ServerResponse): void {
  plain(res, 429, "Too many live connections from here: close another tab and try again.", { "Retry-After": "30" });
}
