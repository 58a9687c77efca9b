import { portalSessionOf } from "~/.server/auth/portal.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { ownJobFile } from "~/.server/technicians/field-work.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/job-photo";

/** A photo of a job assigned to the signed-in technician (theirs or the customer's); anything else is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const jobId = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const photoId = /^\d{1,9}$/.test(params.photoId) ? Number(params.photoId) : 0;
  const photo = jobId && photoId ? await ownJobFile(session.user, jobId, { photoId }) : undefined;
  return photo ? storedFileResponse(photo.path, photo.contentType) : privateNotFound();
}
