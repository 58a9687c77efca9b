import { staffOf } from "~/.server/auth/staff.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { findRequest } from "~/.server/requests/index.ts";
import { jobFile } from "~/.server/technicians/field-work.ts";
import { storedFileResponse } from "~/.server/uploads/index.ts";
import type { Route } from "./+types/signature";

/** The signature the customer drew to sign off a job, for the back office's request page (issue 17 §4). */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const found = await findRequest(params.reference);
  const file = found ? await jobFile(found.id, "signature") : undefined;
  return file ? storedFileResponse(file.path, file.contentType) : privateNotFound();
}
