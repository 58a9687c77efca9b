import { throwNotFound } from "~/.server/http/errors.ts";
import { legalPageData } from "~/.server/legal/page.ts";
import { LegalText } from "~/components/legal-text.tsx";
import { LEGAL_TEXTS } from "~/lib/legal.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/legal-page";

/**
 * The legal pages (/privacy, /terms, /return-policy): the version in force (app/.server/legal), with its
 * number and date and links to every earlier version (/privacy/versions/{n}).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const text = LEGAL_TEXTS.find((t) => url.pathname === `/${t.slug}`);
  const data = text ? await legalPageData(text.slug) : undefined;
  if (!data) return throwNotFound(url);
  return data;
}

export const meta = routeMeta;

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return <LegalText {...loaderData} trail={[{ name: page.title, path: page.path }]} />;
}
