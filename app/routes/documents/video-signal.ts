import { clientAddress } from "~/.server/forms/post.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { customerNameForCall, handleSignalPost, signalResponse } from "~/.server/video/index.ts";
import type { Route } from "./+types/video-signal";

/**
 * POST /d/video/{token}/signal: the customer's WebRTC signals (JSON), allowed by the call's signed link (the
 * one call it names: a link to call A can never post to call B), relayed to that call's live audience.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const check = verifyLinkToken("video", params.token);
  if (!check.ok) return signalResponse({ ok: false, status: 404, message: check.problem === "expired" ? "This call's link has expired." : "This link does not work." });
  const name = await customerNameForCall(check.id);
  if (name === undefined) return signalResponse({ ok: false, status: 404, message: "This call does not exist." });
  return handleSignalPost(request, check.id, "customer", { address: clientAddress(context), name });
}

export function loader() {
  return new Response("Signals are posted.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
