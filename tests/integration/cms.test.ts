import { and, eq } from "drizzle-orm";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import {
  addContentEntry,
  changeContentState,
  CONTENT_PUBLISH_JOB,
  editContentEntry,
  restoreContentRevision,
  scheduleContentEntry,
} from "~/.server/cms/changes.ts";
import { cmsFixLink } from "~/.server/cms/fix-links.ts";
import { contentRecord, listContent } from "~/.server/cms/list.ts";
import { clearContentCache, findArticle, listArticles, renderMarkdown, seedContent } from "~/.server/content/index.ts";
import { searchContent } from "~/.server/content/search.ts";
import { listSitemapEntries } from "~/.server/content/sitemap.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { auditLog, contentEntries, contentRevisions, outbox } from "~/.server/db/schema.ts";
import { deliverDueMessages } from "~/.server/notifications/index.ts";
import { fixLinksFor } from "~/.server/seo-audit/fix-links.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { cmsListSchema, editEntrySchema, entrySchema, scheduleSchema, STALE_CONTENT_MESSAGE } from "~/lib/forms/admin/cms.ts";
import { action as entryAction, loader as entryLoader } from "~/routes/admin/cms/entry.tsx";
import { loader as findLoader } from "~/routes/admin/cms/find.tsx";
import { action as newAction } from "~/routes/admin/cms/new.tsx";
import { action as previewAction } from "~/routes/admin/cms/preview.tsx";
import { loader as blogPostLoader } from "~/routes/public/blog-post.tsx";
import { loader as serviceAreaLoader } from "~/routes/public/service-area.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf, thrown, thrownStatus } from "../support/staff-routes.ts";

const article = (over: Record<string, string> = {}) => ({
  title: "Reading a VFD's fault log",
  slug: "",
  summary: "How to read the last faults a drive kept, before calling us.",
  body: "## The fault log\n\nMost drives keep the **last eight** faults.",
  d_author: "Ravi Kumar",
  d_articleKind: "guide",
  d_tags: "VFD\nfault codes\n",
  d_relatedServices: "vfd-repair",
  d_updatedOn: "",
  ...over,
});

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

/** Every element and attribute of an HTML fragment, as a browser's parser meets them. */
function elementsOf(html: string): Array<{ name: string; attributes: Record<string, string> }> {
  const found: Array<{ name: string; attributes: Record<string, string> }> = [];
  const parser = new Parser({ onopentag: (name, attributes) => found.push({ name, attributes }) });
  parser.write(html);
  parser.end();
  return found;
}

/** What would run in a browser: script elements, on* handlers, and script-scheme addresses. */
function scriptsIn(html: string): string[] {
  return elementsOf(html).flatMap((e) => [
    ...(["script", "iframe", "object", "embed", "svg", "math", "style", "form"].includes(e.name) ? [`<${e.name}>`] : []),
    ...Object.entries(e.attributes).flatMap(([name, value]) =>
      name.startsWith("on") || (["href", "src", "action", "formaction", "xlink:href"].includes(name) && /^\s*(javascript|data|vbscript):/i.test(value)) ? [`${e.name} ${name}=${value}`] : [],
    ),
  ]);
}

