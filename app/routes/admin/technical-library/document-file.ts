import { staffOf } from "~/.server/auth/staff.ts";
import { libraryDocumentFile, libraryPdfResponse } from "~/.server/technical-library/documents.ts";
import type { Route } from "./+types/document-file";

/** /admin/technical-library/documents/{id}/file: any document's PDF for the office, public or staff-only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = /^[1-9]\d{0,9}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : 0;
  const file = id ? await libraryDocumentFile(id, "staff") : undefined;
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return libraryPdfResponse(request, file, "staff");
}
