import { clientAddress } from "~/.server/forms/index.ts";
import { takeToken, waitText } from "~/.server/forms/rate-limit.ts";
import { feedForToken } from "~/.server/schedule/calendar-feed.ts";
import type { Route } from "./+types/calendar-feed";

/** A phone's calendar refreshes a subscription every 15 minutes to a few hours: generous for that, tight for a script guessing tokens. */
const FETCHES_PER_ADDRESS = { max: 60, windowMs: 10 * 60_000 };

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/**
 * /calendar-feeds/{token}.ics (issue 21 §2, ADR 066): a technician's (or the office's board) calendar, for a
 * phone's calendar to subscribe to. The token is the only key (a calendar app sends no cookie): a made-up one is
 * a 404, a revoked one a 410 (a calendar app then stops asking). Never cached on the way (private, no-store).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wait = await takeToken(`calendar-feed:address:${clientAddress(context)}`, FETCHES_PER_ADDRESS);
  if (wait !== undefined) return text(`Too many requests from here. Please try again in ${waitText(wait)}.`, 429, { "Retry-After": String(wait) });
  const token = /^(.+)\.ics$/.exec(params.file)?.[1] ?? "";
  const answer = await feedForToken(token);
  if (answer.kind === "missing") return text("Not found", 404);
  if (answer.kind === "gone") return text("This calendar link was turned off. Ask for a new one in the portal.", 410);
  return new Response(answer.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="visits.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
