import { clientAddress } from "~/.server/forms/index.ts";
import { takeToken, waitText } from "~/.server/forms/rate-limit.ts";
import { libraryDocumentFile, libraryPdfResponse } from "~/.server/technical-library/documents.ts";
import type { Route } from "./+types/technical-document";

/** Generous for a reader, tight for a script pulling the same manuals over and over. */
const DOWNLOADS_PER_ADDRESS = { max: 120, windowMs: 10 * 60_000 };

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/**
 * /technical-data/documents/{id}/{name}: a manual or datasheet /technical-data lists, as its PDF. Only a public
 * document is served; a staff-only or removed one (or a made-up id) is a 404, the same answer, so an address
 * does not tell that a staff-only document exists. The name in the address is for people; the id decides.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const wait = await takeToken(`library-document:address:${clientAddress(context)}`, DOWNLOADS_PER_ADDRESS);
  if (wait !== undefined) return text(`Too many downloads from here. Please try again in ${waitText(wait)}.`, 429, { "Retry-After": String(wait) });
  const id = /^[1-9]\d{0,9}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : 0;
  const file = id ? await libraryDocumentFile(id, "public") : undefined;
  if (!file) return text("Not found", 404);
  return libraryPdfResponse(request, file, "public");
}
