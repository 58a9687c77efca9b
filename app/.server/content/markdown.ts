import { Marked } from "marked";

/**
 * Markdown to HTML for content bodies. Content comes from the seed files and the back office (staff), not
 * from visitors; raw HTML in it is escaped all the same, since staff need none.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }) {
      return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
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
