import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { clearContentCache, findServiceByPath, listServices, seedContent } from "~/.server/content/index.ts";
import { searchContent } from "~/.server/content/search.ts";
import { listSitemapEntries } from "~/.server/content/sitemap.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { auditLog, contentEntries } from "~/.server/db/schema.ts";
import { referenceBand } from "~/.server/quotes/source.ts";
import { addService, changeServiceState, editService } from "~/.server/service-catalogue/changes.ts";
import { exportServiceCatalogue, listServiceCatalogue, serviceRecord } from "~/.server/service-catalogue/list.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { editServiceSchema, newServiceSchema, serviceListSchema, STALE_SERVICE_MESSAGE } from "~/lib/forms/admin/services.ts";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/services/service.tsx";
import { action as newAction } from "~/routes/admin/services/new.tsx";
import { loader as managementLoader } from "~/routes/admin/service-management/route.tsx";
import { loader as publicServiceLoader } from "~/routes/public/service.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf, thrownStatus } from "../support/staff-routes.ts";

const form = (over: Record<string, string> = {}) => ({
  name: "Servo drive commissioning",
  category: "Automation",
  summary: "Commissioning and tuning of servo axes on site.",
  body: "## On site\n\nWe tune the loops.",
  turnaround: "Same week",
  brands: "Yaskawa Sigma-7\nMitsubishi MR-J4\n\n",
  faults: "Following error",
  deliverables: "Tuning report",
  sac: "998719",
  bandMin: "4,000",
  bandMax: "18000",
  shown: "yes",
  faqQuestion0: "Do you bring the software?",
  faqAnswer0: "Yes, licensed tools for each make.",
  ...over,
});

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("service forms", () => {
  it("turn the band into paise, gather the ticked cities and the questions, and explain a bad field beside it", () => {
    expect(newServiceSchema.parse({ ...form(), "city:hyderabad": "yes", "city:pune": "yes" })).toMatchObject({
      name: "Servo drive commissioning",
      brands: ["Yaskawa Sigma-7", "Mitsubishi MR-J4"],
      band: { minPaise: 4_000_00, maxPaise: 18_000_00 },
      sac: "998719",
      shown: true,
      cities: ["hyderabad", "pune"],
      faqs: [{ question: "Do you bring the software?", answer: "Yes, licensed tools for each make." }],
    });
    expect(newServiceSchema.parse(form({ bandMin: "", bandMax: "", sac: "" }))).toMatchObject({ band: undefined, sac: undefined });
    expect(errorsOf(newServiceSchema.safeParse(form({ sac: "8504" })))).toEqual({ sac: "A SAC code (services) starts with 99, e.g. 998719" });
    // What depends on two fields is checked once each field is right on its own.
    expect(errorsOf(newServiceSchema.safeParse(form({ bandMax: "", faqAnswer0: "", faqQuestion1: "" })))).toEqual({
      bandMax: "Give both ends of the band, or neither (the category's band is used then).",
      faqAnswer0: "Answer the question, or clear it.",
    });
    expect(errorsOf(newServiceSchema.safeParse(form({ category: "Plumbing" })))).toEqual({ category: "Choose the service's category." });
    expect(errorsOf(newServiceSchema.safeParse(form({ bandMin: "20000", bandMax: "1,000", name: "&&&" })))).toEqual({
      bandMax: "The highest price is below the lowest: check the figures.",
      name: "The name needs letters or digits: its address is made from them.",
    });
  });

  it("is a Website screen for those who may change the settings; /admin/service-management is the same screen", () => {
    expect(screenFor("/admin/services/12")).toMatchObject({ path: "/admin/services", permission: "settings", built: true });
    expect(screenFor("/admin/service-management")).toMatchObject({ permission: "settings", built: true });
  });
});

