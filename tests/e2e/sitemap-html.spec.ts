import { expect, test } from "@playwright/test";
import { expectValidHtml } from "./support/page-checks.ts";

/**
 * Every URL in the sitemap answers 200 with a title no other page has, and valid HTML. Runs once (project
 * "server"), over plain HTTP; the browser crawl (sitemap-crawl.spec.ts) adds axe at both widths.
 */
test.describe.configure({ timeout: 300_000 });

test("every sitemap URL answers 200, with a unique title and valid HTML", async ({ baseURL }) => {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(paths.length).toBeGreaterThan(400);
  expect(new Set(paths).size, "a URL is listed twice").toBe(paths.length);
  const owners = new Map<string, string>();
  for (const path of paths) {
    const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    expect(response.status, path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    expect(title, `${path} has no title`).not.toBe("");
    expect(owners.get(title), `"${title}" is the title of ${owners.get(title)} and ${path}`).toBeUndefined();
    owners.set(title, path);
    await expectValidHtml(html, path);
  }
});
