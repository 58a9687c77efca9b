import { useLiveRevalidate, type LiveOptions } from "~/lib/live/use-live.ts";

/**
 * Keeps a page's data live: its loaders run again when an event of one of `kinds` arrives (React Router's
 * revalidation: focus and scroll stay), and a visually hidden polite live region says so to screen-reader
 * users without moving them. `reference`: only that request's events.
 *
 * Someone typing into a form that edits a versioned record (method post, with a `version` field) is not
 * reloaded under: the update is held and a visible note says the record changed, so that their save is still
 * checked against the version they started from (the stale-edit refusal). Sending the form, or reloading,
 * brings the page up to date. Other forms (a reply, a note, a search) keep what was typed through a reload
 * of the data anyway, so the page stays live for them.
 * Without JavaScript nothing is rendered but an empty region: the page is as fresh as its last load.
 *
 * A live region without role="status": pages already have their one status message, found by that role.
 */
export function LiveStatus({ kinds, grants, reference, what = "This page" }: { kinds: readonly string[]; grants?: LiveOptions["grants"]; reference?: string; what?: string }) {
  const { updates, held } = useLiveRevalidate(kinds, {
    grants,
    filter: reference === undefined ? undefined : (e) => e.data.reference === reference,
    hold: postFormEdited,
  });
  return (
    <div aria-live="polite" data-live-updates={updates}>
      {held ? (
        <p className="mb-3 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:bg-slate-900 dark:text-amber-300">
          {what} has changed since you started typing. Save to keep your change, or reload to see theirs first.
        </p>
      ) : (
        <span className="sr-only">{updates > 0 ? `${what} was updated.` : ""}</span>
      )}
    </div>
  );
}

/** Whether a field of a versioned form that posts differs from what the page was served with. */
function postFormEdited(): boolean {
  for (const form of Array.from(document.forms)) {
    if (form.method.toLowerCase() !== "post" || !form.elements.namedItem("version")) continue;
    for (const el of Array.from(form.elements)) {
      if (el instanceof HTMLInputElement) {
        if (["hidden", "submit", "button", "reset", "image"].includes(el.type)) continue;
        if (el.type === "checkbox" || el.type === "radio") {
          if (el.checked !== el.defaultChecked) return true;
        } else if (el.type === "file") {
          if (el.files && el.files.length > 0) return true;
        } else if (el.value !== el.defaultValue) return true;
      } else if (el instanceof HTMLTextAreaElement) {
        if (el.value !== el.defaultValue) return true;
      } else if (el instanceof HTMLSelectElement) {
        for (const option of Array.from(el.options)) if (option.selected !== option.defaultSelected) return true;
      }
    }
  }
  return false;
}
