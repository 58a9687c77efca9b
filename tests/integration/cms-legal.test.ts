import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { clearContentCache, findEntry, seedContent } from "~/.server/content/index.ts";
import { auditLog, contentEntries, customers, legalVersions, serviceRequests } from "~/.server/db/schema.ts";
import { privacyConsent, seedLegalVersions } from "~/.server/legal/index.ts";
import { publishLegalVersion } from "~/.server/legal/publish.ts";
import { marketingConsentOf, recordMarketingConsent } from "~/.server/marketing/consent.ts";
import { submitQuickRequest } from "~/.server/requests/index.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { AUDIT_ACTIONS } from "~/.server/admin/screens.ts";
import { publishLegalSchema, STALE_LEGAL_MESSAGE } from "~/lib/forms/admin/cms.ts";
import { quickRequestSchema } from "~/lib/forms/service-request.ts";
import { action as legalTextAction, loader as legalTextLoader } from "~/routes/admin/cms/legal-text.tsx";
import { loader as legalListLoader } from "~/routes/admin/cms/legal.tsx";
import { loader as legalPageLoader } from "~/routes/public/legal-page.tsx";
import { loader as legalVersionLoader } from "~/routes/public/legal-version.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf, thrownStatus } from "../support/staff-routes.ts";

/** The migration that brought legal versions: its statements that make version 1 and point consents at it. */
function backfillStatements(): string[] {
  const dir = path.resolve(import.meta.dirname, "../../drizzle");
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".sql") && fs.readFileSync(path.join(dir, f), "utf8").includes("legal_versions_immutable"));
  if (!file) throw new Error("the legal versions migration is missing");
  return fs
    .readFileSync(path.join(dir, file), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter((s) => s.startsWith('INSERT INTO "legal_versions"') || (s.startsWith("UPDATE") && s.includes("legal_version_id")));
}

type PageData = { page: { number: number; label: string; title: string; current: unknown }; versions: Array<{ number: number; path: string }>; bodyHtml: string; meta: Array<Record<string, unknown>> };
const publicArgs = (p: string, params: Record<string, string> = {}) => routeArgs(`http://localhost:3000${p}`, { params });

