import { Parser } from "htmlparser2";
import { DESCRIPTION_LENGTH, TITLE_LENGTH, type FindingKind } from "~/lib/forms/admin/seo-audit.ts";

/**
 * What the SEO audit reads from one page and what it finds wrong with it, without any I/O: the crawler
 * (./index.ts) fetches, this module reads. The HTML is read with htmlparser2's streaming parser (no tree is
 * built: a page is read once, start to end).
 */

/** HTML, scripts and style sheets as sent, past which a page counts as heavy (the home page is far below). */
export const HEAVY_PAGE_BYTES = 500 * 1024;

/**
 * The properties each schema.org type the site emits must have (~/.server/seo.ts writes these types), after
 * Google's structured-data requirements where it has them, else schema.org's own sense of the type. A type
 * not listed is parsed but not checked. A node that is only a reference ({ "@id": ... }) has no type.
 */
export const REQUIRED_PROPERTIES: Record<string, readonly string[]> = {
  WebPage: ["name", "url"],
  CollectionPage: ["name", "url"],
  AboutPage: ["name", "url"],
  ContactPage: ["name", "url"],
  FAQPage: ["mainEntity"],
  Question: ["name", "acceptedAnswer"],
  Answer: ["text"],
  WebSite: ["name", "url"],
  SearchAction: ["target", "query-input"],
  EntryPoint: ["urlTemplate"],
  Article: ["headline", "author", "datePublished"],
  BlogPosting: ["headline", "author", "datePublished"],
  TechArticle: ["headline", "author"],
  Service: ["name", "provider"],
  LocalBusiness: ["name", "address", "telephone"],
  PostalAddress: ["addressLocality", "addressCountry"],
  ContactPoint: ["telephone", "contactType"],
  OpeningHoursSpecification: ["dayOfWeek", "opens", "closes"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position", "name"],
  Country: ["name"],
};

export interface Finding {
  kind: FindingKind;
  detail: string;
}

/** What the crawler keeps of a page. */
export interface PageFacts {
  title: string | null;
  description: string | null;
  canonical: string | null;
  jsonLdTypes: string[];
  /** Distinct internal paths (path and query, no fragment) the page links to. */
  links: string[];
  /** Distinct scripts and style sheets of the site's own that the page loads. */
  assets: string[];
  findings: Finding[];
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/** The path and query of an internal address, or null for another site, mailto:, tel: and the like. */
export function internalPath(href: string, pageUrl: URL, siteOrigin: string): string | null {
  // "#top": a place on the same page, nothing to fetch.
  if (href.trim().startsWith("#")) return null;
  let url: URL;
  try {
    url = new URL(href, pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.origin !== siteOrigin && url.origin !== pageUrl.origin) return null;
  return url.pathname + url.search;
}

/**
 * Reads a page's HTML: title, description, canonical link, JSON-LD (checked), internal links, images without
 * alt text and the assets it loads, and returns the findings that need this page alone (duplicates and broken
 * links need the whole site: ./index.ts finds them when every page is in).
 */
export function readPage(html: string, pageUrl: URL, siteOrigin: string): PageFacts {
  let title: string | null = null;
  let titleText: string | null = null;
  let description: string | null = null;
  let canonical: string | null = null;
  let svgDepth = 0;
  let script: string | null = null;
  let moduleScript: string | null = null;
  const jsonLd: string[] = [];
  const links = new Set<string>();
  const assets = new Set<string>();
  const imagesWithoutAlt: string[] = [];

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "svg") svgDepth++;
        // An SVG's <title> is the drawing's name, not the page's.
        else if (name === "title" && svgDepth === 0 && title === null) titleText = "";
        else if (name === "meta" && attrs.name?.toLowerCase() === "description" && description === null) description = collapse(attrs.content ?? "");
        else if (name === "link") {
          const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
          if (rel.includes("canonical") && canonical === null) canonical = attrs.href ?? "";
          if ((rel.includes("stylesheet") || rel.includes("modulepreload")) && attrs.href) {
            const path = internalPath(attrs.href, pageUrl, siteOrigin);
            if (path) assets.add(path);
          }
        } else if (name === "script") {
          if ((attrs.type ?? "").toLowerCase() === "application/ld+json") script = "";
          // React Router loads a page's scripts from an inline module (its imports and its manifest), not
          // from <script src>: the modules it names are what the browser fetches.
          if ((attrs.type ?? "").toLowerCase() === "module" && !attrs.src) moduleScript = "";
          if (attrs.src) {
            const path = internalPath(attrs.src, pageUrl, siteOrigin);
            if (path) assets.add(path);
          }
        } else if (name === "a" && attrs.href !== undefined) {
          const path = internalPath(attrs.href, pageUrl, siteOrigin);
          if (path) links.add(path);
        } else if (name === "img" && attrs.alt === undefined) {
          // alt="" is right for a decorative image; only a missing alt leaves a screen reader reading the file name.
          imagesWithoutAlt.push(attrs.src ?? "(no src)");
        }
      },
      ontext(text) {
        if (titleText !== null) titleText += text;
        if (script !== null) script += text;
        if (moduleScript !== null) moduleScript += text;
      },
      onclosetag(name) {
        if (name === "svg") svgDepth = Math.max(0, svgDepth - 1);
        else if (name === "title" && titleText !== null) {
          title = collapse(titleText);
          titleText = null;
        } else if (name === "script" && script !== null) {
          jsonLd.push(script);
          script = null;
        } else if (name === "script" && moduleScript !== null) {
          for (const [, src] of moduleScript.matchAll(/["'](\/[^"'\s]+\.m?js)["']/g)) {
            const path = internalPath(src!, pageUrl, siteOrigin);
            if (path) assets.add(path);
          }
          moduleScript = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const findings: Finding[] = [];
  const t = title as string | null;
  if (!t) findings.push({ kind: "title-missing", detail: "The page has no <title>." });
  else if (t.length > TITLE_LENGTH.max || t.length < TITLE_LENGTH.min) {
    findings.push({ kind: "title-length", detail: `${t.length} characters (search results show ${TITLE_LENGTH.min} to ${TITLE_LENGTH.max} well): "${t}"` });
  }
  const d = description as string | null;
  if (!d) findings.push({ kind: "description-missing", detail: "The page has no meta description: search engines make up their own snippet." });
  else if (d.length > DESCRIPTION_LENGTH.max || d.length < DESCRIPTION_LENGTH.min) {
    findings.push({ kind: "description-length", detail: `${d.length} characters (best ${DESCRIPTION_LENGTH.min} to ${DESCRIPTION_LENGTH.max}): "${d}"` });
  }
  findings.push(...canonicalFindings(canonical, pageUrl, siteOrigin));

  const types = new Set<string>();
  if (jsonLd.length === 0) findings.push({ kind: "jsonld-missing", detail: "No <script type=\"application/ld+json\"> on the page." });
  for (const [i, text] of jsonLd.entries()) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      findings.push({ kind: "jsonld-invalid", detail: `Block ${i + 1}: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    for (const problem of checkJsonLd(data, types)) findings.push({ kind: "jsonld-property", detail: problem });
  }
  for (const src of imagesWithoutAlt) findings.push({ kind: "image-alt", detail: `<img src="${src}"> has no alt attribute.` });

  return { title: t, description: d, canonical, jsonLdTypes: [...types].sort(), links: [...links].sort(), assets: [...assets].sort(), findings };
}

function canonicalFindings(canonical: string | null, pageUrl: URL, siteOrigin: string): Finding[] {
  if (canonical === null || canonical.trim() === "") return [{ kind: "canonical-missing", detail: "The page has no <link rel=\"canonical\">." }];
  if (!/^https?:\/\//i.test(canonical)) return [{ kind: "canonical-relative", detail: `"${canonical}" is not an absolute address.` }];
  const self = `${siteOrigin}${pageUrl.pathname}`;
  let target: URL;
  try {
    target = new URL(canonical);
  } catch {
    return [{ kind: "canonical-relative", detail: `"${canonical}" is not a valid address.` }];
  }
  // The page's own address: the site's origin and this path (a trailing slash apart; the query is dropped, as
  // a filtered list's canonical is the list itself).
  const strip = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  if (target.origin !== siteOrigin || strip(target.pathname) !== strip(pageUrl.pathname)) {
    return [{ kind: "canonical-elsewhere", detail: `Points at ${canonical}, not at ${self}.` }];
  }
  return [];
}

/** Each typed node of a JSON-LD document (a @graph, an array or one object, and the nodes inside them). */
export function checkJsonLd(data: unknown, types: Set<string> = new Set()): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      node.forEach((n) => visit(n, where));
      return;
    }
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const declared = record["@type"];
    const nodeTypes = (Array.isArray(declared) ? declared : [declared]).filter((t): t is string => typeof t === "string");
    for (const type of nodeTypes) {
      types.add(type);
      for (const property of REQUIRED_PROPERTIES[type] ?? []) {
        const value = record[property];
        if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
          problems.push(`${type}${where ? ` (in ${where})` : ""} has no "${property}".`);
        }
      }
    }
    const name = nodeTypes[0] ?? where;
    for (const [key, value] of Object.entries(record)) if (!key.startsWith("@") || key === "@graph") visit(value, name);
  };
  visit(data, "");
  return [...new Set(problems)];
}