describe("content forms and the screen's permission", () => {
  it("make the address from the title, split the lists, and explain a bad field beside it", () => {
    expect(entrySchema("article").parse(article())).toMatchObject({
      title: "Reading a VFD's fault log",
      slug: "reading-a-vfd-s-fault-log",
      fields: { author: "Ravi Kumar", articleKind: "guide", tags: ["VFD", "fault codes"], relatedServices: ["vfd-repair"], updatedOn: undefined },
    });
    expect(errorsOf(entrySchema("article").safeParse(article({ slug: "Bad Slug!", d_author: "", d_articleKind: "poem" })))).toEqual({
      slug: "Use lower-case letters, digits and single hyphens, e.g. vfd-fault-guide.",
      d_author: "Enter the author.",
      d_articleKind: "Choose the type.",
    });
    expect(errorsOf(entrySchema("course").safeParse({ title: "PLC basics", summary: "For maintenance staff.", d_durationDays: "two", d_mode: "Lab", d_audience: "Fitters", d_prerequisites: "None" }))).toEqual({
      d_durationDays: "Enter the days as a number.",
    });
    expect(errorsOf(scheduleSchema.safeParse({ intent: "schedule", version: "1", publishAt: "tomorrow" }))).toEqual({ publishAt: "Choose the date and time to publish it." });
    expect(scheduleSchema.parse({ intent: "schedule", version: "1", publishAt: "2027-01-05T09:30" }).publishAt.toISOString()).toBe("2027-01-05T04:00:00.000Z");
  });

  it("is the Website's Content screen, for the owner and the office (the content permission), not accounts", () => {
    expect(screenFor("/admin/cms/12")).toMatchObject({ path: "/admin/cms", permission: "content", built: true });
    expect(can("owner", "content")).toBe(true);
    expect(can("office", "content")).toBe(true);
    expect(can("accounts", "content")).toBe(false);
  });

  it("renders markdown so that nothing written in the CMS can run on the public site", () => {
    const attacks = [
      "<script>alert(1)</script>",
      "Hello <img src=x onerror=alert(1)> there",
      '<a href="javascript:alert(1)">x</a>',
      "<iframe src=//evil.example></iframe>",
      "<svg onload=alert(1)>",
      "[click](javascript:alert(1))",
      "[click](JaVaScRiPt:alert(1))",
      "[click](java&#x73;cript:alert(1))",
      "[click](  javascript:alert(1))",
      "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "![x](javascript:alert(1))",
      "[ref][a]\n\n[a]: javascript:alert(1)",
      "<javascript:alert(1)>",
      '[t](https://example.com "x\\" onmouseover=\\"alert(1)")',
      "<div\nonclick=alert(1)>x</div>",
      "```html\n<script>alert(1)</script>\n```",
    ];
    for (const markdown of attacks) expect(scriptsIn(renderMarkdown(markdown)), markdown).toEqual([]);
    // What staff need still works: links, mail links, headings, lists, tables.
    const html = renderMarkdown("## Call us\n\n- [Request a visit](/request)\n- [Mail](mailto:service@example.com)\n\n| a | b |\n|---|---|\n| 1 | 2 |");
    expect(html).toContain('<a href="/request">Request a visit</a>');
    expect(html).toContain('<a href="mailto:service@example.com">');
    expect(html).toContain("<h2>Call us</h2>");
    expect(html).toContain("<table>");
    expect(renderMarkdown("<script>alert(1)</script>")).toContain("&lt;script&gt;");
  });
});

