import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { renderSitemap } from "~/.server/content/sitemap.ts";
import { auditLog, seoAuditPages, seoAuditRuns, users } from "~/.server/db/schema.ts";
import { deliveriesSettled } from "~/.server/notifications/index.ts";
import { checkJsonLd, readPage } from "~/.server/seo-audit/checks.ts";
import { setSiteFetcher, type FetchedUrl } from "~/.server/seo-audit/fetcher.ts";
import { finishedRun, listFindings, listRunPages, startAudit } from "~/.server/seo-audit/index.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { action, loader } from "~/routes/admin/seo-audit/route.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

const SITE = "http://localhost:3000";
const ASSET = "/assets/entry-abc123.js";
const ASSET_BYTES = 2048;

interface FixturePage {
  title?: string;
  description?: string;
  canonical?: string;
  links?: string[];
  images?: string[];
  jsonLd?: string;
  status?: number;
}

function html(path: string, p: FixturePage): string {
  const jsonLd = p.jsonLd ?? JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": "WebPage", name: p.title, url: `${SITE}${path}` }] });
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
${p.title !== undefined ? `<title>${p.title}</title>` : ""}
${p.description !== undefined ? `<meta name="description" content="${p.description}">` : ""}
<link rel="canonical" href="${p.canonical ?? `${SITE}${path}`}">
<script type="application/ld+json">${jsonLd}</script>
<script type="module" async="">import * as route0 from "${ASSET}"; window.__manifest = { "entry": { "module": "/assets/entry.client-x1.js" } };</script>
</head><body><svg><title>Logo</title></svg><main>
${(p.links ?? []).map((l) => `<a href="${l}">link</a>`).join("\n")}
${(p.images ?? []).join("\n")}
<a href="https://elsewhere.example/page">another site</a><a href="mailto:office@example.in">mail</a><a href="#top">top</a>
</main></body></html>`;
}

const words = (what: string) => `${what}: repairs of drives, PLCs and power electronics for factories, with engineers on site within a day.`;

/** The site the audit reads: a few pages, each fine unless a test spoils it. */
function fixtureSite(): Map<string, FixturePage> {
  return new Map<string, FixturePage>([
    ["/", { title: "Industrial repairs | Home of the works", description: words("Home"), links: ["/services", "/about", "/services/vfd-repair"] }],
    ["/services", { title: "Services | Industrial repairs", description: words("Services"), links: ["/services/vfd-repair", "/services/plc-repair", "/"] }],
    ["/services/vfd-repair", { title: "Drive repairs | Industrial repairs", description: words("VFD repair"), links: ["/request?service=vfd-repair"] }],
    // The same title as the VFD page: a duplicate.
    ["/services/plc-repair", { title: "Drive repairs | Industrial repairs", description: words("PLC repair"), links: ["/request?service=plc-repair"] }],
    // A link to a page that is gone (from two pages: fetched once), and an image without alt text.
    ["/about", { title: "About the company | Industrial repairs", description: words("About"), links: ["/no-such-page", "/"], images: ['<img src="/team.jpg">', '<img src="/deco.svg" alt="">'] }],
    ["/contact", { title: "Contact the office | Industrial repairs", description: words("Contact"), links: ["/no-such-page"] }],
    ["/request", { title: "Request a service | Industrial repairs", description: words("Request") }],
    // An article whose JSON-LD lacks its date, and whose canonical points at another page.
    [
      "/blog/drive-faults",
      {
        title: "Five drive faults explained | Industrial repairs",
        description: words("Blog"),
        canonical: `${SITE}/blog`,
        jsonLd: JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": "WebPage", name: "Five drive faults", url: `${SITE}/blog/drive-faults` }, { "@type": "Article", headline: "Five drive faults", author: { "@id": `${SITE}/#business` } }] }),
      },
    ],
  ]);
}

