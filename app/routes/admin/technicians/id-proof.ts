import { readFile } from "node:fs/promises";
import { staffOf } from "~/.server/auth/staff.ts";
import { idProofFile } from "~/.server/technicians/index.ts";
import type { Route } from "./+types/id-proof";
import { privateNotFound } from "~/.server/http/errors.ts";

/**
 * A technician's ID proof, for the back office only: shown in the browser (inline), never stored by it or
 * by any cache, and never sniffed as another type.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const file = id ? await idProofFile(id) : undefined;
  const body = file ? await readFile(file.absolutePath).catch(() => undefined) : undefined;
  if (!file || !body) return privateNotFound();
  return new Response(body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
