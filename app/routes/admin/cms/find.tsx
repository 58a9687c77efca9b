import { redirect } from "react-router";
import { staffOf } from "~/.server/auth/staff.ts";
import { entryForPath } from "~/.server/cms/list.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import type { Route } from "./+types/find";

/**
 * /admin/cms/find?path=/blog/x: the content record that edits a public page (the SEO audit's findings link
 * here, ~/.server/cms/fix-links.ts). A page no entry makes answers 404.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const path = url.searchParams.get("path") ?? "";
  const entry = path.length <= 300 ? await entryForPath(path) : undefined;
  if (!entry) return throwNotFound(url);
  return redirect(`/admin/cms/${entry.id}`);
}
