import { pdfResponse } from "~/.server/investors/file.ts";
import { publishedDocumentFile } from "~/.server/investors/index.ts";
import type { Route } from "./+types/investor-document";

/**
 * /investors/documents/{id}/{name}: a report /investors publishes, as its PDF. Only a published document is
 * served; an unpublished or deleted one (or a made-up id) is a 404. The name in the address is for people
 * and for the saved file's name; the id decides.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = /^[1-9]\d{0,9}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : 0;
  const doc = id ? await publishedDocumentFile(id) : undefined;
  if (!doc) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return pdfResponse(doc.path, doc.fileName);
}
