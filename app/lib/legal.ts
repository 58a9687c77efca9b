/**
 * The legal texts whose every version is kept (app/.server/legal): their slug is their public path, and
 * earlier versions are at /{slug}/versions/{n}.
 */
export const LEGAL_TEXTS = [
  { slug: "privacy", name: "Privacy notice" },
  { slug: "terms", name: "Terms of service" },
  { slug: "return-policy", name: "Return policy" },
] as const;

export type LegalSlug = (typeof LEGAL_TEXTS)[number]["slug"];

export function isLegalSlug(value: unknown): value is LegalSlug {
  return LEGAL_TEXTS.some((t) => t.slug === value);
}

export function legalTextName(slug: LegalSlug): string {
  return LEGAL_TEXTS.find((t) => t.slug === slug)!.name;
}

/** The public address of one version: the current one is also at /{slug}. */
export function legalVersionPath(slug: LegalSlug, number: number): string {
  return `/${slug}/versions/${number}`;
}
