import { staffOf } from "~/.server/auth/staff.ts";
import { readSignature } from "~/.server/documents/signature.ts";
import { noStore } from "~/.server/http/cache.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/signature";

/** /admin/settings/signature: the stored signature (PNG), shown on the settings page (settings permission, like the page). */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const image = await readSignature();
  if (!image) return privateNotFound();
  return new Response(new Uint8Array(image), {
    headers: { ...noStore(), "Content-Type": "image/png", "Content-Length": String(image.length), "X-Content-Type-Options": "nosniff" },
  });
}