describeEachEngine("content screen", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  let office: StaffMember;
  let counter = 0;
  const unique = (title: string) => `${title} ${++counter}${Date.now().toString(36)}`;

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const user = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00601`, "admin", db(), "Omkar Owner");
    owner = asStaff("owner", { userId: user.id, name: "Omkar Owner" });
    office = asStaff("office", { userId: user.id, name: "Omkar Owner" });
  });
  afterAll(() => {
    clearContentCache();
    clearSettingsCache();
  });

  const addArticle = async (over: Record<string, string> = {}) => {
    const result = await addContentEntry(owner, "article", entrySchema("article").parse(article({ title: unique("Reading a VFD fault log"), ...over })));
    if (!result.ok) throw new Error(result.message);
    return (await contentRecord(result.id))!;
  };
  const edit = (id: number, version: number, over: Record<string, string> = {}, base?: { title: string; slug: string }) =>
    editEntrySchema("article").parse({ version: String(version), ...article({ title: base?.title ?? "", slug: base?.slug ?? "", ...over }) });
  const publicArticle = async (slug: string) => {
    const args = routeArgs(`http://localhost:3000/blog/${slug}`, { params: { slug } });
    return blogPostLoader(args);
  };
  const sitemapPaths = async () => (await listSitemapEntries()).map((e) => e.path);
  const searchPaths = async (q: string) => (await searchContent(q)).flatMap((g) => g.results.map((r) => r.path));

  it("seeded entries are published and listed by kind, state and search", async () => {
    const seeded = await listContent(cmsListSchema.parse({ kind: "article" }), undefined);
    expect(seeded.counts.published).toBeGreaterThan(0);
    expect(seeded.rows.every((r) => r.kind === "article")).toBe(true);
    const pages = await listContent(cmsListSchema.parse({ kind: "page" }), undefined, 100);
    // The legal texts are edited under Legal texts, which keeps their every version.
    expect(pages.rows.map((r) => r.slug)).toContain("about");
    expect(pages.rows.map((r) => r.slug)).not.toContain("privacy");
    const found = await listContent(cmsListSchema.parse({ q: "about" }), undefined);
    expect(found.rows.map((r) => r.slug)).toContain("about");
  });

  it("a new article is a draft, off the site; published, it is on the site, the sitemap and the search at once", async () => {
    const a = await addArticle({ body: "## Zyxwbq drives\n\nThe zyxwbq word is only here." });
    expect(a).toMatchObject({ status: "draft", version: 1 });
    expect(await findArticle(a.slug)).toBeUndefined();
    expect(await thrownStatus(publicArticle(a.slug))).toBe(404);
    expect(await sitemapPaths()).not.toContain(`/blog/${a.slug}`);
    expect(await searchPaths("zyxwbq")).not.toContain(`/blog/${a.slug}`);
    expect((await listContent(cmsListSchema.parse({ show: "draft" }), undefined)).rows.map((r) => r.id)).toContain(a.id);

    const before = contentVersion();
    expect(await changeContentState(owner, "article", a.id, { intent: "publish", version: 1 })).toMatchObject({ ok: true });
    expect(contentVersion()).toBeGreaterThan(before);
    const loaded = (await publicArticle(a.slug)) as { article: { title: string; publishedOn: string } };
    expect(loaded.article.title).toBe(a.title);
    expect(loaded.article.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await sitemapPaths()).toContain(`/blog/${a.slug}`);
    expect(await searchPaths("zyxwbq")).toContain(`/blog/${a.slug}`);
    expect((await listArticles())[0]!.slug).toBe(a.slug);

    const actions = (await db().select({ action: auditLog.action, actor: auditLog.actorLabel }).from(auditLog).where(and(eq(auditLog.entityType, "article"), eq(auditLog.entityId, String(a.id))))).map((r) => r.action);
    expect(actions.sort()).toEqual(["content.add", "content.publish"]);
    // Taken off the site: a draft again, its page 404.
    expect(await changeContentState(office, "article", a.id, { intent: "unpublish", version: 2 })).toMatchObject({ ok: true });
    expect(await thrownStatus(publicArticle(a.slug))).toBe(404);
    expect(await changeContentState(office, "article", a.id, { intent: "unpublish", version: 3 })).toMatchObject({ ok: false, message: "It is not published." });
  });

  it("a scheduled entry is published by the job queue at its time, not before; a schedule changed meanwhile leaves the old job idle", async () => {
    const a = await addArticle();
    const now = new Date();
    const at = new Date(Math.ceil((now.getTime() + 3_600_000) / 60_000) * 60_000);
    expect(await scheduleContentEntry(owner, "article", a.id, { publishAt: new Date(now.getTime() + 1000), version: 1 }, now)).toMatchObject({ ok: false, field: "publishAt" });
    expect(await scheduleContentEntry(owner, "article", a.id, { publishAt: at, version: 1 }, now)).toMatchObject({ ok: true });
    expect((await contentRecord(a.id))!).toMatchObject({ status: "scheduled", publishAt: at.toISOString() });
    const [job] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:content-publish:${a.id}:${at.getTime()}`));
    expect(job).toMatchObject({ channel: "job", recipient: CONTENT_PUBLISH_JOB, status: "pending" });
    expect(job!.nextAttemptAt.toISOString()).toBe(at.toISOString());

    await deliverDueMessages(new Date(at.getTime() - 60_000));
    expect(await findArticle(a.slug)).toBeUndefined();
    await deliverDueMessages(new Date(at.getTime() + 1_000));
    clearContentCache();
    expect((await contentRecord(a.id))!).toMatchObject({ status: "published", publishAt: null });
    expect(await findArticle(a.slug)).toBeDefined();
    expect(await sitemapPaths()).toContain(`/blog/${a.slug}`);
    const [logged] = await db().select().from(auditLog).where(and(eq(auditLog.action, "content.publish"), eq(auditLog.entityId, String(a.id))));
    expect(logged).toMatchObject({ actorLabel: "Scheduled publishing", actorUserId: null });

    // Scheduled, then cancelled and scheduled later: the first job finds it no longer due and leaves it.
    const b = await addArticle();
    const first = new Date(at.getTime() + 60_000);
    expect(await scheduleContentEntry(owner, "article", b.id, { publishAt: first, version: 1 }, now)).toMatchObject({ ok: true });
    expect(await changeContentState(owner, "article", b.id, { intent: "unschedule", version: 2 })).toMatchObject({ ok: true });
    await deliverDueMessages(new Date(first.getTime() + 1_000));
    expect((await contentRecord(b.id))!.status).toBe("draft");
  });

  it("every save keeps a revision with a diff; restoring one is a change of its own, audited", async () => {
    const [seeded] = await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "article"), eq(contentEntries.status, "published"))).limit(1);
    const originalBody = seeded!.body;
    const id = seeded!.id;
    const form = editEntrySchema("article").parse({
      version: String(seeded!.version),
      title: seeded!.title,
      slug: seeded!.slug,
      summary: seeded!.summary,
      body: `${originalBody}\n\nA paragraph added in the CMS.`,
      d_author: "Ravi Kumar",
      d_articleKind: "guide",
      d_tags: "",
      d_relatedServices: "",
    });
    expect(await editContentEntry(owner, "article", id, form)).toEqual({ ok: true, message: "Saved: the site shows the change now." });
    expect((await findArticle(seeded!.slug))!.body).toContain("A paragraph added in the CMS.");
    let record = (await contentRecord(id))!;
    // The seeded state and the edit: two revisions, the newest first, its diff showing what was added.
    expect(record.revisions.map((r) => r.cause)).toEqual(["update", "seed"]);
    const body = record.revisions[0]!.changes.find((c) => c.field === "Body")!;
    expect(body.parts.filter((p) => p.added).map((p) => p.value).join("")).toContain("A paragraph added in the CMS.");
    expect(record.revisions[0]!.actor).toBe("Omkar Owner");

    const seedRevision = record.revisions[1]!;
    expect(await restoreContentRevision(owner, "article", id, { revision: seedRevision.id, version: record.version })).toMatchObject({ ok: true });
    record = (await contentRecord(id))!;
    expect(record.body).toBe(originalBody);
    expect(record.revisions.map((r) => r.cause)).toEqual(["restore", "update", "seed"]);
    expect((await findArticle(seeded!.slug))!.body).toBe(originalBody);
    const [logged] = await db().select().from(auditLog).where(and(eq(auditLog.action, "content.restore"), eq(auditLog.entityId, String(id))));
    expect(logged!.after).toMatchObject({ revision: seedRevision.version });
    // The same version again changes nothing.
    expect(await restoreContentRevision(owner, "article", id, { revision: seedRevision.id, version: record.version })).toMatchObject({ ok: false, message: "This version is the same as the entry now." });
    // A stale edit (the page drawn before the restore) is refused, nothing written.
    const stale = await editContentEntry(owner, "article", id, { ...form, body: "Overwritten?" });
    expect(stale).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_CONTENT_MESSAGE });
    expect((await contentRecord(id))!.body).toBe(originalBody);
    expect((await db().select().from(contentRevisions).where(eq(contentRevisions.entryId, id))).length).toBe(3);
  });

  it("a changed slug leaves a 301 from the old address, and the seed never brings the old one back", async () => {
    const [place] = await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "place"), eq(contentEntries.status, "published"))).limit(1);
    const data = place!.data as Record<string, unknown>;
    const placeForm = (slug: string, version: number) =>
      editEntrySchema("place").parse({
        version: String(version),
        title: place!.title,
        slug,
        summary: place!.summary,
        body: place!.body,
        d_state: data.state,
        d_region: data.region,
        d_industrialAreas: (data.industrialAreas as string[]).join("\n"),
        d_industries: (data.industries as string[]).join("\n"),
        d_response: data.response,
        d_travel: data.travel,
      });
    const oldSlug = place!.slug;
    const newSlug = `${oldSlug}-city`;
    expect(await editContentEntry(owner, "place", place!.id, placeForm(newSlug, place!.version))).toMatchObject({ ok: true, message: expect.stringContaining("Its old address sends visitors to the new one.") });
    const moved = await thrown(serviceAreaLoader(routeArgs(`http://localhost:3000/service-area/${oldSlug}?ref=x`, { params: { city: oldSlug } })));
    expect(moved).toEqual({ status: 301, location: `/service-area/${newSlug}?ref=x` });
    expect(await sitemapPaths()).toContain(`/service-area/${newSlug}`);
    expect(await sitemapPaths()).not.toContain(`/service-area/${oldSlug}`);
    await seedContent(db());
    expect((await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "place"), eq(contentEntries.slug, oldSlug)))).length).toBe(0);
    expect((await contentRecord(place!.id))!.oldPaths).toEqual([`/service-area/${oldSlug}`]);

    // Back again: the first address is live, the second redirects to it.
    expect(await editContentEntry(owner, "place", place!.id, placeForm(oldSlug, place!.version + 1))).toMatchObject({ ok: true });
    expect(statusOf(await serviceAreaLoader(routeArgs(`http://localhost:3000/service-area/${oldSlug}`, { params: { city: oldSlug } })))).toBeUndefined();
    expect(await thrown(serviceAreaLoader(routeArgs(`http://localhost:3000/service-area/${newSlug}`, { params: { city: newSlug } })))).toEqual({ status: 301, location: `/service-area/${oldSlug}` });

    // Another entry's address is refused beside the field; a page's address is fixed.
    const a = await addArticle();
    const b = await addArticle();
    expect(await editContentEntry(owner, "article", b.id, edit(b.id, 1, {}, { title: b.title, slug: a.slug }))).toMatchObject({ ok: false, field: "slug" });
    const [about] = await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "page"), eq(contentEntries.slug, "about")));
    const aboutForm = editEntrySchema("page").parse({ version: String(about!.version), title: about!.title, slug: "about-us", summary: about!.summary, body: about!.body });
    expect(await editContentEntry(owner, "page", about!.id, aboutForm)).toMatchObject({ ok: false, field: "slug" });
  });

  it("a legal text is refused here (its own screen keeps its versions); an address taken is refused when adding", async () => {
    const [privacy] = await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "page"), eq(contentEntries.slug, "privacy")));
    const form = editEntrySchema("page").parse({ version: String(privacy!.version), title: privacy!.title, slug: "privacy", summary: "Changed", body: privacy!.body });
    expect(await editContentEntry(owner, "page", privacy!.id, form)).toMatchObject({ ok: false, message: "A legal text keeps every version: change it under Legal texts." });
    expect(await contentRecord(privacy!.id)).toBeUndefined();
    const a = await addArticle();
    expect(await addContentEntry(owner, "article", entrySchema("article").parse(article({ title: "Another", slug: a.slug })))).toMatchObject({ ok: false, field: "slug", existing: { id: a.id } });
  });

  it("a script written in the CMS and published never reaches the public page as something that runs", async () => {
    const a = await addArticle({
      body: "Before <script>window.pwned = 1</script> after.\n\n<img src=x onerror=\"window.pwned=2\">\n\n[Click me](javascript:window.pwned=3)\n\n[Safe](/request)",
    });
    await changeContentState(owner, "article", a.id, { intent: "publish", version: 1 });
    const page = (await publicArticle(a.slug)) as { bodyHtml: string };
    expect(scriptsIn(page.bodyHtml)).toEqual([]);
    expect(page.bodyHtml).toContain("&lt;script&gt;window.pwned = 1&lt;/script&gt;");
    expect(page.bodyHtml).toContain('<a href="/request">Safe</a>');
    expect(page.bodyHtml).not.toContain("javascript:");
  });

  it("the same thing sent many times at once: one entry per address, one publication, one redirect per old address", async () => {
    const title = unique("Sent at once");
    const adds = await Promise.all(Array.from({ length: 8 }, () => addContentEntry(owner, "article", entrySchema("article").parse(article({ title })))));
    const made = adds.filter((r) => r.ok);
    expect(made).toHaveLength(1);
    const id = (made[0] as { id: number }).id;
    for (const r of adds.filter((x) => !x.ok)) expect(r).toMatchObject({ ok: false, field: "slug", existing: { id } });

    const publishes = await Promise.all(Array.from({ length: 8 }, () => changeContentState(owner, "article", id, { intent: "publish", version: 1 })));
    expect(publishes.filter((r) => r.ok)).toHaveLength(1);
    expect((await db().select().from(auditLog).where(and(eq(auditLog.action, "content.publish"), eq(auditLog.entityId, String(id))))).length).toBe(1);
    expect((await db().select().from(contentRevisions).where(eq(contentRevisions.entryId, id))).map((r) => r.version).sort()).toEqual([1, 2]);

    // Two entries renamed to the same new address at once: one gets it.
    const a = await addArticle();
    const b = await addArticle();
    const target = `taken-at-once-${counter}${Date.now().toString(36)}`;
    const renames = await Promise.all([a, b].map((e) => editContentEntry(owner, "article", e.id, edit(e.id, 1, {}, { title: e.title, slug: target }))));
    expect(renames.filter((r) => r.ok)).toHaveLength(1);
    expect((await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "article"), eq(contentEntries.slug, target)))).length).toBe(1);
  });

  it("the routes: bad input beside the field, previews without saving, a stale form refused, the SEO audit's link to the record", async () => {
    const bad = await newAction(routeArgs("/admin/cms/new?kind=article", { staff: owner, body: article({ title: "", d_author: "" }) }));
    expect(statusOf(bad)).toBe(400);
    expect((bad as { data: { errors: Record<string, string> } }).data.errors).toMatchObject({ title: "Enter the title.", d_author: "Enter the author." });

    const preview = await newAction(routeArgs("/admin/cms/new?kind=article", { staff: owner, body: { ...article({ title: unique("Preview only") }), intent: "preview", body: "**Bold** <script>x</script>" } }));
    expect(statusOf(preview)).toBe(200);
    expect((preview as unknown as { data: { previewHtml: string } }).data.previewHtml).toContain("<strong>Bold</strong> &lt;script&gt;");
    const live = (await previewAction(routeArgs("/admin/cms/preview", { staff: owner, body: { body: "# Hi\n\n<img src=x onerror=alert(1)>" } }))) as Response;
    expect(await live.json()).toEqual({ html: "<h1>Hi</h1>\n&lt;img src=x onerror=alert(1)&gt;" });

    const made = await newAction(routeArgs("/admin/cms/new?kind=article", { staff: owner, body: article({ title: unique("Made by the form") }) }));
    expect(statusOf(made)).toBe(303);
    const id = Number((made as Response).headers.get("location")!.split("/").pop());
    const page = (await entryLoader(routeArgs(`/admin/cms/${id}`, { staff: owner, params: { id: String(id) } }))) as { entry: { status: string; version: number; title: string; slug: string } };
    expect(page.entry.status).toBe("draft");

    const saved = await entryAction(routeArgs(`/admin/cms/${id}`, { staff: office, params: { id: String(id) }, body: { ...article({ title: page.entry.title, slug: page.entry.slug, summary: "A new summary." }), intent: "save", version: "1" } }));
    expect(statusOf(saved)).toBe(303);
    const stale = await entryAction(routeArgs(`/admin/cms/${id}`, { staff: office, params: { id: String(id) }, body: { ...article({ title: page.entry.title, slug: page.entry.slug, summary: "Stale." }), intent: "save", version: "1" } }));
    expect(statusOf(stale)).toBe(400);
    expect((stale as { data: { errors: Record<string, string>; values: Record<string, string> } }).data).toMatchObject({ errors: { form: STALE_CONTENT_MESSAGE }, values: { summary: "Stale." } });
    const badTime = await entryAction(routeArgs(`/admin/cms/${id}`, { staff: office, params: { id: String(id) }, body: { intent: "schedule", version: "2", publishAt: "" } }));
    expect((badTime as { data: { errors: Record<string, string> } }).data.errors).toEqual({ publishAt: "Choose the date and time to publish it." });
    expect(await thrownStatus(entryLoader(routeArgs("/admin/cms/999999", { staff: owner, params: { id: "999999" } })))).toBe(404);

    // The SEO audit's findings on an article link to its record.
    const [seeded] = await db().select().from(contentEntries).where(eq(contentEntries.kind, "article")).limit(1);
    const path = `/blog/${seeded!.slug}`;
    expect((await fixLinksFor(path, "http://localhost:3000"))[0]).toEqual(cmsFixLink(path));
    expect(cmsFixLink("/request")).toBeNull();
    const found = (await findLoader(routeArgs(`/admin/cms/find?path=${encodeURIComponent(path)}`, { staff: owner }))) as Response;
    expect(found.headers.get("location")).toBe(`/admin/cms/${seeded!.id}`);
    expect(await thrownStatus(findLoader(routeArgs("/admin/cms/find?path=/nowhere", { staff: owner })))).toBe(404);
  });
});
