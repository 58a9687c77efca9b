import type { IncomingMessage, ServerResponse } from "node:http";
import { isRecorded, parsePing, pingLimited, trackVisitor, visitorFigures } from "./index.ts";

/**
 * POST /api/visitors on Node's own request, ahead of the Hono stack and React Router (server.ts), as the live
 * event stream is. A ping is the site's most frequent request (every open tab, every two minutes, besides
 * every page view) and needs none of what that stack does for pages: no page cache, compression, ETag,
 * session or route matching. Answered the same way as the route app/routes/api/visitors.ts, which serves it
 * in development (Vite's middleware) and stays as its reference.
 */
export const VISITOR_PING_PATH = "/api/visitors";
const MAX_BODY = 1024;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        // Answered at once; the rest of the body is read and dropped (destroying the socket would lose the answer).
        req.removeAllListeners("data");
        req.resume();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", () => resolve(undefined));
  });
}

export async function handleVisitorPing(req: IncomingMessage, res: ServerResponse, address: string): Promise<void> {
  try {
    if (req.method === "GET") return send(res, 200, await visitorFigures());
    if (req.method !== "POST") return send(res, 405, { error: "Method not allowed" }, { Allow: "GET, POST" });
    // JSON only: another site's page cannot send it without a CORS preflight, which is never granted.
    if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) return send(res, 415, { error: "Send JSON" });
    const text = await readBody(req);
    if (text === undefined) return send(res, 413, { error: "Too large" }, { Connection: "close" });
    let body: { sessionId?: unknown; pagePath?: unknown } | null;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return send(res, 400, { error: "Send JSON: { sessionId, pagePath }" });
    }
    const ping = body && typeof body === "object" ? parsePing(body.sessionId, body.pagePath) : undefined;
    if (!ping) return send(res, 400, { error: "sessionId must be session-<timestamp><random text>; pagePath a public path." });
    const wait = await pingLimited(address);
    if (wait !== undefined) return send(res, 429, { error: "Too many pings" }, { "Retry-After": String(wait) });
    if (isRecorded(ping)) await trackVisitor(ping.sessionId, ping.pagePath);
    send(res, 200, await visitorFigures());
  } catch (error) {
    console.error("Visitor ping failed:", error);
    if (!res.headersSent) send(res, 503, { error: "Try again shortly." });
  }
}