describeEachEngine("service catalogue", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}${Date.now().toString(36)}`;

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const user = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00501`, "admin", db(), "Omkar Owner");
    owner = asStaff("owner", { userId: user.id, name: "Omkar Owner" });
  });
  afterAll(() => {
    clearContentCache();
    clearSettingsCache();
  });

  const add = async (over: Record<string, string> = {}) => {
    const result = await addService(owner, newServiceSchema.parse(form({ name: unique("Servo drive commissioning"), ...over })));
    if (!result.ok) throw new Error(result.message);
    return (await serviceRecord(result.id))!;
  };

  it("adds a service last in the home page's order, at its spec-rule address, shown on the site, in the search and the sitemap at once", async () => {
    const before = contentVersion();
    const name = unique("Encoder Feedback & Alignment");
    const result = await addService(owner, newServiceSchema.parse(form({ name })));
    expect(result).toMatchObject({ ok: true, slug: name.toLowerCase().replace(/\s+/g, "-").replace(/[^\w-]/g, "") });
    // The cached pages are stale now: the next request renders them again.
    expect(contentVersion()).toBeGreaterThan(before);
    const path = `/service/${(result as { slug: string }).slug}`;
    const services = await listServices();
    expect(services.at(-1)).toMatchObject({ name, canonicalPath: path, sac: "998719", band: { minPaise: 4_000_00, maxPaise: 18_000_00 } });
    expect(await findServiceByPath(path)).toMatchObject({ name });
    expect((await listSitemapEntries()).map((e) => e.path)).toContain(path);
    expect((await searchContent(name.split(" ").slice(0, 3).join(" "))).flatMap((g) => g.results.map((r) => r.path))).toContain(path);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "service"), eq(auditLog.entityLabel, name)));
    expect(entry).toMatchObject({ action: "service.add", actorLabel: "Omkar Owner" });

    // The same name again (another case, the same address) is refused with a link to the first.
    const again = await addService(owner, newServiceSchema.parse(form({ name: name.toUpperCase() })));
    expect(again).toMatchObject({ ok: false, field: "name", existing: { name } });
  });

  it("edits on the version seen, moves the service in the home page's order, and refuses a stale edit", async () => {
    const s = await add();
    const edit = (version: number, over: Record<string, string> = {}) =>
      editServiceSchema.parse({ intent: "edit", version: String(version), position: "1", ...form({ name: s.name, ...over }) });
    expect(await editService(owner, s.id, edit(1, { summary: "Tuning of servo axes, first on the home page." }))).toEqual({ ok: true, message: "Service saved: the site shows the change now." });
    expect((await listServices())[0]).toMatchObject({ name: s.name, summary: "Tuning of servo axes, first on the home page." });
    expect(await editService(owner, s.id, edit(1, { summary: "A stale change" }))).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_SERVICE_MESSAGE });
    expect(await editService(owner, s.id, edit(2, { summary: "Tuning of servo axes, first on the home page." }))).toMatchObject({ ok: false, message: "Nothing was changed." });
    // The order has no gaps or ties: every service keeps a place of its own.
    const positions = (await db().select({ position: contentEntries.position }).from(contentEntries).where(eq(contentEntries.kind, "service"))).map((r) => r.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, i) => i));
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "service.update"), eq(auditLog.entityId, String(s.id))));
    expect(entry!.after).toMatchObject({ position: 1, summary: "Tuning of servo axes, first on the home page." });
  });

  it("hides a service: off the catalogue, the search and the sitemap, its page 404; shown again, back", async () => {
    const s = await add();
    expect(await changeServiceState(owner, s.id, { intent: "hide", version: 1 })).toMatchObject({ ok: true });
    expect(await findServiceByPath(s.path)).toBeUndefined();
    expect((await listServices()).map((x) => x.name)).not.toContain(s.name);
    expect((await listSitemapEntries()).map((e) => e.path)).not.toContain(s.path);
    expect((await searchContent(s.name)).flatMap((g) => g.results.map((r) => r.path))).not.toContain(s.path);
    expect(await thrownStatus(publicServiceLoader(routeArgs(`http://localhost:3000${s.path}`)))).toBe(404);
    expect(await changeServiceState(owner, s.id, { intent: "hide", version: 2 })).toMatchObject({ ok: false, message: "This service is already hidden." });
    expect(await changeServiceState(owner, s.id, { intent: "show", version: 2 })).toMatchObject({ ok: true });
    expect(await findServiceByPath(s.path)).toMatchObject({ name: s.name });
    const hiddenTab = await listServiceCatalogue(serviceListSchema.parse({ show: "hidden", q: s.name }), undefined);
    expect(hiddenTab.rows).toEqual([]);
  });

  it("gives quotes the service's own band, else its category's; the public page names its band and its cities", async () => {
    const site = await getSiteSettings();
    const own = await add({ "city:hyderabad": "yes" });
    expect(await referenceBand(own.slug, site)).toEqual({ category: own.name, minPaise: 4_000_00, maxPaise: 18_000_00, from: "service" });
    const plain = await add({ bandMin: "", bandMax: "", category: "Electrical" });
    const electrical = site.charges.find((c) => c.category === "Electrical")!;
    expect(await referenceBand(plain.slug, site)).toEqual({ category: "Electrical", minPaise: electrical.minRupees * 100, maxPaise: electrical.maxRupees * 100, from: "category" });
    const page = (await publicServiceLoader(routeArgs(`http://localhost:3000${own.path}`))) as { charges?: string; offeredIn: Array<{ name: string; path: string }> };
    expect(page.charges).toBe("₹4,000 - ₹18,000");
    expect(page.offeredIn).toEqual([{ name: expect.stringContaining("Hyderabad") as unknown, path: "/service-area/hyderabad" }]);
  });

  it("lists with tab counts and keyset pages in the home page's order, and exports the same rows", async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const a = await add({ name: `${tag} alpha` });
    const b = await add({ name: `${tag} beta`, shown: "" });
    const first = await listServiceCatalogue(serviceListSchema.parse({ q: tag }), undefined, 1);
    expect(first.counts).toEqual({ all: 2, shown: 1, hidden: 1 });
    expect(first.rows.map((r) => r.id)).toEqual([a.id]);
    const second = await listServiceCatalogue(serviceListSchema.parse({ q: tag }), JSON.parse(Buffer.from(first.next!, "base64url").toString()) as [number, number], 1);
    expect(second.rows.map((r) => r.id)).toEqual([b.id]);
    expect(second.rows[0]!.place).toBeGreaterThan(first.rows[0]!.place);
    expect((await exportServiceCatalogue(serviceListSchema.parse({ q: tag, show: "hidden" }))).map((r) => r.name)).toEqual([`${tag} beta`]);
  });

  it("answers bad input beside the field (never a 500), keeps what was typed, and sends /admin/service-management to the list", async () => {
    const refused = (await newAction(routeArgs("/admin/services/new", { staff: owner, body: form({ name: unique("Panel wiring"), bandMin: "abc", "city:hyderabad": "yes" }) }))) as unknown;
    expect(statusOf(refused)).toBe(400);
    const failure = (refused as { data: { errors: Record<string, string>; values: Record<string, string> } }).data;
    expect(failure.errors).toEqual({ bandMin: "Enter the lowest indicative price in rupees, e.g. 1234.50 (at most two decimals)" });
    expect(failure.values).toMatchObject({ bandMin: "abc", "city:hyderabad": "yes" });

    const s = await add();
    const stale = (await recordAction(routeArgs(`/admin/services/${s.id}`, { staff: owner, params: { id: String(s.id) }, body: { intent: "edit", version: "9", position: "1", ...form({ name: s.name }) } }))) as unknown;
    expect(statusOf(stale)).toBe(400);
    expect((stale as { data: { errors: Record<string, string> } }).data.errors).toEqual({ form: STALE_SERVICE_MESSAGE });
    expect(await thrownStatus(recordLoader(routeArgs("/admin/services/999999", { staff: owner, params: { id: "999999" } })))).toBe(404);

    let moved: unknown;
    try {
      managementLoader(routeArgs("/admin/service-management?show=hidden", { staff: owner }));
    } catch (response) {
      moved = response;
    }
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).status).toBe(301);
    expect((moved as Response).headers.get("location")).toBe("/admin/services?show=hidden");
  });
});
