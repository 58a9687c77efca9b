import { useLiveRevalidate, type LiveOptions } from "~/lib/live/use-live.ts";

/**
 * Keeps a page's data live: its loaders run again when an event of one of `kinds` arrives (React Router's
 * revalidation, so focus and half-filled forms stay as they are), and a visually hidden polite status says
 * so to screen-reader users without moving them. `reference`: only that request's events. Without
 * JavaScript it renders an empty status: the page is as fresh as its last load, as before.
 */
export function LiveStatus({ kinds, grants, reference, what = "This page" }: { kinds: readonly string[]; grants?: LiveOptions["grants"]; reference?: string; what?: string }) {
  const updates = useLiveRevalidate(kinds, { grants, filter: reference === undefined ? undefined : (e) => e.data.reference === reference });
  return (
    <p role="status" className="sr-only" data-live-updates={updates}>
      {updates > 0 ? `${what} was updated.` : ""}
    </p>
  );
}
