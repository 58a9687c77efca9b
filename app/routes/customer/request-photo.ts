import { portalSessionOf } from "~/.server/auth/portal.ts";
import { findRequestPhoto } from "~/.server/requests/index.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/request-photo";
import { privateNotFound } from "~/.server/http/errors.ts";

/** A photo of one of the customer's own requests; anyone else's is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const requestId = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const photoId = /^\d{1,9}$/.test(params.photoId) ? Number(params.photoId) : 0;
  const photo = requestId && photoId ? await findRequestPhoto(requestId, photoId, session.user) : undefined;
  return photo ? storedFileResponse(photo.path, photo.contentType) : privateNotFound();
}
