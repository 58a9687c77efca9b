import { clientAddress } from "~/.server/forms/index.ts";
import { takeToken, waitText } from "~/.server/forms/rate-limit.ts";
import { pdfResponse } from "~/.server/investors/file.ts";
import { publishedDocumentFile } from "~/.server/investors/index.ts";
import type { Route } from "./+types/investor-document";

/** Generous for a reader, tight for a script pulling the same reports over and over. */
const DOWNLOADS_PER_ADDRESS = { max: 60, windowMs: 10 * 60_000 };

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/**
 * /investors/documents/{id}/{name}: a report /investors publishes, as its PDF. Only a published document is
 * served; an unpublished or deleted one (or a made-up id) is a 404. The name in the address is for people
 * and for the saved file's name; the id decides. Downloads are limited per address.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const wait = await takeToken(`investor-document:address:${clientAddress(context)}`, DOWNLOADS_PER_ADDRESS);
  if (wait !== undefined) return text(`Too many downloads from here. Please try again in ${waitText(wait)}.`, 429, { "Retry-After": String(wait) });
  const id = /^[1-9]\d{0,9}$/.test(params.id) && Number(params.id) <= 2_147_483_647 ? Number(params.id) : 0;
  const doc = id ? await publishedDocumentFile(id) : undefined;
  if (!doc) return text("Not found", 404);
  return pdfResponse(doc.path, doc.fileName);
}
