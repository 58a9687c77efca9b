/* global self, caches, fetch, Response, Headers, URL */
/*
 * The technician portal's service worker (scope /technician/). It keeps the dashboard and each job page the
 * technician opened today, so that they stay readable without a signal (in a plant, a basement):
 * network first, the kept copy when the network fails. Build assets (fingerprinted, never changing) are kept
 * as they are used. Pages kept on an earlier day (India time) are dropped, but for the week agenda
 * (/technician/agenda, ADR 066), which shows a fortnight and is kept for AGENDA_DAYS; everything goes
 * when the server sends the technician to sign in. Forms are not touched here: the job page queues them itself.
 *
 * The technical library (/technician/library) is kept apart, not by the day: the library page and every
 * fault-code table's page (refreshed when the library is opened online), and the documents the technician
 * pinned (a "library" message from the library page names them all; a document no longer named, unpinned or
 * removed by the office, is dropped). A pinned document is read from the phone first: its file never changes.
 */
const PAGES = "technician-pages-v1";
const ASSETS = "technician-assets-v1";
const PAGE = /^\/technician\/(?:dashboard|agenda|jobs\/[A-Za-z0-9-]+)(?:\.data)?$/;
const AGENDA = /^\/technician\/agenda(?:\.data)?$/;
/** The agenda's copy stays this many days: it still holds the rest of the week (the page says when it was drawn). */
const AGENDA_DAYS = 7;
const MAX_ASSETS = 80;
const LIBRARY = "technician-library-v1";
const LIBRARY_PAGE = /^\/technician\/library(?:\/tables\/[a-z0-9-]+)?(?:\.data)?$/;
const LIBRARY_DOCUMENT = /^\/technician\/library\/documents\/\d+\/[^/]+$/;
/** A fault-code table's page kept longer than this is fetched again when the library is opened online. */
const TABLE_REFRESH_MS = 60 * 60 * 1000;

const indiaDay = () => new Date(Date.now() + 330 * 60000).toISOString().slice(0, 10);
const pageKey = (url) => url.origin + url.pathname;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("technician-") && name !== PAGES && name !== ASSETS && name !== LIBRARY) await caches.delete(name);
      await dropOldPages();
      await self.clients.claim();
    })(),
  );
});

async function dropOldPages() {
  const cache = await caches.open(PAGES);
  const today = indiaDay();
  const oldestAgenda = new Date(Date.now() + 330 * 60000 - AGENDA_DAYS * 86400000).toISOString().slice(0, 10);
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    const on = kept && kept.headers.get("x-kept-on");
    const fresh = AGENDA.test(new URL(request.url).pathname) ? on && on > oldestAgenda : on === today;
    if (!fresh) await cache.delete(request);
  }
}

/** Keeps a page (a copy marked with today's date) and the build assets its HTML names. */
async function keepPage(url, response) {
  const headers = new Headers(response.headers);
  headers.set("x-kept-on", indiaDay());
  const body = await response.blob();
  await (await caches.open(PAGES)).put(pageKey(url), new Response(body, { status: response.status, statusText: response.statusText, headers }));
  if ((headers.get("content-type") || "").includes("text/html")) {
    const html = await body.text();
    await keepAssets(html.match(/\/assets\/[A-Za-z0-9._\-/]+\.(?:js|css|woff2?)/g) || []);
  }
}

async function keepAssets(urls) {
  const cache = await caches.open(ASSETS);
  for (const url of new Set(urls)) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    } catch {
      return; // offline: the next page load tries again
    }
  }
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
}

async function forgetPages() {
  await caches.delete(PAGES);
  await caches.delete(LIBRARY);
}

const OFFLINE_PAGE = `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No connection</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<h1>No connection</h1><p>This page was not opened today, so it is not kept on this phone. It opens when the signal returns.</p>
<p><a href="/technician/dashboard">My Jobs</a> (kept if you opened it today) · <a href="/technician/agenda">My agenda</a> (kept for a week once opened)</p></body></html>`;

/** A library page (or table) kept in the library's cache, stamped with when it was kept. */
async function keepLibraryPage(url, response) {
  const headers = new Headers(response.headers);
  headers.set("x-kept-at", String(Date.now()));
  const body = await response.blob();
  await (await caches.open(LIBRARY)).put(pageKey(url), new Response(body, { status: response.status, statusText: response.statusText, headers }));
  if ((headers.get("content-type") || "").includes("text/html")) {
    const html = await body.text();
    await keepAssets(html.match(/\/assets\/[A-Za-z0-9._\-/]+\.(?:js|css|woff2?)/g) || []);
  }
}