describe("the SEO audit's page checks", () => {
  it("reads title, description, canonical and links; finds a missing alt and JSON-LD that lacks a required property or does not parse", () => {
    const page = readPage(html("/about", fixtureSite().get("/about")!), new URL("/about", SITE), SITE);
    expect(page.title).toBe("About the company | Industrial repairs");
    expect(page.links).toEqual(["/", "/no-such-page"]);
    expect(page.assets).toEqual([ASSET, "/assets/entry.client-x1.js"]);
    expect(page.findings).toEqual([{ kind: "image-alt", detail: '<img src="/team.jpg"> has no alt attribute.' }]);
    expect(checkJsonLd({ "@graph": [{ "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1 }] }] })).toEqual(['ListItem (in BreadcrumbList) has no "name".']);
    const broken = readPage(html("/x", { title: "A fine title for a page", description: words("x"), jsonLd: "{ not json" }), new URL("/x", SITE), SITE);
    expect(broken.findings.map((f) => f.kind)).toEqual(["jsonld-invalid"]);
    const bare = readPage("<html><head><link rel=canonical href=/x></head><body></body></html>", new URL("/x", SITE), SITE);
    expect(bare.findings.map((f) => f.kind)).toEqual(["title-missing", "description-missing", "canonical-relative", "jsonld-missing"]);
  });

  it("is a built screen under the settings permission", () => {
    expect(screenFor("/admin/seo-audit")).toMatchObject({ permission: "settings", built: true });
  });
});

describeEachEngine("SEO audit", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  let site = fixtureSite();
  const fetched: string[] = [];

  beforeAll(async () => {
    await seedSettings(db(), SITE);
    clearSettingsCache();
    const u = await upsertUserWithRole("+919000000611", "admin", db(), "Sita Owner");
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, u.id));
    owner = asStaff("owner", { userId: u.id, name: "Sita Owner", mobile: "+919000000611" });
    setSiteFetcher(async (path): Promise<FetchedUrl> => {
      fetched.push(path);
      if (path === "/sitemap.xml") {
        const text = renderSitemap(SITE, [...site.keys()].map((p) => ({ path: p, changefreq: "monthly", priority: 0.5 })));
        return { status: 200, contentType: "application/xml", bytes: text.length, text, location: null, ms: 1 };
      }
      if (path === ASSET || path === "/assets/entry.client-x1.js") return { status: 200, contentType: "text/javascript", bytes: ASSET_BYTES, text: null, location: null, ms: 1 };
      const page = site.get(path);
      if (!page) return { status: 404, contentType: "text/html", bytes: 50, text: "<title>Not found</title>", location: null, ms: 1 };
      const text = html(path, page);
      return { status: page.status ?? 200, contentType: "text/html; charset=utf-8", bytes: Buffer.byteLength(text), text, location: null, ms: 1 };
    });
  });
  afterAll(() => setSiteFetcher(undefined));

  async function audited(): Promise<number> {
    const started = await startAudit(owner);
    expect(started.ok).toBe(true);
    await deliveriesSettled();
    const runId = (started as { runId: number }).runId;
    const [run] = await db().select().from(seoAuditRuns).where(eq(seoAuditRuns.id, runId));
    expect(run).toMatchObject({ status: "finished", pageCount: site.size, error: null });
    return runId;
  }

  const findingsOf = async (runId: number, kind: Parameters<typeof listFindings>[1]) => (await listFindings(runId, kind, undefined, 100, SITE)).map((f) => [f.path, f.detail]);

  it("crawls every sitemap page, finds duplicate titles, broken links (each checked once), images without alt, JSON-LD and canonical faults, and weighs each page", async () => {
    fetched.length = 0;
    const runId = await audited();
    expect(await findingsOf(runId, "title-duplicate")).toEqual([
      ["/services/vfd-repair", "The same title as /services/plc-repair."],
      ["/services/plc-repair", "The same title as /services/vfd-repair."],
    ]);
    expect(await findingsOf(runId, "broken-link")).toEqual([
      ["/about", "Links to /no-such-page, which answers 404."],
      ["/contact", "Links to /no-such-page, which answers 404."],
    ]);
    expect(fetched.filter((p) => p === "/no-such-page")).toHaveLength(1);
    expect(fetched.filter((p) => p === ASSET)).toHaveLength(1);
    expect(fetched.filter((p) => p === "/services/vfd-repair")).toHaveLength(1);
    // Links that differ only in their query are checked by their path, here a sitemap page read once.
    expect(fetched.filter((p) => p.startsWith("/request"))).toEqual(["/request"]);
    expect(await findingsOf(runId, "image-alt")).toEqual([["/about", '<img src="/team.jpg"> has no alt attribute.']]);
    expect(await findingsOf(runId, "jsonld-property")).toEqual([["/blog/drive-faults", 'Article has no "datePublished".']]);
    expect(await findingsOf(runId, "canonical-elsewhere")).toEqual([["/blog/drive-faults", `Points at ${SITE}/blog, not at ${SITE}/blog/drive-faults.`]]);
    expect(await findingsOf(runId, "description-missing")).toEqual([]);
    // Each finding says where it is fixed: for now, the public page itself.
    expect((await listFindings(runId, "image-alt", undefined, 10, SITE))[0]!.fixes).toEqual([{ label: "Open the page", href: `${SITE}/about` }]);

    const pages = await listRunPages(runId, undefined, 100);
    expect(pages.map((p) => p.path)).toEqual([...site.keys()]);
    const about = pages.find((p) => p.path === "/about")!;
    expect(about).toMatchObject({ status: 200, title: "About the company | Industrial repairs", jsonLdTypes: ["WebPage"], findings: 2 });
    expect(about.totalBytes).toBe(about.bytes! + 2 * ASSET_BYTES);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "seo-audit.run"), eq(auditLog.entityId, String(runId))));
    expect(entry).toMatchObject({ actorUserId: owner.userId, entityType: "seo-audit-run" });
  });

  it("finds a page whose description was removed, and shows the trend against the run before", async () => {
    const before = (await finishedRun())!.run.id;
    site = fixtureSite();
    site.set("/contact", { ...site.get("/contact")!, description: undefined });
    const runId = await audited();
    expect(await findingsOf(runId, "description-missing")).toEqual([["/contact", "The page has no meta description: search engines make up their own snippet."]]);

    const shown = (await finishedRun())!;
    expect(shown.run.id).toBe(runId);
    expect(shown.previous?.id).toBe(before);
    expect(shown.trend.find((t) => t.kind === "description-missing")).toMatchObject({ now: 1, before: 0 });
    expect(shown.trend.find((t) => t.kind === "title-duplicate")).toMatchObject({ now: 2, before: 2 });
    // The earlier run is kept, with its own findings.
    expect((await finishedRun(before))!.trend.find((t) => t.kind === "description-missing")).toMatchObject({ now: 0, before: null });
    const stored = await db().select({ n: seoAuditPages.id }).from(seoAuditPages).where(eq(seoAuditPages.runId, before));
    expect(stored.length).toBeGreaterThan(0);
  });

  it("runs one audit at a time: a second press while one runs is refused with the reason", async () => {
    const first = await startAudit(owner);
    const second = await startAudit(owner);
    await deliveriesSettled();
    expect(first.ok).toBe(true);
    expect(second).toEqual({ ok: false, message: `Audit ${(first as { runId: number }).runId} is still running: its results appear here when it finishes.` });
  });

  it("through the screen: Run audit now starts a run; the page shows the latest run, its trend and findings by kind; a stale form is refused beside it", async () => {
    const posted = (await action(routeArgs("/admin/seo-audit", { staff: owner, body: { intent: "run" } }))) as Response;
    expect(posted.status).toBe(303);
    await deliveriesSettled();
    const data = await loader(routeArgs("/admin/seo-audit?kind=description-missing", { staff: owner }));
    expect(data.shown!.run.status).toBe("finished");
    expect(data.findings.map((f) => f.path)).toEqual(["/contact"]);
    expect(data.kindTabs.find((t) => t.current)).toMatchObject({ label: "No meta description", count: 1 });
    const pages = await loader(routeArgs("/admin/seo-audit?view=pages", { staff: owner }));
    expect(pages.pages).toHaveLength(site.size);

    const refused = (await action(routeArgs("/admin/seo-audit", { staff: owner, body: { intent: "nonsense" } }))) as unknown as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.form).toMatch(/out of date/);
    await expect(loader(routeArgs("/admin/seo-audit?run=987654", { staff: owner }))).rejects.toMatchObject({ init: { status: 404 } });
  });
});
