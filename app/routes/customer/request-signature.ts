import { portalSessionOf } from "~/.server/auth/portal.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { findRequestOf } from "~/.server/requests/index.ts";
import { jobFile } from "~/.server/technicians/field-work.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/request-signature";

/** The signature the customer drew to sign off one of their own requests; anyone else's is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const requestId = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const owned = requestId ? await findRequestOf(session.user, requestId) : undefined;
  const file = owned ? await jobFile(owned.request.id, "signature") : undefined;
  return file ? storedFileResponse(file.path, file.contentType) : privateNotFound();
}