describeEachEngine("legal texts keep every version", (database, engine) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  let otherOwner: StaffMember;

  const quickRequest = (mobile: string) =>
    submitQuickRequest(quickRequestSchema.parse({ name: "Ravi", phone: mobile, service: "plc-repair--programming", description: "CPU in STOP", consent: "yes", idempotencyKey: randomUUID() }));

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const user = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00601`, "admin", db(), "Omkar Owner");
    owner = asStaff("owner", { userId: user.id, name: "Omkar Owner" });
    otherOwner = asStaff("owner", { userId: user.id, name: "Second Desk" });
  });
  afterAll(() => {
    clearContentCache();
    clearSettingsCache();
  });

  it("migrates a database from before versions: today's texts become version 1 and the consents already given point at it", async () => {
    // The site as it was: content seeded, no versions yet, a request whose consent names only a label.
    expect(await db().select().from(legalVersions)).toEqual([]);
    const rows = (await import("~/.server/content/seed.ts")).seedEntries();
    await db().insert(contentEntries).values(rows).onConflictDoNothing();
    clearContentCache();
    const before = await quickRequest("9848011001");
    const [old] = await db().select().from(serviceRequests).where(eq(serviceRequests.reference, before.reference));
    expect(old).toMatchObject({ consentVersion: "unversioned", consentLegalVersionId: null });

    for (const statement of backfillStatements()) await db().execute(sql.raw(statement));
    const versions = await db().select().from(legalVersions).orderBy(legalVersions.slug);
    expect(versions.map((v) => [v.slug, v.number])).toEqual([
      ["privacy", 1],
      ["return-policy", 1],
      ["terms", 1],
    ]);
    const privacyPage = await findEntry("page", "privacy");
    const v1 = versions.find((v) => v.slug === "privacy")!;
    expect(v1).toMatchObject({ body: privacyPage!.body, title: privacyPage!.title, label: privacyPage!.data.version, effectiveOn: privacyPage!.data.version });
    const [migrated] = await db().select().from(serviceRequests).where(eq(serviceRequests.reference, before.reference));
    expect(migrated!.consentLegalVersionId).toBe(v1.id);
    // Seeding again (every start) adds nothing: version 1 is there.
    expect(await seedLegalVersions(db())).toBe(0);
    expect(await seedContent(db())).toBe(0);
  });

  it("shows the version in force with its number and date, and every version at its own public address", async () => {
    const data = (await legalPageLoader(publicArgs("/privacy"))) as unknown as PageData;
    expect(data.page).toMatchObject({ number: 1, label: "2026-11-01", current: null });
    expect(data.versions.map((v) => v.path)).toEqual(["/privacy/versions/1"]);
    expect(data.meta).toEqual(expect.arrayContaining([expect.objectContaining({ tagName: "link", rel: "canonical", href: "http://localhost:3000/privacy" })]));
    const one = (await legalVersionLoader(publicArgs("/privacy/versions/1", { number: "1" }))) as unknown as PageData;
    expect(one.bodyHtml).toBe(data.bodyHtml);
    expect(await thrownStatus(legalVersionLoader(publicArgs("/privacy/versions/2", { number: "2" })))).toBe(404);
    expect(await thrownStatus(legalVersionLoader(publicArgs("/terms/versions/x", { number: "x" })))).toBe(404);
  });

  it("publishes a new version from the back office: the site shows it, the old one stays readable, a consent given now points at it", async () => {
    const list = (await legalListLoader(routeArgs("/admin/cms/legal", { staff: owner }))) as unknown as { texts: Array<{ slug: string; count: number; current: { number: number } }> };
    expect(list.texts.map((t) => [t.slug, t.count, t.current.number])).toEqual([
      ["privacy", 1, 1],
      ["terms", 1, 1],
      ["return-policy", 1, 1],
    ]);
    const drawn = (await legalTextLoader(routeArgs("/admin/cms/legal/privacy", { staff: owner, params: { slug: "privacy" } }))) as unknown as { current: { number: number; title: string; summary: string; body: string } };
    const oldBody = drawn.current.body;
    const form = { intent: "publish", version: String(drawn.current.number), title: drawn.current.title, summary: drawn.current.summary, body: `${oldBody}\n\n## Changes in version 2\n\nWe now keep CCTV footage for 30 days.`, note: "CCTV added" };
    const answer = await legalTextAction(routeArgs("/admin/cms/legal/privacy", { staff: owner, params: { slug: "privacy" }, body: form }));
    expect(statusOf(answer)).toBe(303);

    const page = (await legalPageLoader(publicArgs("/privacy"))) as unknown as PageData;
    expect(page.page).toMatchObject({ number: 2, label: "2" });
    expect(page.bodyHtml).toContain("CCTV footage for 30 days");
    expect(page.versions.map((v) => v.number)).toEqual([2, 1]);
    const earlier = (await legalVersionLoader(publicArgs("/privacy/versions/1", { number: "1" }))) as unknown as PageData;
    expect(earlier.bodyHtml).not.toContain("CCTV");
    expect(earlier.page.current).toEqual({ number: 2, path: "/privacy" });
    expect(earlier.meta).toEqual(expect.arrayContaining([expect.objectContaining({ rel: "canonical", href: "http://localhost:3000/privacy/versions/1" })]));
    // The page entry the search and sitemap read follows.
    clearContentCache();
    expect((await findEntry("page", "privacy"))?.body).toContain("CCTV footage");

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "legal.publish"), eq(auditLog.entityId, "privacy")));
    expect(entry).toMatchObject({ actorLabel: "Omkar Owner", entityType: "legal-text", entityLabel: "Privacy notice", before: { version: 1 }, after: expect.objectContaining({ version: 2, note: "CCTV added" }) });
    expect(AUDIT_ACTIONS.get("legal.publish")?.describe(entry!.before as never, entry!.after as never)).toEqual(["published", " version 2"]);

    const [v2] = await db().select().from(legalVersions).where(and(eq(legalVersions.slug, "privacy"), eq(legalVersions.number, 2)));
    expect(v2).toMatchObject({ publishedBy: owner.userId, publishedByName: "Omkar Owner", label: "2" });
    expect(await privacyConsent()).toEqual({ consentVersion: "2", consentLegalVersionId: v2!.id });
    // A request made now, and a marketing consent given now, point at version 2.
    const made = await quickRequest("9848011002");
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.reference, made.reference));
    expect(row).toMatchObject({ consentVersion: "2", consentLegalVersionId: v2!.id });
    const [customer] = await db().insert(customers).values({ reference: `CU-${Date.now() % 1_000_000}`, name: "Lakshmi", mobile: "+919848011003" }).returning();
    const given = await recordMarketingConsent(db(), { userId: owner.userId, label: "Omkar Owner", ipAddress: null }, customer!.id, { given: true, expectedVersion: customer!.version, source: "office", notice: await privacyConsent() });
    expect(given.ok).toBe(true);
    const [after] = await db().select().from(customers).where(eq(customers.id, customer!.id));
    expect(after).toMatchObject({ marketingConsentVersion: "2", marketingConsentLegalVersionId: v2!.id });
    expect((await marketingConsentOf(db(), customer!.id))?.given).toBe(true);
  });

  it("never changes or deletes a published version, even from SQL", async () => {
    await expect(db().update(legalVersions).set({ body: "rewritten" }).where(eq(legalVersions.slug, "privacy"))).rejects.toThrow();
    await expect(db().delete(legalVersions).where(eq(legalVersions.slug, "terms"))).rejects.toThrow();
    const rows = await db().select().from(legalVersions).where(eq(legalVersions.slug, "privacy"));
    expect(rows.every((r) => r.body !== "rewritten")).toBe(true);
    expect(rows).toHaveLength(2);
  });

  it("refuses a form drawn on an older version, keeping what was typed, and explains a bad field beside it", async () => {
    const args = (body: Record<string, string>) => routeArgs("/admin/cms/legal/terms", { staff: owner, params: { slug: "terms" }, body });
    const base = { intent: "publish", title: "Terms of Service", summary: "The terms for our repair and field services.", body: "## 1. Scope\n\nNew terms." };
    const first = await legalTextAction(args({ ...base, version: "1" }));
    expect(statusOf(first)).toBe(303);
    // A second desk still on version 1.
    const stale = (await legalTextAction(routeArgs("/admin/cms/legal/terms", { staff: otherOwner, params: { slug: "terms" }, body: { ...base, body: "## 1. Scope\n\nOther terms.", version: "1" } }))) as unknown;
    expect(statusOf(stale)).toBe(400);
    const failure = (stale as { data: { errors: Record<string, string>; values: Record<string, string> } }).data;
    expect(failure.errors).toEqual({ form: STALE_LEGAL_MESSAGE });
    expect(failure.values.body).toBe("## 1. Scope\n\nOther terms.");
    const empty = (await legalTextAction(args({ ...base, body: "   ", summary: "", version: "2" }))) as unknown;
    expect(statusOf(empty)).toBe(400);
    expect((empty as { data: { errors: Record<string, string> } }).data.errors).toEqual({
      body: "Write the text: the whole text, as it reads from today.",
      summary: "Give one or two sentences for the page's header and search results.",
    });
    const same = (await legalTextAction(args({ ...base, version: "2" }))) as unknown;
    expect((same as { data: { errors: Record<string, string> } }).data.errors).toEqual({ body: "This is the text already in force: change it before publishing a new version." });
    const versions = await db().select().from(legalVersions).where(eq(legalVersions.slug, "terms"));
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2]);
    expect(await thrownStatus(legalTextLoader(routeArgs("/admin/cms/legal/cookies", { staff: owner, params: { slug: "cookies" } })))).toBe(404);
  });

  it(`publishes one version when several staff publish on the same version at once (${engine})`, async () => {
    const input = (i: number) => publishLegalSchema.parse({ intent: "publish", version: "1", title: "Return Policy", summary: "How returns work.", body: `## Returns\n\nText ${i}.` });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => publishLegalVersion(owner, "return-policy", input(i))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r as { message: string }).message)).toEqual(Array(7).fill(STALE_LEGAL_MESSAGE));
    const versions = await db().select().from(legalVersions).where(eq(legalVersions.slug, "return-policy"));
    expect(versions.map((v) => v.number).sort()).toEqual([1, 2]);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, "legal.publish"), eq(auditLog.entityId, "return-policy")));
    expect(entries).toHaveLength(1);
  });
});

describe("legal text form", () => {
  it("needs the version it was drawn on", () => {
    expect(publishLegalSchema.safeParse({ intent: "publish", title: "T", summary: "S", body: "B" }).success).toBe(false);
  });
});
