import { renderMarkdown, withSupportEmail } from "~/.server/content/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { seo } from "~/.server/seo.ts";
import { legalVersionPath, type LegalSlug } from "~/lib/legal.ts";
import { currentLegalVersion, legalVersion, legalVersionsOf, type LegalVersionView } from "./index.ts";

/** How the seed texts write the address; the settings' current one replaces it. */
const SEEDED_ADDRESS = "Industrial Development Area, Balanagar, Hyderabad, Telangana 500037, India";

export interface LegalPageData {
  page: {
    slug: LegalSlug;
    title: string;
    /** The current version's title (the breadcrumb to /{slug}). */
    currentTitle: string;
    summary: string;
    number: number;
    label: string;
    effectiveOn: string;
    /** Where this page is: /{slug} for the current version, /{slug}/versions/{n} for an earlier one. */
    path: string;
    /** Null when this is the version in force. */
    current: { number: number; path: string } | null;
  };
  /** Every version, newest first, with its address. */
  versions: Array<{ number: number; effectiveOn: string; path: string; current: boolean }>;
  bodyHtml: string;
  meta: ReturnType<typeof seo>;
}

/**
 * A legal text's public page: the current version at /{slug}, an earlier one at /{slug}/versions/{n} (the
 * current one's versions page is the same text, its canonical /{slug}). Undefined: no such version.
 */
export async function legalPageData(slug: LegalSlug, number?: number): Promise<LegalPageData | undefined> {
  const [current, site, all] = await Promise.all([currentLegalVersion(slug), getSiteSettings(), legalVersionsOf(slug)]);
  if (!current) return undefined;
  const shown: LegalVersionView | undefined = number === undefined || number === current.number ? current : await legalVersion(slug, number);
  if (!shown) return undefined;
  const isCurrent = shown.number === current.number;
  const { address } = site.identity;
  const addressText = `${address.streetAddress}, ${address.city}, ${address.state} ${address.postalCode}, ${address.country}`;
  const body = withSupportEmail(shown.body.replaceAll(SEEDED_ADDRESS, addressText), site);
  const path = number === undefined ? `/${slug}` : legalVersionPath(slug, shown.number);
  const currentTitle = current.title;
  const title = number === undefined ? shown.title : `${shown.title}, version ${shown.number}`;
  return {
    page: {
      slug,
      title: shown.title,
      currentTitle,
      summary: shown.summary,
      number: shown.number,
      label: shown.label,
      effectiveOn: shown.effectiveOn,
      path,
      current: isCurrent ? null : { number: current.number, path: `/${slug}` },
    },
    versions: all.map((v) => ({ number: v.number, effectiveOn: v.effectiveOn, path: legalVersionPath(slug, v.number), current: v.number === current.number })),
    bodyHtml: renderMarkdown(body),
    meta: seo(site, {
      type: "policy",
      title,
      description: number === undefined ? shown.summary : `Version ${shown.number} of our ${shown.title.toLowerCase()}, in force from ${shown.effectiveOn}${isCurrent ? " (the current version)" : ""}.`,
      // The current version's own versions page is the same text as /{slug}: that is its canonical address.
      path: isCurrent ? `/${slug}` : path,
      breadcrumbs: number === undefined ? [{ name: currentTitle, path: `/${slug}` }] : [{ name: currentTitle, path: `/${slug}` }, { name: `Version ${shown.number}`, path }],
    }),
  };
}
