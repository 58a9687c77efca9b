import { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { addContentEntry, changeContentState } from "~/.server/cms/changes.ts";
import { clearContentCache, listServices, seedContent } from "~/.server/content/index.ts";
import { contentStampIsCurrent, contentVersion, trackContentReads } from "~/.server/content/version.ts";
import { clearSettingsCache, getSiteSettings, seedSettings, updateSettingsGroup } from "~/.server/settings/index.ts";
import { entrySchema } from "~/lib/forms/admin/cms.ts";
import { loader as aboutLoader } from "~/routes/public/about.tsx";
import { loader as blogPostLoader } from "~/routes/public/blog-post.tsx";
import { loader as blogLoader } from "~/routes/public/blog.tsx";
import { loader as faqLoader } from "~/routes/public/faq.tsx";
import { loader as searchLoader } from "~/routes/public/search.tsx";
import { loader as serviceLoader } from "~/routes/public/service.tsx";
import { loader as sitemapLoader } from "~/routes/public/sitemap-xml.ts";
import { pageCacheWithHandle } from "../../server/page-cache.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

/**
 * Issue 19 §1 (ADR 058): publishing drops the cached copies of the pages it touches, and only those. The page
 * cache of server.ts, with the app's freshness (what each render read), in front of the real loaders: a
 * published article is on its page, the blog, the sitemap, the search and the page of the service it names (which
 * lists its related articles) at the next request, while the FAQ, the about page and another service's page stay
 * cached (the cache's own x-cache header and its holds()).
 */
describeEachEngine("publishing drops only the pages it touches", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  let renders = 0;
  const cache = pageCacheWithHandle({ freshness: { track: trackContentReads, isCurrent: contentStampIsCurrent } });
  const app = new Hono();
  app.use(cache.middleware);
  app.get("*", async (c) => {
    renders += 1;
    const url = new URL(c.req.url);
    const args = routeArgs(url.href, { params: { slug: url.pathname.split("/")[2] ?? "" } });
    const loaders: Record<string, (args: never) => Promise<unknown>> = { "/blog": blogLoader, "/faq": faqLoader, "/about": aboutLoader, "/search": searchLoader, "/sitemap.xml": sitemapLoader };
    const loader = loaders[url.pathname] ?? (url.pathname.startsWith("/blog/") ? blogPostLoader : url.pathname.startsWith("/service") ? serviceLoader : undefined);
    if (!loader) return c.notFound();
    let answer: unknown;
    try {
      answer = await loader(args);
    } catch (thrown) {
      // throwNotFound: a 404 page, cached like a page (public, a minute).
      if (thrown instanceof Response) return c.body(await thrown.text(), thrown.status as 404, { "Cache-Control": "public, max-age=60" });
      const init = (thrown as { init?: { status?: number } }).init;
      return c.body(JSON.stringify((thrown as { data?: unknown }).data), (init?.status ?? 500) as 404, { "Cache-Control": "public, max-age=60" });
    }
    const body = answer instanceof Response ? await answer.text() : JSON.stringify(answer);
    return c.body(body, 200, { "Cache-Control": "public, max-age=60" });
  });
  const get = async (path: string) => {
    const res = await app.request(`http://localhost:3000${path}`);
    return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
  };

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const user = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00719`, "admin", db(), "Omkar Owner");
    owner = asStaff("owner", { userId: user.id, name: "Omkar Owner" });
  });
  afterAll(() => {
    clearContentCache();
    clearSettingsCache();
  });

  it("a published article is on its page, the blog, the sitemap, the search and its service's page at once; other pages stay cached", async () => {
    const word = `qzv${Date.now().toString(36)}`;
    const services = await listServices();
    const named = services.find((s) => s.slug === "vfd-repair" || s.servicePaths.includes("/services/vfd-repair"))!;
    const other = services.find((s) => s.slug !== named.slug && ![s.slug, ...s.servicePaths.map((p) => p.slice("/services/".length))].includes("vfd-repair"))!;
    const added = await addContentEntry(
      owner,
      "article",
      entrySchema("article").parse({
        title: `Reading a drive's ${word} log`,
        slug: "",
        summary: "How to read the last faults a drive kept.",
        body: `## The ${word} log\n\nMost drives keep the last eight faults.`,
        d_author: "Ravi Kumar",
        d_articleKind: "guide",
        d_tags: "VFD",
        d_relatedServices: "vfd-repair",
        d_updatedOn: "",
      }),
    );
    if (!added.ok) throw new Error(added.message);
    const pages = {
      article: `/blog/${added.slug}`,
      blog: "/blog",
      sitemap: "/sitemap.xml",
      search: `/search?q=${word}`,
      namedService: named.canonicalPath,
      faq: "/faq",
      about: "/about",
      otherService: other.canonicalPath,
    };

    // Every page rendered once (the draft's page is a 404), then served from the cache.
    const before: Record<string, string> = {};
    for (const [name, path] of Object.entries(pages)) before[name] = (await get(path)).body;
    for (const path of Object.values(pages)) expect((await get(path)).cache, path).toBe("hit");
    expect((await get(pages.article)).status).toBe(404);
    for (const name of ["blog", "sitemap", "search", "namedService"] as const) expect(before[name]).not.toContain(added.slug);

    const rendered = renders;
    expect(await changeContentState(owner, "article", added.id, { intent: "publish", version: 1 })).toMatchObject({ ok: true });

    // The pages that read articles (or search every kind, or list the articles about the service it names) are
    // rendered again, with the article.
    for (const name of ["article", "blog", "sitemap", "search", "namedService"] as const) {
      expect(cache.holds(`http://localhost:3000${pages[name]}`), name).toBe(false);
      const page = await get(pages[name]);
      expect(page, name).toMatchObject({ status: 200, cache: "miss" });
      expect(page.body, name).toContain(added.slug);
    }
    expect(renders - rendered).toBe(5);
    // The FAQ and about pages read no article, the other service's page none about it: still served, not rendered.
    for (const name of ["faq", "about", "otherService"] as const) {
      expect(cache.holds(`http://localhost:3000${pages[name]}`), name).toBe(true);
      const page = await get(pages[name]);
      expect(page, name).toMatchObject({ status: 200, cache: "hit", body: before[name] });
    }
    expect(renders - rendered).toBe(5);
  });

  it("a settings change (read by every page) still drops every copy", async () => {
    await get("/faq");
    expect((await get("/faq")).cache).toBe("hit");
    const version = contentVersion();
    const site = await getSiteSettings();
    await updateSettingsGroup("identity", site.identity);
    expect(contentVersion()).toBeGreaterThan(version);
    expect((await get("/faq")).cache).toBe("miss");
  });
});
