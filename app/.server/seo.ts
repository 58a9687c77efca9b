import type { MetaDescriptor } from "react-router";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/**
 * One helper for every page's head: title, description, canonical link, Open Graph and Twitter tags,
 * and JSON-LD for the page type. Page types are the spec's (section 2, "Header, footer and navigation").
 *
 * It runs on the server only: a page's loader returns seo(...) as `meta`, and the route's meta function
 * hands it to React Router (routeMeta in ~/lib/route-meta.ts). The browser never downloads this module.
 */
export type PageType =
  | "home"
  | "services"
  | "blog"
  | "blog-post"
  | "article"
  | "booking"
  | "about"
  | "contact"
  | "faq"
  | "careers"
  | "tech-data"
  | "policy";

export interface PageSeo {
  type: PageType;
  /** The page's own title; the business name is appended (except on the home page, which leads with it). */
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. /services/vfd-repair. Query strings never belong in it. */
  path: string;
  /** Absolute or site-relative image for social previews. */
  image?: string;
  /** Articles: ISO dates. */
  datePublished?: string;
  dateModified?: string;
  /** FAQ pages: the questions and answers shown on the page. */
  faqs?: Array<{ question: string; answer: string }>;
  /** Breadcrumb trail below the home page, e.g. [{ name: "Services", path: "/services" }]. */
  breadcrumbs?: Array<{ name: string; path: string }>;
  /** Keep the page out of search results (404, thank-you pages). */
  noindex?: boolean;
}

type JsonLd = Record<string, unknown>;

export function absoluteUrl(site: SiteSettings, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${site.identity.siteUrl}${path.startsWith("/") ? path : `/${path}`}`;
}

export function businessName(site: SiteSettings): string {
  return site.identity.legalName;
}

/** The business as schema.org sees it; other nodes point at it by @id. */
export function businessJsonLd(site: SiteSettings): JsonLd {
  const { identity, business } = site;
  return {
    "@type": ["LocalBusiness", "ProfessionalService"],
    "@id": `${identity.siteUrl}/#business`,
    name: identity.legalName,
    slogan: identity.tagline,
    url: `${identity.siteUrl}/`,
    telephone: identity.supportPhone,
    email: identity.supportEmail,
    logo: absoluteUrl(site, "/favicon.svg"),
    foundingDate: String(site.claims.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: identity.address.streetAddress,
      addressLocality: identity.address.city,
      addressRegion: identity.address.state,
      postalCode: identity.address.postalCode,
      addressCountry: "IN",
    },
    areaServed: { "@type": "Country", name: "India" },
    ...(business.open24x7
      ? {
          openingHoursSpecification: {
            "@type": "OpeningHoursSpecification",
            dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
            opens: "00:00",
            closes: "23:59",
          },
        }
      : {}),
    contactPoint: {
      "@type": "ContactPoint",
      telephone: identity.supportPhone,
      email: identity.supportEmail,
      contactType: "customer support",
      areaServed: "IN",
      availableLanguage: ["en", "hi", "te"],
    },
  };
}

const WEB_PAGE_TYPE: Record<PageType, string> = {
  home: "WebPage",
  services: "CollectionPage",
  blog: "CollectionPage",
  "blog-post": "WebPage",
  article: "WebPage",
  booking: "WebPage",
  about: "AboutPage",
  contact: "ContactPage",
  faq: "FAQPage",
  careers: "CollectionPage",
  "tech-data": "WebPage",
  policy: "WebPage",
};

function pageJsonLd(site: SiteSettings, page: PageSeo, url: string): JsonLd[] {
  const business = { "@id": `${site.identity.siteUrl}/#business` };
  const webPage: JsonLd = {
    "@type": WEB_PAGE_TYPE[page.type],
    "@id": `${url}#webpage`,
    url,
    name: page.title,
    description: page.description,
    inLanguage: "en-IN",
    isPartOf: { "@id": `${site.identity.siteUrl}/#website` },
    about: business,
  };
  const nodes: JsonLd[] = [webPage];

  switch (page.type) {
    case "home":
      nodes.push(businessJsonLd(site), {
        "@type": "WebSite",
        "@id": `${site.identity.siteUrl}/#website`,
        url: `${site.identity.siteUrl}/`,
        name: site.identity.legalName,
        publisher: business,
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${site.identity.siteUrl}/search?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      });
      break;
    case "blog-post":
    case "article":
    case "tech-data":
      nodes.push({
        "@type": page.type === "blog-post" ? "BlogPosting" : page.type === "tech-data" ? "TechArticle" : "Article",
        "@id": `${url}#article`,
        headline: page.title,
        description: page.description,
        mainEntityOfPage: { "@id": `${url}#webpage` },
        author: business,
        publisher: business,
        ...(page.datePublished ? { datePublished: page.datePublished } : {}),
        ...(page.dateModified ?? page.datePublished ? { dateModified: page.dateModified ?? page.datePublished } : {}),
        ...(page.image ? { image: absoluteUrl(site, page.image) } : {}),
      });
      break;
    case "booking":
    case "services":
      nodes.push({
        "@type": "Service",
        name: page.title,
        description: page.description,
        provider: business,
        areaServed: { "@type": "Country", name: "India" },
        url,
      });
      break;
    case "contact":
    case "about":
      nodes.push(businessJsonLd(site));
      break;
    case "faq":
      webPage.mainEntity = (page.faqs ?? []).map((f) => ({
        "@type": "Question",
        name: f.question,
        acceptedAnswer: { "@type": "Answer", text: f.answer },
      }));
      break;
    case "blog":
    case "careers":
    case "policy":
      break;
  }

  if (page.breadcrumbs?.length) {
    const trail = [{ name: "Home", path: "/" }, ...page.breadcrumbs];
    nodes.push({
      "@type": "BreadcrumbList",
      itemListElement: trail.map((crumb, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: crumb.name,
        item: absoluteUrl(site, crumb.path),
      })),
    });
  }
  return nodes;
}

export function seo(site: SiteSettings, page: PageSeo): MetaDescriptor[] {
  const name = businessName(site);
  const title = page.type === "home" ? `${name} | ${page.title}` : `${page.title} | ${name}`;
  const url = absoluteUrl(site, page.path);
  const image = absoluteUrl(site, page.image ?? "/og-image.jpg");
  const ogType = page.type === "blog-post" || page.type === "article" ? "article" : "website";

  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: ogType },
    { property: "og:site_name", content: name },
    { property: "og:locale", content: "en_IN" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { "script:ld+json": { "@context": "https://schema.org", "@graph": pageJsonLd(site, page, url) } },
  ];
}
