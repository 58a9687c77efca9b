import { staffOf } from "~/.server/auth/staff.ts";
import { renderMarkdown } from "~/.server/content/index.ts";
import { readForm } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import type { Route } from "./+types/preview";

/**
 * /admin/cms/preview: the live preview of the content form. The markdown posted, as the public site renders
 * it (renderMarkdown, which escapes HTML and drops unsafe links): JSON { html }. Nothing is saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  staffOf(context);
  const form = await readForm(request);
  const body = form.get("body");
  const text = typeof body === "string" ? body.slice(0, 50_000) : "";
  return Response.json({ html: text.trim() ? renderMarkdown(text) : "" }, { headers: noStore() });
}

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return new Response("Send the text to preview with POST.", { status: 405, headers: { Allow: "POST", ...noStore() } });
}
