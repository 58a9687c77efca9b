import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { clearContentCache, listEntries } from "~/.server/content/index.ts";
import { serviceData } from "~/.server/content/schemas.ts";
import { commitImport, dryRunImport, importKindOptions, kindOf, mapImport, undoImport, uploadImport, viewImport } from "~/.server/data-import/batches.ts";
import { autoMapping, checkRows } from "~/.server/data-import/check.ts";
import { readTable } from "~/.server/data-import/read.ts";
import { auditLog, contentEntries, customers, customerSites, equipmentUnits, importBatches } from "~/.server/db/schema.ts";
import { fixLinksFor } from "~/.server/seo-audit/fix-links.ts";
import "~/.server/service-catalogue/fix-links.ts";
import "~/.server/technical-library/fix-links.ts";
import { addFaultTable } from "~/.server/technical-library/fault-tables.ts";
import { newFaultTableSchema } from "~/lib/forms/admin/technical-library.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff } from "../support/staff-routes.ts";

/**
 * The kinds added after customers and products (ADR 048): sites and units of customers on file, fault codes
 * into the technical library, services into the catalogue. Each: columns mapped, errors per row in the
 * preview, a dry run that changes nothing, the commit, the same file again changing nothing, and undo putting
 * back exactly what was there; and the refusals every kind shares (a formula cell, a missing column, a file
 * in the wrong encoding, 100,000 bad rows), each committing nothing.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);
const SITE = "http://localhost:3000";

describeEachEngine("data import of sites, fault codes and services", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  const pid = String(process.pid % 1000).padStart(3, "0");
  let seq = 0;
  const mobile = () => `8${pid}${String(200000 + ++seq).slice(-6)}`;
  const tag = () => `${Date.now().toString(36)}${++seq}`;

  beforeAll(async () => {
    const u = await upsertUserWithRole(`+9180${pid}00902`, "admin", db(), "Olga Owner");
    owner = asStaff("owner", { userId: u.id, name: "Olga Owner" });
    clearContentCache();
  });
  afterAll(() => clearContentCache());

  const upload = async (kind: string, text: string, name = "file.csv") => {
    const result = await uploadImport(owner, kind, name, utf8(text));
    if (!result.ok) throw new Error(result.message);
    return result.id;
  };
  const customerByMobile = async (m: string) => (await db().select().from(customers).where(eq(customers.mobile, `+91${m}`)))[0];
  const entry = async (id: number) => (await db().select().from(contentEntries).where(eq(contentEntries.id, id)))[0];
  const auditOf = async (entityType: string, id: number) =>
    (await db().select().from(auditLog).where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id))))).map((e) => e.action);

  it("offers every kind from the one list of kinds", () => {
    expect(importKindOptions().map((k) => k.value)).toEqual(["customers", "sites-and-units", "products", "fault-codes", "services", "vendors"]);
  });

  it("sites and units: by customer mobile and site name, units by serial; an unknown mobile is its row's error", async () => {
    const [a, stranger] = [mobile(), mobile()];
    await commitImport(owner, await upload("customers", `Mobile,Name,Make,Model,Serial number\n${a},Ravi Kumar,ABB,ACS550,OLD-${a}\n`));
    const ravi = (await customerByMobile(a))!;
    const [oldUnit] = await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, ravi.id));

    const header = "Customer mobile,Site,Site city,Make,Model,Serial number";
    const bad = [header, `${a},Plant 2,Patancheru,ABB,ACS580,SN-${a}`, `${stranger},Plant 9,,ABB,ACS580,SN-${stranger}`, `${a},,,Siemens,G120,`].join("\n");
    const id = await upload("sites-and-units", bad);
    const view = (await viewImport(id))!;
    expect(view.columns.filter((c) => c.column !== null).map((c) => c.field)).toEqual(["mobile", "siteName", "siteCity", "unitMake", "unitModel", "unitSerial"]);
    expect(view.report).toMatchObject({
      refusedRows: 2,
      validRows: 1,
      columns: [
        { label: "Customer mobile", total: 1, first: [{ line: 3, message: expect.stringContaining("No customer has this mobile number") as unknown }] },
        { label: "Unit serial number", total: 1, first: [{ line: 4 }] },
      ],
    });
    expect(await dryRunImport(owner, id)).toMatchObject({ ok: true, counts: { "site.created": 1, "unit.created": 1, "customer.updated": 1, refused: 2 } });
    expect(await commitImport(owner, id)).toMatchObject({ ok: false, message: expect.stringContaining("2 rows have errors") as unknown });
    expect(await db().select().from(customerSites).where(eq(customerSites.customerId, ravi.id))).toEqual([]);
    expect(await customerByMobile(stranger)).toBeUndefined();

    // Corrected: the stranger's row taken out, the serial given; the old unit's model corrected (its serial typed in another case).
    const good = [header, `${a},Plant 2,Patancheru,ABB,ACS580,SN-${a}`, `${a},Plant 2,,Siemens,G120,SN2-${a}`, `${a},,,ABB,ACS550-01,old-${a}`].join("\n");
    const second = await upload("sites-and-units", good);
    expect(await commitImport(owner, second)).toEqual({ ok: true, id: second, message: "Imported 3 rows." });
    const [site] = await db().select().from(customerSites).where(eq(customerSites.customerId, ravi.id));
    expect(site).toMatchObject({ name: "Plant 2", city: "Patancheru" });
    const units = await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, ravi.id)).orderBy(equipmentUnits.id);
    expect(units.map((u) => [u.serialNumber, u.model, u.siteId])).toEqual([
      [`OLD-${a}`, "ACS550-01", null],
      [`SN-${a}`, "ACS580", site!.id],
      [`SN2-${a}`, "G120", site!.id],
    ]);
    // A form drawn before the import is refused: the customer's version moved on, its name untouched.
    expect(await customerByMobile(a)).toMatchObject({ name: "Ravi Kumar", version: ravi.version + 1 });

    const again = await upload("sites-and-units", good);
    expect(await dryRunImport(owner, again)).toMatchObject({ ok: true, counts: { "customer.unchanged": 1, "site.unchanged": 1, "unit.unchanged": 3, refused: 0 } });
    expect(await commitImport(owner, again)).toMatchObject({ ok: true });
    expect(await customerByMobile(a)).toMatchObject({ version: ravi.version + 1 });

    expect(await undoImport(owner, second)).toMatchObject({ ok: true });
    expect(await db().select().from(customerSites).where(eq(customerSites.customerId, ravi.id))).toEqual([]);
    expect(await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, ravi.id))).toEqual([oldUnit]);
    expect(await customerByMobile(a)).toMatchObject({ name: "Ravi Kumar" });
  });

  it("fault codes: columns mapped by hand and remembered, errors per row, then merged into their tables through the kernel, and undone exactly", async () => {
    const brand = `Zx${tag()}`;
    const made = await addFaultTable(owner, newFaultTableSchema.parse({ brand, series: "VX-9", source: "Manual", public: "yes", codes: "code,name,causes,remedy\nF1,Overcurrent,Short circuit,Check the motor cable\nF9,Earth fault,,Megger the motor" }));
    if (!made.ok) throw new Error(made.message);
    const original = (await entry(made.id))!;
    clearContentCache();
    const tableOnSite = async () => (await listEntries("fault-table")).filter((t) => t.data.brand === brand).map((t) => [t.data.series, t.data.codes.map((c) => `${c.code} ${c.name}`)]);
    expect(await tableOnSite()).toEqual([["VX-9", ["F1 Overcurrent", "F9 Earth fault"]]]);

    // "Alarm" and "Text" are no column's names: mapped by hand.
    const header = "Make,Series,Alarm,Text,Causes,Remedy";
    const bad = [header, `${brand},VX-9,f1,Overcurrent (hardware),,`, `${brand},VX-9,F2,Overvoltage,DC bus high,Lengthen the ramp`, `${brand},VX-10,A1,Undervoltage,,`, `${brand},VX-9,F3,,,`].join("\n");
    const id = await upload("fault-codes", bad, "faults.csv");
    expect((await viewImport(id))!.report!.missing).toEqual(["Code", "Name"]);
    expect(await dryRunImport(owner, id)).toEqual({ ok: false, message: expect.stringContaining("no column for Code, Name") as unknown });
    expect(await mapImport(owner, id, { brand: 0, series: 1, code: 2, name: 3, causes: 4, remedy: 5 })).toMatchObject({ ok: true });
    expect((await viewImport(id))!.report).toMatchObject({ refusedRows: 1, columns: [{ label: "Name", total: 1, first: [{ line: 5, message: "Give the code's name, e.g. Overcurrent." }] }] });
    expect(await dryRunImport(owner, id)).toMatchObject({
      ok: true,
      counts: { "fault-code.created": 2, "fault-code.updated": 1, "fault-table.created": 1, "fault-table.updated": 1, refused: 1 },
    });
    expect(await commitImport(owner, id)).toMatchObject({ ok: false });
    expect(await entry(made.id)).toEqual(original);

    // The corrected file maps itself (the columns remembered for the kind).
    const good = bad.replace(`${brand},VX-9,F3,,,`, `${brand},VX-9,F3,Motor overload,,`);
    const second = await upload("fault-codes", good, "faults.csv");
    expect((await viewImport(second))!.columns.map((c) => c.column)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await commitImport(owner, second)).toMatchObject({ ok: true, message: "Imported 4 rows." });
    const updated = (await entry(made.id))!;
    expect(updated.version).toBe(original.version + 1);
    expect((updated.data as { codes: unknown[] }).codes).toEqual([
      // F1 keeps its causes and remedy (blank in the file) and its spelling; it takes the file's name.
      { code: "F1", name: "Overcurrent (hardware)", causes: "Short circuit", remedy: "Check the motor cable" },
      { code: "F9", name: "Earth fault", causes: "", remedy: "Megger the motor" },
      { code: "F2", name: "Overvoltage", causes: "DC bus high", remedy: "Lengthen the ramp" },
      { code: "F3", name: "Motor overload", causes: "", remedy: "" },
    ]);
    const [created] = await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "fault-table"), eq(contentEntries.title, `${brand} VX-10`)));
    expect(created!.data).toMatchObject({ brand, series: "VX-10", public: false, codes: [{ code: "A1", name: "Undervoltage" }] });
    expect(await auditOf("fault-table", made.id)).toEqual(["fault-table.add", "fault-table.import"]);
    expect(await auditOf("fault-table", created!.id)).toEqual(["fault-table.add"]);
    // The site reads the change at once (the cache dropped by the commit); the new table is staff-only, still listed here.
    expect(await tableOnSite()).toEqual([
      ["VX-9", ["F1 Overcurrent (hardware)", "F9 Earth fault", "F2 Overvoltage", "F3 Motor overload"]],
      ["VX-10", ["A1 Undervoltage"]],
    ]);

    const again = await upload("fault-codes", good, "faults.csv");
    expect(await dryRunImport(owner, again)).toMatchObject({ ok: true, counts: { "fault-code.unchanged": 4, "fault-table.unchanged": 2, refused: 0 } });
    expect(await commitImport(owner, again)).toMatchObject({ ok: true });
    expect((await entry(made.id))!.version).toBe(original.version + 1);

    expect(await undoImport(owner, second)).toMatchObject({ ok: true });
    const restored = (await entry(made.id))!;
    expect({ ...restored, version: 0, updatedAt: null }).toEqual({ ...original, version: 0, updatedAt: null });
    expect(await entry(created!.id)).toBeUndefined();
    expect(await tableOnSite()).toEqual([["VX-9", ["F1 Overcurrent", "F9 Earth fault"]]]);
  });

  it("services: by slug (or the name's slug), errors per row, changed through the kernel, new ones hidden, undone exactly", async () => {
    const slug = `pump-repair-${tag()}`;
    const data = serviceData.parse({ category: "Mechanical", brands: ["KSB"], faults: ["Seal leak"], deliverables: [], turnaround: "3 days", faqs: [], servicePaths: [], sac: "998719", shown: true, cities: [] });
    const [service] = await db().insert(contentEntries).values({ kind: "service", slug, title: "Pump repair", summary: "Pumps repaired.", body: "Body", data, position: 900 }).returning();
    const newName = `Gearbox overhaul ${tag()}`;
    const newSlug = newName.toLowerCase().replace(/\s+/g, "-");

    const header = "Slug,Name,Category,Summary,Price from (₹),Price to (₹),Shown";
    const bad = [header, `${slug},,,Pumps of every make repaired.,"2,500","12,000",`, `,${newName},Mechanical,Gearboxes overhauled.,,,`, `no-such-${slug},,,,,,`, `,Panel wiring ${tag()},Electrical,Wiring.,900,500,yes`].join("\n");
    const id = await upload("services", bad, "services.csv");
    expect((await viewImport(id))!.report).toMatchObject({
      refusedRows: 2,
      columns: [
        { label: "Name", total: 1, first: [{ line: 4, message: `No service has the slug no-such-${slug}: name it to add it, or correct the slug.` }] },
        { label: "Category", total: 1, first: [{ line: 4 }] },
        { label: "Summary", total: 1, first: [{ line: 4 }] },
        { label: "Price to (₹)", total: 1, first: [{ line: 5, message: "The highest price is below the lowest: check the figures." }] },
      ],
    });
    expect(await dryRunImport(owner, id)).toMatchObject({ ok: true, counts: { "service.created": 1, "service.updated": 1, refused: 2 } });
    expect(await commitImport(owner, id)).toMatchObject({ ok: false });
    expect(await entry(service!.id)).toEqual(service);

    const good = [header, `${slug},,,Pumps of every make repaired.,"2,500","12,000",`, `,${newName},mechanical,Gearboxes overhauled.,,,`].join("\n");
    const second = await upload("services", good, "services.csv");
    expect(await commitImport(owner, second)).toMatchObject({ ok: true });
    expect(await entry(service!.id)).toMatchObject({ title: "Pump repair", summary: "Pumps of every make repaired.", version: service!.version + 1, data: { ...data, band: { minPaise: 2_50_000, maxPaise: 12_00_000 } } });
    const [added] = await db().select().from(contentEntries).where(and(eq(contentEntries.kind, "service"), eq(contentEntries.slug, newSlug)));
    expect(added).toMatchObject({ title: newName, summary: "Gearboxes overhauled.", data: { category: "Mechanical", shown: false } });
    expect(await auditOf("service", service!.id)).toEqual(["service.update"]);
    expect(await auditOf("service", added!.id)).toEqual(["service.add"]);

    const again = await upload("services", good, "services.csv");
    expect(await dryRunImport(owner, again)).toMatchObject({ ok: true, counts: { "service.unchanged": 2, refused: 0 } });
    await commitImport(owner, again);

    expect(await undoImport(owner, second)).toMatchObject({ ok: true });
    expect({ ...(await entry(service!.id))!, version: 0, updatedAt: null }).toEqual({ ...service!, version: 0, updatedAt: null });
    expect(await entry(added!.id)).toBeUndefined();
  });

  it("refuses an undo once a record was edited after the import", async () => {
    const slug = `drive-repair-${tag()}`;
    const data = serviceData.parse({ category: "Automation", brands: [], faults: [], deliverables: [], turnaround: "", faqs: [], servicePaths: [], shown: true, cities: [] });
    const [service] = await db().insert(contentEntries).values({ kind: "service", slug, title: "Drive repair", summary: "Drives.", data }).returning();
    const id = await upload("services", `Slug,Turnaround\n${slug},2 days\n`);
    await commitImport(owner, id);
    await db().update(contentEntries).set({ version: service!.version + 5 }).where(eq(contentEntries.id, service!.id));
    expect(await undoImport(owner, id)).toEqual({ ok: false, message: "The service Drive repair was changed after this import: undoing it would lose that change. Nothing was undone." });
  });

  const cases = [
    { kind: "sites-and-units", header: "Customer mobile,Site,Make,Serial number", row: (m: string) => `${m},"=cmd|' /C calc'!A0",ABB,S1`, bad: "12345,Plant,ABB,S1", without: "Site,Make,Serial number", missing: "Customer mobile" },
    { kind: "fault-codes", header: "Brand,Series,Code,Name", row: (m: string) => `B${m},S1,F1,"=cmd|' /C calc'!A0"`, bad: "B,S,,", without: "Brand,Series,Name", missing: "Code" },
    { kind: "services", header: "Slug,Name,Category,Summary", row: (m: string) => `s-${m},"@SUM(A1)",Electrical,Text`, bad: "bad slug!,,,", without: "Category,Summary", missing: "Slug, Name" },
  ];

  it.each(cases)("$kind: a formula cell, a missing column, a wrong encoding and 100,000 bad rows each get a clear error and commit nothing", async (c) => {
    const m = mobile();
    if (c.kind === "sites-and-units") await commitImport(owner, await upload("customers", `Mobile,Name\n${m},Tara\n`));
    const countOf = async () => (await db().select({ id: contentEntries.id }).from(contentEntries)).length + (await db().select({ id: equipmentUnits.id }).from(equipmentUnits)).length;
    const before = await countOf();

    const formula = await upload(c.kind, `${c.header}\n${c.row(m)}\n`);
    expect((await viewImport(formula))!.report!.columns.flatMap((col) => col.first.map((f) => f.message))).toContain("This cell is a spreadsheet formula: formulas are refused. Type the value itself.");
    expect(await commitImport(owner, formula)).toMatchObject({ ok: false, message: expect.stringContaining("1 row has errors") as unknown });

    const missing = await upload(c.kind, `${c.without}\nx,y,z\n`);
    const refusal = await commitImport(owner, missing);
    expect(refusal.ok).toBe(false);
    // Services need a name or a slug; the others name their required column.
    if (c.kind === "services") expect(refusal.message).toContain("errors");
    else expect(refusal.message).toBe(`The file has no column for ${c.missing}: choose it below, or add it to the file. Nothing was imported.`);

    const batches = (await db().select({ id: importBatches.id }).from(importBatches)).length;
    const ansi = await uploadImport(owner, c.kind, "ansi.csv", new Uint8Array([...utf8(`${c.header}\nRen`), 0xe9, 0x0a]));
    expect(ansi).toEqual({ ok: false, message: expect.stringContaining("ansi.csv is not UTF-8 text") as unknown });
    expect((await db().select({ id: importBatches.id }).from(importBatches)).length).toBe(batches);

    const lines = [c.header];
    for (let i = 0; i < 100_000; i++) lines.push(c.bad);
    const table = await readTable("many.csv", utf8(lines.join("\n")));
    if (!table.ok) throw new Error(table.message);
    const report = checkRows(kindOf(c.kind)!, table, autoMapping(kindOf(c.kind)!, table.headers));
    expect(report.refusedRows).toBe(100_000);
    expect(report.valid).toEqual([]);
    expect(report.columns.every((col) => col.total === 100_000 && col.first.length === 5)).toBe(true);
    const many = await upload(c.kind, lines.join("\n"), "many.csv");
    expect(await commitImport(owner, many)).toEqual({ ok: false, message: "1,00,000 rows have errors (listed below): correct them in the file and upload it again. Nothing was imported." });

    expect(await countOf()).toBe(before);
    expect(await db().select().from(importBatches).where(inArray(importBatches.id, [formula, missing, many]))).toSatisfy((rows: Array<{ status: string }>) => rows.every((r) => r.status === "uploaded"));
  }, 120_000);

  it("links an SEO finding on a service page to its record, and on the fault-code page to its table", async () => {
    const slug = `motor-rewinding-${tag()}`;
    const data = serviceData.parse({ category: "Electrical", brands: [], faults: [], deliverables: [], turnaround: "", faqs: [], servicePaths: [`/services/${slug}-x`], shown: true, cities: [] });
    const [service] = await db().insert(contentEntries).values({ kind: "service", slug, title: "Motor rewinding", summary: "Motors.", data }).returning();
    const page = { label: "Open the page", href: `${SITE}/service/${slug}` };
    expect(await fixLinksFor(`/service/${slug}`, SITE)).toEqual([{ label: "Edit the service Motor rewinding", href: `/admin/services/${service!.id}` }, page]);
    expect((await fixLinksFor(`/services/${slug}-x`, SITE))[0]).toEqual({ label: "Edit the service Motor rewinding", href: `/admin/services/${service!.id}` });

    const brand = `Yq${tag()}`;
    const made = await addFaultTable(owner, newFaultTableSchema.parse({ brand, series: "S1", public: "yes", codes: "F1,Overcurrent,," }));
    if (!made.ok) throw new Error(made.message);
    expect((await fixLinksFor(`/technical-data?brand=${brand}`, SITE))[0]).toEqual({ label: `Edit the fault-code table ${brand} S1`, href: `/admin/technical-library/${made.id}` });
    expect((await fixLinksFor("/technical-data", SITE))[0]).toEqual({ label: "Edit the fault-code tables on this page", href: "/admin/technical-library?show=public" });
    // A page no screen edits yet: the page itself only.
    expect(await fixLinksFor("/about", SITE)).toEqual([{ label: "Open the page", href: `${SITE}/about` }]);
    expect(await fixLinksFor("/service/no-such-service", SITE)).toEqual([{ label: "Open the page", href: `${SITE}/service/no-such-service` }]);
  });
});
