import { describe, expect, it } from "vitest";
import { withoutModulePreloads } from "~/.server/http/document.ts";

describe("the page's HTML", () => {
  const page = [
    '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>',
    '<link rel="stylesheet" href="/assets/app-1.css" data-precedence="default"/>',
    '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/>',
    "<title>Tāṇḍūr — पेज</title></head>",
    '<body><p>Text naming <link rel="modulepreload" href="/x.js"/> in the body is left alone</p>',
    '<script type="module" async="">import * as route0 from "/assets/root-B.js";</script></body></html>',
  ].join("");

  it("leaves out the scripts' modulepreload links from <head>, and nothing else", () => {
    const html = withoutModulePreloads(Buffer.from(page)).toString("utf8");
    expect(html).not.toContain('href="/assets/entry.client-A.js"');
    expect(html).toBe(
      page.replace('<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/>', ""),
    );
  });

  it("a document without a head is returned as it is", () => {
    const fragment = Buffer.from("<p>no head</p>");
    expect(withoutModulePreloads(fragment)).toBe(fragment);
  });
});
