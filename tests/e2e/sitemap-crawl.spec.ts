import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

/**
 * Every URL in the sitemap answers 200 with a title no other page has, and passes axe and HTML
 * validation. The accessibility and validation crawl is split in batches so that it runs in parallel and
 * one slow page does not time out the whole crawl.
 */
const BATCHES = 8;
test.describe.configure({ timeout: 300_000 });

async function sitemapPaths(baseURL: string): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

test("every sitemap URL answers 200 with a unique title", async ({ baseURL }) => {
  const paths = await sitemapPaths(baseURL!);
  expect(paths.length).toBeGreaterThan(100);
  expect(new Set(paths).size, "a URL is listed twice").toBe(paths.length);
  const owners = new Map<string, string>();
  for (const path of paths) {
    const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    expect(response.status, path).toBe(200);
    const title = (await response.text()).match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
    expect(title, `${path} has no title`).not.toBe("");
    expect(owners.get(title), `"${title}" is the title of ${owners.get(title)} and ${path}`).toBeUndefined();
    owners.set(title, path);
  }
});

for (let batch = 0; batch < BATCHES; batch++) {
  test(`accessibility and HTML validation of the sitemap, part ${batch + 1} of ${BATCHES}`, async ({ page, baseURL }) => {
    const paths = (await sitemapPaths(baseURL!)).filter((_, i) => i % BATCHES === batch);
    for (const path of paths) await visit(page, path);
  });
}
