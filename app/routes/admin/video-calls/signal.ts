import { staffOf } from "~/.server/auth/staff.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { callByReference, handleSignalPost, staffName } from "~/.server/video/index.ts";
import { CALL_REFERENCE_PATTERN } from "~/lib/forms/admin/video-calls.ts";
import type { Route } from "./+types/signal";

/**
 * POST /admin/video-calls/{reference}/signal: the engineer's WebRTC signals (JSON), relayed to the call's
 * live audience (~/.server/video/signal.ts). The admin layout has checked the staff member and the screen's
 * permission.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const call = CALL_REFERENCE_PATTERN.test(params.reference) ? await callByReference(params.reference) : undefined;
  if (!call) return privateNotFound();
  return handleSignalPost(request, call.id, "engineer", { address: staff.ipAddress, name: staffName(staff), staff });
}

export function loader() {
  return new Response("Signals are posted.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