async function networkFirst(event, url, library = false) {
  try {
    const response = await fetch(event.request);
    if (response.type === "opaqueredirect" || (response.redirected && new URL(response.url).pathname.endsWith("/login"))) {
      // Signed out (or the session ended): nothing of the technician's stays on the phone.
      event.waitUntil(forgetPages());
    } else if (response.status === 200 && !response.redirected) {
      // A search's answer is not the library page: only the page as it opens is kept.
      if (library) {
        if (!url.search) event.waitUntil(keepLibraryPage(url, response.clone()));
      } else event.waitUntil(keepPage(url, response.clone()));
    }
    return response;
  } catch (error) {
    const kept = await (await caches.open(library ? LIBRARY : PAGES)).match(pageKey(url));
    if (kept) return kept;
    if (event.request.mode === "navigate") return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
  else if (PAGE.test(url.pathname)) event.respondWith(networkFirst(event, url));
  else if (LIBRARY_PAGE.test(url.pathname)) event.respondWith(networkFirst(event, url, true));
  else if (LIBRARY_DOCUMENT.test(url.pathname)) event.respondWith(pinnedFirst(request, url));
});

/** A pinned document from the phone; any other from the network (and not kept). */
async function pinnedFirst(request, url) {
  const kept = await (await caches.open(LIBRARY)).match(pageKey(url));
  if (kept) return kept;
  return fetch(request);
}

/** The library page's list: these table pages and these pinned documents are kept; other documents are dropped. */
async function keepLibrary(message) {
  const cache = await caches.open(LIBRARY);
  const wanted = new Set();
  for (const path of message.documents || []) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !LIBRARY_DOCUMENT.test(url.pathname)) continue;
    wanted.add(pageKey(url));
    if (await cache.match(pageKey(url))) continue;
    try {
      const response = await fetch(url.pathname, { credentials: "same-origin", redirect: "manual" });
      if (response.status === 200) await cache.put(pageKey(url), response);
    } catch {
      return; // offline: the next visit to the library tries again
    }
  }
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (LIBRARY_DOCUMENT.test(url.pathname) && !wanted.has(pageKey(url))) await cache.delete(request);
  }
  const tables = new Set();
  for (const path of message.pages || []) {
    const url = new URL(path, self.location.origin);
    if (url.origin !== self.location.origin || !LIBRARY_PAGE.test(url.pathname)) continue;
    tables.add(pageKey(url));
    const kept = await cache.match(pageKey(url));
    if (kept && Date.now() - Number(kept.headers.get("x-kept-at") || 0) < TABLE_REFRESH_MS) continue;
    try {
      const response = await fetch(url.pathname, { credentials: "same-origin", redirect: "manual" });
      if (response.status === 200) await keepLibraryPage(url, response);
    } catch {
      return;
    }
  }
  // A table the office removed (or renamed) is no longer in the list: its page goes.
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (/^\/technician\/library\/tables\//.test(url.pathname) && !tables.has(pageKey(url))) await cache.delete(request);
  }
}

/** From the pages: keep these pages (and assets) now, e.g. today's jobs listed on the dashboard. */
self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "forget") {
    event.waitUntil(forgetPages());
    return;
  }
  if (message.type === "library") {
    event.waitUntil(
      (async () => {
        await keepAssets((message.assets || []).map((u) => new URL(u, self.location.origin)).filter((u) => u.origin === self.location.origin).map((u) => u.pathname));
        await keepLibrary(message);
      })(),
    );
    return;
  }
  if (message.type !== "keep") return;
  event.waitUntil(
    (async () => {
      await keepAssets((message.assets || []).map((u) => new URL(u, self.location.origin)).filter((u) => u.origin === self.location.origin).map((u) => u.pathname));
      await dropOldPages();
      const cache = await caches.open(PAGES);
      for (const path of message.pages || []) {
        const url = new URL(path, self.location.origin);
        if (url.origin !== self.location.origin || !PAGE.test(url.pathname)) continue;
        if (await cache.match(pageKey(url))) continue;
        try {
          const response = await fetch(url.pathname, { credentials: "same-origin", redirect: "manual" });
          if (response.status === 200) await keepPage(url, response);
        } catch {
          return;
        }
      }
    })(),
  );
});
