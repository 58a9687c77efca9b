import { portalSessionOf } from "~/.server/auth/portal.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { libraryDocumentFile, libraryPdfResponse, technicianReadsLibrary } from "~/.server/technical-library/documents.ts";
import type { Route } from "./+types/library-document";

/**
 * /technician/library/documents/{id}/{name}: a manual or datasheet for an approved technician, public or
 * staff-only; anything else (an applicant, a removed document, a made-up id) is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const id = /^[1-9]\d{0,9}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : 0;
  if (!id || !(await technicianReadsLibrary(session.user))) return privateNotFound();
  const file = await libraryDocumentFile(id, "technician");
  return file ? libraryPdfResponse(request, file, "technician") : privateNotFound();
}
