import { Marked, type Tokens } from "marked";

/**
 * Markdown to HTML for content bodies: the one renderer of the public site, of the back office's previews
 * (/admin/cms) and of every other body. Content comes from the seed files and the back office (staff), not
 * from visitors, but nothing written there may run on the public site (issue 19 §1):
 * - raw HTML in the markdown (a <script>, an <img onerror>, an <iframe>) is escaped: it shows as text;
 * - a link or image whose address has a scheme other than http(s), mailto or tel (javascript:, data:,
 *   vbscript:, however it is spelt or entity-encoded) loses its address: the words stay, the link goes.
 * Markdown itself makes no attributes other than href, src, alt and title, and marked escapes those.
 */

const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The address as a browser reads it: entities decoded, control characters and spaces dropped. */
function normalised(href: string): string {
  return href
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) || 0))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) || 0))
    .replace(/&(colon|tab|newline);/gi, (_, name: string) => ({ colon: ":", tab: "", newline: "" })[name.toLowerCase()] ?? "")
    // eslint-disable-next-line no-control-regex -- dropping control characters is the point
    .replace(/[\u0000-\u0020\u007f-\u009f]/g, "")
    .toLowerCase();
}

/** A relative address, or one whose scheme is on the list. */
export function isSafeHref(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(normalised(href));
  return !scheme || SAFE_SCHEMES.has(scheme[1]!);
}

const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
      // false: marked's own rendering (which escapes the address and the title).
      if (isSafeHref(token.href)) return false;
      return this.parser.parseInline(token.tokens);
    },
    image(token: Tokens.Image) {
      if (isSafeHref(token.href)) return false;
      return escapeHtml(token.text);
    },
  },
});

const cache = new Map<string, string>();

export function renderMarkdown(markdown: string): string {
  let html = cache.get(markdown);
  if (html === undefined) {
    html = marked
      .parse(markdown, { async: false })
      // Tables scroll sideways on a phone instead of widening the page.
      // A scrolling region must be reachable by keyboard (WCAG 2.1.1), hence tabindex and a name.
      .replace(/<table>/g, '<div class="table-scroll" tabindex="0" role="region" aria-label="Table, scrolls sideways"><table>')
      .replace(/<\/table>/g, "</table></div>");
    if (cache.size > 500) cache.clear();
    cache.set(markdown, html);
  }
  return html;
}
