import { clientAddress } from "~/.server/forms/index.ts";
import { postServiceRequest } from "~/.server/requests/forms.ts";
import type { Route } from "./+types/request-submit";

/**
 * The same submission as /request's action, answered in JSON: the request page sends photos through
 * here with XMLHttpRequest, which reports upload progress (fetch does not).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await postServiceRequest(request, clientAddress(context));
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (outcome.ok) return Response.json({ location: outcome.location }, { headers });
  if (outcome.retryAfter) headers["Retry-After"] = String(outcome.retryAfter);
  return Response.json(outcome.failure, { status: outcome.status, headers });
}
