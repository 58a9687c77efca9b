import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import writeXlsxFile from "write-excel-file/node";
import { beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { checkRows, isFormula } from "~/.server/data-import/check.ts";
import { commitImport, dryRunImport, kindOf, mapImport, undoImport, uploadImport, viewImport } from "~/.server/data-import/batches.ts";
import { readTable } from "~/.server/data-import/read.ts";
import { auditLog, benchJobs, customers, customerSites, equipmentUnits, importBatches, products, serviceRequests } from "~/.server/db/schema.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf } from "../support/staff-routes.ts";
import { action as uploadAction, loader as listLoader } from "~/routes/admin/data-import/route.tsx";
import { action as batchAction, loader as batchLoader } from "~/routes/admin/data-import/batch.tsx";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("reading an import file", () => {
  it("takes UTF-8 with or without its BOM, and refuses Windows-1252 and UTF-16 with what to do instead", async () => {
    expect(await readTable("a.csv", utf8("\uFEFFMobile,Name\n98480 12345,Ravi Kumar\n"))).toEqual({ ok: true, headers: ["Mobile", "Name"], rows: [["98480 12345", "Ravi Kumar"]] });
    // "Renée" saved as Windows-1252: é is the single byte 0xE9, which is not UTF-8.
    const latin1 = new Uint8Array([...utf8("Mobile,Name\n9848012345,Ren"), 0xe9, ...utf8("e\n")]);
    expect(await readTable("old.csv", latin1)).toEqual({ ok: false, message: expect.stringContaining("old.csv is not UTF-8 text") as unknown });
    expect(await readTable("u16.csv", new Uint8Array([0xff, 0xfe, 0x4d, 0x00]))).toEqual({ ok: false, message: expect.stringContaining("UTF-16") as unknown });
    expect(await readTable("e.csv", new Uint8Array())).toEqual({ ok: false, message: "The file is empty." });
    expect(await readTable("big.csv", new Uint8Array(21 * 1024 * 1024))).toEqual({ ok: false, message: expect.stringContaining("the limit is 20 MB") as unknown });
  });

  it("tells a formula from a value: +91 numbers and negative amounts are values", () => {
    for (const f of ["=cmd|' /C calc'!A0", "@SUM(A1)", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "\t=1+1"]) expect(isFormula(f), f).toBe(true);
    for (const v of ["+91 98480 12345", "-5", "Ravi", "1,250.50", "(040) 2345 6789"]) expect(isFormula(v), v).toBe(false);
  });

  it("reports 100,000 bad rows as the first five errors per column and the totals", async () => {
    const lines = ["Mobile,Name"];
    for (let i = 0; i < 100_000; i++) lines.push(`12345,`);
    const table = await readTable("bad.csv", utf8(lines.join("\n")));
    if (!table.ok) throw new Error(table.message);
    const kind = kindOf("customers")!;
    const report = checkRows(kind, table, { mobile: 0, name: 1 });
    expect(report.refusedRows).toBe(100_000);
    expect(report.valid).toHaveLength(0);
    expect(report.columns.map((c) => [c.label, c.total, c.first.length])).toEqual([
      ["Mobile", 100_000, 5],
      ["Name", 100_000, 5],
    ]);
    expect(report.columns[0]!.first[0]).toEqual({ line: 2, message: "Enter a 10-digit Indian mobile number, e.g. 98480 12345." });
  });
});

describeEachEngine("data import", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  const pid = String(process.pid % 1000).padStart(3, "0");
  // Mobile numbers of this run: 9 + pid + 6 digits.
  let seq = 0;
  const mobile = () => `9${pid}${String(100000 + ++seq).slice(-6)}`;

  beforeAll(async () => {
    const u = await upsertUserWithRole(`+9180${pid}00901`, "admin", db(), "Olga Owner");
    owner = asStaff("owner", { userId: u.id, name: "Olga Owner" });
  });

  const upload = async (kind: string, text: string | Uint8Array, name = "customers.csv") => {
    const result = await uploadImport(owner, kind, name, typeof text === "string" ? utf8(text) : text);
    if (!result.ok) throw new Error(result.message);
    return result.id;
  };
  const customerByMobile = async (m: string) => (await db().select().from(customers).where(eq(customers.mobile, `+91${m}`)))[0];

  it("refuses a file with errors and commits nothing; corrected, it commits; the same file again changes nothing", async () => {
    const [a, b] = [mobile(), mobile()];
    const header = "Mobile No.,Customer name,Company,Site,Site city,Make,Model,Serial number";
    const bad = [header, `${a},Ravi Kumar,Sri Sai Plastics,Plant 1,Patancheru,ABB,ACS580,SN-${a}`, `12345,Meena,,,,,,`, `${b},,,,,,,`].join("\n");
    const id = await upload("customers", bad);
    const view = await viewImport(id);
    // The headers were matched by name, aliases included.
    expect(view!.columns.filter((c) => c.column !== null).map((c) => c.field)).toEqual(["mobile", "name", "company", "siteName", "siteCity", "unitMake", "unitModel", "unitSerial"]);
    expect(view!.report).toMatchObject({ refusedRows: 2, validRows: 1, columns: [{ label: "Mobile", total: 1, first: [{ line: 3 }] }, { label: "Name", total: 1, first: [{ line: 4, message: "Enter the customer's name." }] }] });
    expect(await dryRunImport(owner, id)).toMatchObject({ ok: true, counts: { "customer.created": 1, "site.created": 1, "unit.created": 1, refused: 2 } });
    expect(await commitImport(owner, id)).toEqual({ ok: false, message: expect.stringContaining("2 rows have errors") as unknown });
    expect(await customerByMobile(a)).toBeUndefined();

    const good = [header, `${a},Ravi Kumar,Sri Sai Plastics,Plant 1,Patancheru,ABB,ACS580,SN-${a}`, `${a},Ravi Kumar,,Plant 1,,Siemens,G120,SN2-${a}`, `+91 ${b.slice(0, 5)} ${b.slice(5)},Meena Rao,,,,,,`].join("\n");
    const second = await upload("customers", good);
    expect(await commitImport(owner, second)).toEqual({ ok: true, id: second, message: "Imported 3 rows." });
    const ravi = await customerByMobile(a);
    expect(ravi).toMatchObject({ name: "Ravi Kumar", company: "Sri Sai Plastics", version: 1, reference: expect.stringMatching(/^CU-\d{4}-\d{4}$/) as unknown });
    expect(await customerByMobile(b)).toMatchObject({ name: "Meena Rao" });
    expect(await db().select().from(customerSites).where(eq(customerSites.customerId, ravi!.id))).toMatchObject([{ name: "Plant 1", city: "Patancheru" }]);
    expect((await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, ravi!.id))).map((u) => u.serialNumber).sort()).toEqual([`SN-${a}`, `SN2-${a}`]);
    expect((await db().select().from(auditLog).where(and(eq(auditLog.entityType, "import"), eq(auditLog.entityId, String(second))))).map((e) => e.action)).toEqual(["import.upload", "import.commit"]);

    // The same file again (a serial typed in another case and with spaces is the same unit): nothing changes.
    const again = await upload("customers", good.replace(`SN2-${a}`, `sn2 - ${a}`.replace(" - ", "-")));
    expect(await dryRunImport(owner, again)).toMatchObject({ ok: true, counts: { "customer.unchanged": 2, "site.unchanged": 1, "unit.unchanged": 2, refused: 0 } });
    expect(await commitImport(owner, again)).toMatchObject({ ok: true });
    expect(await customerByMobile(a)).toMatchObject({ version: 1 });
    expect(await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, ravi!.id))).toHaveLength(2);
  });

  it("undoes an import: changed fields put back, created records removed; refused once a created customer has a request", async () => {
    const [a, b, c] = [mobile(), mobile(), mobile()];
    await commitImport(owner, await upload("customers", `Mobile,Name,Company\n${a},Anil,Old Co\n`));
    const before = await customerByMobile(a);
    const id = await upload("customers", `Mobile,Name,Company,Site,Make,Serial number\n${a},Anil,New Co,Works,ABB,X1-${a}\n${b},Bhanu,,,,\n`);
    expect(await commitImport(owner, id)).toMatchObject({ ok: true });
    expect(await customerByMobile(a)).toMatchObject({ company: "New Co", version: before!.version + 1 });
    expect(await undoImport(owner, id)).toMatchObject({ ok: true, message: expect.stringContaining("Import undone") as unknown });
    expect(await customerByMobile(a)).toMatchObject({ company: "Old Co", name: "Anil" });
    expect(await customerByMobile(b)).toBeUndefined();
    expect(await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, before!.id))).toEqual([]);
    expect(await undoImport(owner, id)).toEqual({ ok: false, message: "This import has already been undone." });

    const used = await upload("customers", `Mobile,Name\n${c},Chitra\n`);
    await commitImport(owner, used);
    const chitra = await customerByMobile(c);
    await db().insert(serviceRequests).values({ reference: `SR-2612-${randomUUID().slice(0, 6)}`, kind: "full", contactName: "Chitra", mobile: `+91${c}`, customerId: chitra!.id, faultDescription: "Trips", urgency: "planned", consentVersion: "t", consentAt: new Date(), idempotencyKey: randomUUID() });
    expect(await undoImport(owner, used)).toEqual({ ok: false, message: `The customer ${chitra!.reference} this import added has been used since (a service request refers to it): undoing would remove it. Nothing was undone.` });
    expect(await customerByMobile(c)).toBeDefined();

    // A unit of a created customer booked into the workshop since (the request itself not linked to the customer).
    const d = mobile();
    const withUnit = await upload("customers", `Mobile,Name,Make,Serial number\n${d},Dev,ABB,BJ-${d}\n`);
    await commitImport(owner, withUnit);
    const dev = await customerByMobile(d);
    const [unit] = await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, dev!.id));
    const [request] = await db()
      .insert(serviceRequests)
      .values({ reference: `SR-2612-${randomUUID().slice(0, 6)}`, kind: "full", contactName: "Dev", mobile: "+919848012345", faultDescription: "Trips", urgency: "planned", consentVersion: "t", consentAt: new Date(), idempotencyKey: randomUUID() })
      .returning();
    await db().insert(benchJobs).values({ jobCard: `JC-2612-${randomUUID().slice(0, 6)}`, requestId: request!.id, unitId: unit!.id, faultReported: "Trips", conditionOnArrival: "Dusty" });
    expect(await undoImport(owner, withUnit)).toEqual({ ok: false, message: expect.stringContaining("bench jobs") as unknown });
    expect(await customerByMobile(d)).toBeDefined();
  });

  it("refuses a formula cell, a missing required column and a file in the wrong encoding, committing nothing", async () => {
    const m = mobile();
    const id = await upload("customers", `Mobile,Name\n${m},"=cmd|' /C calc'!A0"\n`);
    expect((await viewImport(id))!.report!.columns).toMatchObject([{ label: "Name", total: 1, first: [{ line: 2, message: expect.stringContaining("formula") as unknown }] }]);
    expect(await commitImport(owner, id)).toMatchObject({ ok: false });
    expect(await customerByMobile(m)).toBeUndefined();

    const noName = await upload("customers", `Mobile,Company\n${m},Acme\n`);
    expect(await commitImport(owner, noName)).toEqual({ ok: false, message: "The file has no column for Name: choose it below, or add it to the file. Nothing was imported." });
    // Mapped by hand: the Company column as the name; remembered for the next file of the kind.
    expect(await mapImport(owner, noName, { mobile: 0, name: 1 })).toMatchObject({ ok: true });
    expect(await commitImport(owner, noName)).toMatchObject({ ok: true });
    expect(await customerByMobile(m)).toMatchObject({ name: "Acme" });
    const next = await viewImport(await upload("customers", `Mobile,Company\n${mobile()},Acme 2\n`));
    expect(next!.columns.find((c) => c.field === "name")!.column).toBe(1);

    const batches = (await db().select({ id: importBatches.id }).from(importBatches)).length;
    const refused = await uploadImport(owner, "customers", "ansi.csv", new Uint8Array([...utf8(`Mobile,Name\n${mobile()},Ren`), 0xe9, 0x0a]));
    expect(refused).toEqual({ ok: false, message: expect.stringContaining("is not UTF-8 text") as unknown });
    expect((await db().select({ id: importBatches.id }).from(importBatches)).length).toBe(batches);
  });

  it("imports products from an Excel .xlsx by part number, and again changes only what differs", async () => {
    const part = `PN-${randomUUID().slice(0, 8)}`;
    const sheet = [
      ["Part number", "Name", "Make", "HSN", "GST %", "Price"],
      [part, "Cooling fan 24 V", "ebm-papst", "8414", 18, 3250.5],
      [`${part}-B`, "Keypad", "ABB", "8537", "18", "1,200"],
    ];
    const xlsx = await writeXlsxFile(sheet).toBuffer();
    const id = await upload("products", new Uint8Array(xlsx), "parts.xlsx");
    expect(await dryRunImport(owner, id)).toMatchObject({ ok: true, counts: { "product.created": 2, refused: 0 } });
    expect(await commitImport(owner, id)).toMatchObject({ ok: true });
    const made = await db().select().from(products).where(like(products.model, `${part}%`));
    expect(made.map((p) => [p.model, p.pricePaise, p.gstRate, p.published]).sort()).toEqual([
      [part, 3_25_050, 18, false],
      [`${part}-B`, 1_20_000, 18, false],
    ]);
    sheet[2]![5] = "1,350";
    const again = await upload("products", new Uint8Array(await writeXlsxFile(sheet).toBuffer()), "parts.xlsx");
    expect(await dryRunImport(owner, again)).toMatchObject({ counts: { "product.unchanged": 1, "product.updated": 1 } });
    await commitImport(owner, again);
    expect((await db().select().from(products).where(inArray(products.model, [`${part}-B`])))[0]).toMatchObject({ pricePaise: 1_35_000, version: 2 });
    expect(await undoImport(owner, again)).toMatchObject({ ok: true });
    expect((await db().select().from(products).where(inArray(products.model, [`${part}-B`])))[0]).toMatchObject({ pricePaise: 1_20_000 });
  });

  it("takes the steps as plain posts: a refusal beside the field, never a 500; upload, dry run and commit by the batch's id", async () => {
    const post = (body: FormData) => uploadAction(routeArgs("/admin/data-import", { staff: owner, body }));
    const form = (kind: string, file?: Blob, name = "c.csv") => {
      const f = new FormData();
      f.set("kind", kind);
      if (file) f.set("file", file, name);
      return f;
    };
    const none = (await post(form(""))) as { data: { errors: Record<string, string> } };
    expect(statusOf(none)).toBe(400);
    expect(none.data.errors).toEqual({ kind: "Choose what the file holds.", file: "Choose a CSV or Excel (.xlsx) file." });
    const ansi = (await post(form("customers", new Blob([new Uint8Array([...utf8("Mobile,Name\n9848012345,Ren"), 0xe9])])))) as { data: { errors: Record<string, string> } };
    expect(statusOf(ansi)).toBe(400);
    expect(ansi.data.errors.file).toContain("is not UTF-8 text");

    const m = mobile();
    const uploaded = (await post(form("customers", new Blob([utf8(`Mobile,Name\n${m},Kiran\n`)])))) as Response;
    expect(uploaded.status).toBe(303);
    const path = uploaded.headers.get("location")!;
    const id = path.split("/").at(-1)!;
    expect((await listLoader(routeArgs("/admin/data-import", { staff: owner }))).imports[0]).toMatchObject({ id: Number(id), status: "uploaded" });
    const step = (intent: string) => batchAction(routeArgs(path, { staff: owner, params: { id }, body: { intent } }));
    // Without a dry run the page offers no import button; a commit posted anyway still runs the checks.
    expect(statusOf(await step("dry-run"))).toBe(303);
    expect((await batchLoader(routeArgs(path, { staff: owner, params: { id } }))).batch.dryRun).toMatchObject({ "customer.created": 1, refused: 0 });
    expect(statusOf(await step("commit"))).toBe(303);
    expect(await customerByMobile(m)).toMatchObject({ name: "Kiran" });
    const twice = (await step("commit")) as { data: { errors: Record<string, string> } };
    expect(twice.data.errors.form).toContain("already been committed");
    expect(statusOf(await step("nonsense"))).toBe(400);
  });
});
