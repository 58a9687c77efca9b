import { portalSessionOf } from "~/.server/auth/portal.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { ownJobFile } from "~/.server/technicians/field-work.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/job-signature";

/** The customer's drawn signature on a job assigned to the signed-in technician; anything else is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const jobId = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const file = jobId ? await ownJobFile(session.user, jobId, "signature") : undefined;
  return file ? storedFileResponse(file.path, file.contentType) : privateNotFound();
}
