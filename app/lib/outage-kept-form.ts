/**
 * What a visitor typed into a form that could not be saved because the database was down (ADR 069). A
 * submission with JavaScript is answered with the outage page in place of the page that held the form; the
 * fields it sent are kept in this tab (sessionStorage) and put back into the form when the visitor returns to
 * it from the outage page, so that trying again a minute later needs no retyping. Without JavaScript the
 * browser's own Back keeps them.
 */
import { outageOf } from "./database-outage.ts";

const KEY = "outage-kept-form";

interface KeptForm {
  /** The page that held the form (path and query), where it is put back. */
  page: string;
  /** The text fields as sent (files cannot be kept, and are not put back). */
  fields: [string, string][];
}

/**
 * For the root's client middleware: runs one submission and, when the database was down for it, keeps what
 * it sent. Any other request passes through untouched.
 */
export async function keepFormOnOutage<T extends Record<string, { type: string; result: unknown }>>(request: Request, next: () => Promise<T>): Promise<T> {
  const page = window.location.pathname + window.location.search;
  const contentType = request.headers.get("Content-Type") ?? "";
  const sent = request.method !== "GET" && /form-urlencoded|multipart\/form-data/.test(contentType) ? request.clone().formData().catch(() => undefined) : undefined;
  const results = await next();
  if (sent && Object.values(results).some((r) => r.type === "error" && outageOf(r.result))) {
    const fields = [...((await sent) ?? new FormData()).entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ page, fields } satisfies KeptForm));
    } catch {
      // Storage full or refused (a private window): the outage page still says to try again.
    }
  }
  return results;
}

/** The page a kept form belongs to, for the outage page's way back to it. */
export function keptFormPage(): string | undefined {
  try {
    return (JSON.parse(sessionStorage.getItem(KEY) ?? "null") as KeptForm | null)?.page;
  } catch {
    return undefined;
  }
}

/**
 * Puts a kept form's fields back once its page is shown again, and forgets them. A field is filled through
 * the element's own value setter and an input event, so that a form whose fields React controls sees it too.
 */
export function restoreKeptForm(): void {
  let kept: KeptForm | null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as KeptForm | null;
  } catch {
    return;
  }
  if (!kept || kept.page !== window.location.pathname + window.location.search) return;
  const names = new Set(kept.fields.map(([name]) => name));
  // The form that has the most of the sent fields: the one that was submitted.
  const form = [...document.forms].map((f) => ({ f, n: [...names].filter((name) => f.elements.namedItem(name)).length })).sort((a, b) => b.n - a.n)[0];
  if (!form || form.n === 0) return;
  sessionStorage.removeItem(KEY);
  const values = new Map<string, string[]>();
  for (const [name, value] of kept.fields) values.set(name, [...(values.get(name) ?? []), value]);
  for (const element of Array.from(form.f.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
    const sent = values.get(element.name);
    if (!sent || (element instanceof HTMLInputElement && ["hidden", "file", "submit", "button", "password"].includes(element.type))) continue;
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      const checked = sent.includes(element.value);
      if (element.checked !== checked) element.click();
      continue;
    }
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, "value")?.set;
    setter?.call(element, sent[0]);
    element.dispatchEvent(new Event("input", { bubbles: true }));
    element.dispatchEvent(new Event("change", { bubbles: true }));
  }
}
