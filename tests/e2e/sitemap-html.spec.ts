import { expect, test } from "@playwright/test";
import { expectValidHtml, expectValidHtmlNu, hasJava } from "./support/page-checks.ts";

/**
 * Every URL in the sitemap answers 200 with a title no other page has, and valid HTML: html-validate on
 * each page as it comes, then the W3C Nu HTML Checker on all of them (and a few pages outside the sitemap)
 * in one Java process. Runs once (project "server"), over plain HTTP; the browser crawl
 * (sitemap-crawl.spec.ts) adds axe at both widths.
 */
test.describe.configure({ timeout: 300_000 });

/** Pages outside the sitemap, in states of their own: filtered catalogue, search, receipt-less thank-you, 404. */
const EXTRA = [
  { path: "/?category=electrical", status: 200 },
  { path: "/?service=drive", status: 200 },
  { path: "/?service=zzqx", status: 200 },
  { path: "/search?q=plc", status: 200 },
  { path: "/thank-you", status: 200 },
  { path: "/no-such-page", status: 404 },
];

test("every sitemap URL answers 200, with a unique title and valid HTML", async ({ baseURL }) => {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(400);
  expect(new Set(paths).size, "a URL is listed twice").toBe(paths.length);
  const owners = new Map<string, string>();
  const pages: Array<{ html: string; where: string }> = [];
  for (const path of paths) {
    const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    expect(title, `${path} has no title`).not.toBe("");
    expect(owners.get(title), `"${title}" is the title of ${owners.get(title)} and ${path}`).toBeUndefined();
    owners.set(title, path);
    await expectValidHtml(html, path);
    pages.push({ html, where: path });
  }
  for (const { path, status } of EXTRA) {
    const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    expect(response.status, path).toBe(status);
    const html = await response.text();
    await expectValidHtml(html, path);
    pages.push({ html, where: path });
  }

  // The Nu checker runs on the Java on the PATH. Without one it is skipped here, with a note, and fails CI.
  if (!hasJava()) {
    expect(process.env.CI, "the W3C Nu HTML Checker needs java on the PATH (apt-get install default-jre-headless)").toBeFalsy();
    test.info().annotations.push({ type: "skipped", description: "W3C Nu HTML Checker: no java on the PATH" });
    return;
  }
  await expectValidHtmlNu(pages);
});
