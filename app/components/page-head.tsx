import { useMatches } from "react-router";
import { headTitle, pageTitleOf } from "~/lib/page-title.ts";

/**
 * The title and robots tag of the page on show, from its route module's handle (~/lib/page-title.ts), for the
 * back office and the portals, whose pages are never indexed. React hoists both into <head>, in the server's
 * HTML too, and replaces them on a client-side navigation. The layout drawing it exports rootMetaOnError as
 * its meta, so that <Meta /> adds no second title.
 */
export function PageHead({ siteName, section }: { siteName: string; section?: string }) {
  const leaf = useMatches().at(-1);
  const page = pageTitleOf(leaf?.handle, leaf?.loaderData);
  return (
    <>
      {page && <title>{headTitle(page, siteName, section)}</title>}
      <meta name="robots" content="noindex" />
    </>
  );
}
