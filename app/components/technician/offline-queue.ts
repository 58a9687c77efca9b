/**
 * The technician's offline queue (browser only): a job-page form sent without a connection is kept in
 * IndexedDB (photos as the File blobs themselves) with its one-time key, and posted when the connection
 * returns. Each post carries the same key, so the server stores it once however often it arrives. A reload
 * or a closed tab loses nothing: the queue is on the phone until the server has answered.
 *
 * Only the technician portal's pages import this module.
 */

export interface QueuedForm {
  /** The form's idempotency key: the record's key here and on the server. */
  key: string;
  /** The job page the form belongs to (its action): /technician/jobs/12. */
  jobPath: string;
  intent: string;
  /** What the technician reads in "Waiting to send": "Stage: On site", "Note: Replaced the fan…". */
  label: string;
  /** When it was queued (ISO). */
  createdAt: string;
  entries: Array<[string, string | File]>;
  /** "refused": the server answered with a message (kept until the technician dismisses it). */
  state: "waiting" | "refused";
  message?: string;
}

export type SendOutcome =
  | { kind: "sent"; location: string }
  | { kind: "refused"; message: string; errors: Record<string, string> }
  | { kind: "signed-out" }
  | { kind: "offline" };

const DB_NAME = "technician-field";
const STORE = "queue";

function openQueue(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: "key" });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error("IndexedDB could not be opened"));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T> | undefined): Promise<T | undefined> {
  const db = await openQueue();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  } finally {
    db.close();
  }
}

/** Everything queued, oldest first. */
export async function queuedForms(): Promise<QueuedForm[]> {
  const all = ((await withStore("readonly", (s) => s.getAll() as IDBRequest<QueuedForm[]>)) ?? []) as QueuedForm[];
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function putQueued(item: QueuedForm): Promise<void> {
  await withStore("readwrite", (s) => s.put(item));
}

export async function removeQueued(key: string): Promise<void> {
  await withStore("readwrite", (s) => s.delete(key));
}

/** The messages a refused form's page shows inside that form (errors beside fields, the form's alert). */
function refusalFrom(html: string, intent: string): { message: string; errors: Record<string, string> } {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const form = doc.querySelector(`form[data-intent="${intent}"]`);
  const errors: Record<string, string> = {};
  const messages: string[] = [];
  form?.querySelectorAll<HTMLElement>('[id$="-error"]').forEach((el) => {
    const field = el.id.slice(`${intent}-`.length, -"-error".length);
    const text = el.textContent?.trim();
    if (text) {
      errors[field] = text;
      messages.push(text);
    }
  });
  form?.querySelectorAll<HTMLElement>('[role="alert"]').forEach((el) => {
    const text = el.textContent?.trim();
    if (text && !messages.includes(text)) {
      errors.form ??= text;
      messages.push(text);
    }
  });
  return { message: messages.join(" ") || "The server did not accept this. Open the job and try again.", errors };
}

/**
 * Posts one queued form as the page would have (same fields, same key). Its answer: "sent" (the redirect
 * back to the job), "refused" (the page again, with its messages), "signed-out" (the sign-in page), or
 * "offline" (no answer, or a server error: try again later).
 */
export async function sendQueued(item: QueuedForm, timeoutMs = 60_000): Promise<SendOutcome> {
  const body = new FormData();
  for (const [name, value] of item.entries) body.append(name, value);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(item.jobPath, { method: "POST", body, credentials: "same-origin", signal: abort.signal });
  } catch {
    return { kind: "offline" };
  } finally {
    clearTimeout(timer);
  }
  const url = new URL(response.url || item.jobPath, window.location.origin);
  if (url.pathname.endsWith("/login")) return { kind: "signed-out" };
  if (response.status >= 500) return { kind: "offline" };
  if (response.status === 404) return { kind: "refused", message: "This job is no longer assigned to you.", errors: {} };
  if (response.ok && response.redirected) return { kind: "sent", location: url.pathname + url.search };
  return { kind: "refused", ...refusalFrom(await response.text().catch(() => ""), item.intent) };
}

/** A short label for the list. */
export function shorten(text: string, max = 60): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** A fresh one-time key for a form (after one was queued or sent). */
export function newKey(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Registers the portal's service worker (scope /technician/) and sends it a message (with the page's build assets). */
async function tellFieldWorker(message: Record<string, unknown>): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("/sw-technician.js", { scope: "/technician/" });
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    const assets = Array.from(document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="stylesheet"], link[rel="modulepreload"], script[src]'))
      .map((el) => ("href" in el && el.href ? el.href : (el as HTMLScriptElement).src))
      .filter((u) => u && new URL(u).pathname.startsWith("/assets/"));
    worker?.postMessage({ ...message, assets });
  } catch {
    // No service worker (private mode, an old browser): the pages simply are not kept offline.
  }
}

/** Registers the portal's service worker (scope /technician/) and asks it to keep these pages for today. */
export function registerFieldWorker(pages: string[]): Promise<void> {
  return tellFieldWorker({ type: "keep", pages });
}

/**
 * The library page's list for the service worker: keep these pages (the library, each fault-code table) and
 * exactly these documents (the pinned ones) on the phone, for reading offline.
 */
export function keepLibraryOffline(pages: string[], documents: string[]): Promise<void> {
  return tellFieldWorker({ type: "library", pages, documents });
}
