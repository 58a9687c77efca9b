import { staffOf } from "~/.server/auth/staff.ts";
import { findRequest, findRequestPhoto } from "~/.server/requests/index.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/photo";
import { privateNotFound } from "~/.server/http/errors.ts";

/** A request's photo, for the back office. */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const found = await findRequest(params.reference);
  const photoId = /^\d{1,9}$/.test(params.photoId) ? Number(params.photoId) : 0;
  const photo = found && photoId ? await findRequestPhoto(found.id, photoId) : undefined;
  if (!photo) return privateNotFound();
  return storedFileResponse(photo.path, photo.contentType);
}
