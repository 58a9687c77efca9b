import { Writable } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { StaticMarkupContext, type StaticMarkupRenderer } from "~/components/prerendered.tsx";
import { oidcFormTargets } from "~/.server/auth/oidc.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "~/.server/http/content-security-policy.ts";
import { hadDatabaseOutage, isDatabaseUnavailable, noteIfDatabaseOutage, outageErrorResponse, outageHeaders } from "~/.server/http/database-outage.ts";
import { withoutModulePreloads } from "~/.server/http/document.ts";

// server.ts reaches start-up and configuration through this module, so that they share one module graph
// (one database handle) with the routes.
export { addAdmins, firstOwnerHint, startServices } from "~/.server/startup.ts";
export { readConfig } from "~/.server/config.ts";
export { contentSecurityPolicy } from "~/.server/http/content-security-policy.ts";
// `npm run restore` (scripts/restore.ts): a backup into a fresh database (issue 19 §8)
export { restoreCommand } from "~/.server/backup/restore-command.ts";
export { contentStampIsCurrent, contentVersion, trackContentReads } from "~/.server/content/version.ts";
export { seedDemo } from "~/.server/demo/seed-demo.ts";
export { setDatabase } from "~/.server/db/index.ts";
export { clientAddressContext } from "~/.server/http/client-address.ts";
// Issue 12 §1 (live updates): server.ts serves GET /live/events itself, before the page cache and compression.
export { handleLiveEvents, LIVE_EVENTS_PATH } from "~/.server/live/endpoint.ts";
// Visitor pings (issue 12 §2, ADR 021): served on Node's own request by server.ts.
export { handleVisitorPing, VISITOR_PING_PATH } from "~/.server/visitors/endpoint.ts";

export const streamTimeout = 5_000;
// server.ts answers a resource route's 5xx during an outage with the 503 (ADR 069).
export { hadDatabaseOutage, outageHeaders, outageMessage } from "~/.server/http/database-outage.ts";

/**
 * Every error a loader, an action or a render throws. The database down or restarting is expected and
 * answered (the 503 below): one line, not a stack per request. Anything else is logged whole, as React
 * Router's default does.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider | undefined }) {
  if (noteIfDatabaseOutage(error, context)) {
    console.warn(JSON.stringify({ type: "database_unavailable", method: request.method, path: new URL(request.url).pathname }));
    return;
  }
  // An internal error response (a 404 React Router made itself) carries the error it stands for.
  if (!request.signal.aborted) console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
}

/**
 * Markup that is the same for everyone while the content is unchanged, rendered once (<Prerendered>, ADR 072):
 * by its inputs' fingerprint, the most recently used first. Bounded: a content edit makes new inputs, and the old markup
 * is dropped when no longer used.
 */
const staticMarkup = new Map<string, string>();
const STATIC_MARKUP_ENTRIES = 16;
const renderStaticMarkup: StaticMarkupRenderer = (key, render) => {
  let html = staticMarkup.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(<>{render()}</>);
    if (staticMarkup.size >= STATIC_MARKUP_ENTRIES) staticMarkup.delete(staticMarkup.keys().next().value!);
  } else {
    staticMarkup.delete(key);
  }
  staticMarkup.set(key, html);
  return html;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The database was down for this request (ADR 069): the boundary that caught the error shows the
  // outage page (status 503), and the browser and any proxy are told when to try again, never to keep it.
  if (hadDatabaseOutage(loadContext)) {
    const handlerContext = routerContext.staticHandlerContext;
    const outage = outageErrorResponse(request.method);
    if (handlerContext.errors) for (const routeId of Object.keys(handlerContext.errors)) handlerContext.errors[routeId] = outage;
    handlerContext.statusCode = 503;
    responseStatusCode = 503;
    outageHeaders(responseHeaders);
  }
  // The identity provider's address for the CSP's form-action comes from the settings: with the database
  // down and their copy expired, the page goes out without it (the provider's sign-in cannot finish anyway).
  const formTargets = await oidcFormTargets().catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return [];
    throw error;
  });
  const development = import.meta.env.DEV;
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ formTargets, development }));
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    // Pages wait for all content (onAllReady) and are sent whole, not streamed: the HTML is complete for
    // crawlers and for visitors without JavaScript, it can carry an ETag, and one buffer costs the server
    // far less than a Node stream bridged to a web stream and back (measured: the bench's home page).
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = withoutModulePreloads(Buffer.concat(chunks));
        // The inline scripts (the theme script, React Router's context and route modules) are allowed by their
        // hashes, stored with the page in the page cache (ADR 061).
        const scriptHashes = inlineScriptHashes(html);
        responseHeaders.set("Content-Security-Policy", contentSecurityPolicy({ scriptHashes, formTargets, development }));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const page = (
      <StaticMarkupContext value={renderStaticMarkup}>
        <ServerRouter context={routerContext} url={request.url} />
      </StaticMarkupContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // The page goes out whole (onAllReady), so every Suspense boundary must be written in place: React
      // otherwise moves a large boundary's content to the end, to be put in place by a script, and
      // visitors without JavaScript would never see it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        shellRendered = true;
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}

