import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { legalPageData } from "~/.server/legal/page.ts";
import { LegalText } from "~/components/legal-text.tsx";
import { LEGAL_TEXTS } from "~/lib/legal.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/legal-version";

/**
 * One version of a legal text (/privacy/versions/{n}, /terms/versions/{n}, /return-policy/versions/{n}):
 * every version stays public, because consent records point at the one the customer agreed to.
 */
export async function loader({ url, params }: Route.LoaderArgs) {
  const text = LEGAL_TEXTS.find((t) => url.pathname.startsWith(`/${t.slug}/versions/`));
  if (!text) return throwNotFound(url);
  const number = await idParam(params.number, url);
  const data = await legalPageData(text.slug, number);
  if (!data) return throwNotFound(url);
  return data;
}

export const meta = routeMeta;

export default function LegalVersionPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <LegalText
      {...loaderData}
      trail={[
        { name: page.currentTitle, path: `/${page.slug}` },
        { name: `Version ${page.number}`, path: page.path },
      ]}
    />
  );
}
