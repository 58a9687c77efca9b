import { staffOf } from "~/.server/auth/staff.ts";
import { pdfResponse } from "~/.server/investors/file.ts";
import { documentFile } from "~/.server/investors/index.ts";
import type { Route } from "./+types/document";

/** /admin/investors/documents/{id}: any document's PDF for the office, published or not (to check it before publishing). */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = /^[1-9]\d{0,9}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : 0;
  const doc = id ? await documentFile(id) : undefined;
  if (!doc) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return pdfResponse(doc.path, doc.fileName);
}
