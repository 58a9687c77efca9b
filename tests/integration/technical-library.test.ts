import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { answerQuestion } from "~/.server/chat/index.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { searchContent } from "~/.server/content/search.ts";
import { auditLog } from "~/.server/db/schema.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import {
  addFaultTable,
  changeFaultTableState,
  editFaultTable,
  faultCodesCsv,
  faultTableRecord,
  importFaultCodes,
  listFaultTables,
  parseFaultCodes,
} from "~/.server/technical-library/fault-tables.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { editFaultTableSchema, faultTableListSchema, newFaultTableSchema, STALE_FAULT_TABLE_MESSAGE } from "~/lib/forms/admin/technical-library.ts";
import { action as tableAction } from "~/routes/admin/technical-library/table.tsx";
import { loader as technicalDataLoader } from "~/routes/public/technical-data.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf } from "../support/staff-routes.ts";

const CSV = `code,name,causes,remedy
Q${"x"}1,Overcurrent,"Short circuit, or a motor cable fault","1. Check the motor cable
2. Megger the motor"
Q${"x"}2,Overvoltage,DC bus above its limit,Lengthen the deceleration ramp`;

describe("fault codes as CSV", () => {
  it("reads code, name, causes and remedy per line (quoted commas and line breaks kept), and says which line is wrong", () => {
    expect(parseFaultCodes(CSV)).toEqual({
      codes: [
        { code: "Qx1", name: "Overcurrent", causes: "Short circuit, or a motor cable fault", remedy: "1. Check the motor cable\n2. Megger the motor" },
        { code: "Qx2", name: "Overvoltage", causes: "DC bus above its limit", remedy: "Lengthen the deceleration ramp" },
      ],
    });
    expect(parseFaultCodes("F1,Overcurrent,,\n,Missing code,,\nF1,Again,,")).toEqual({ problem: "Line 2 needs a code and its name. Line 3 repeats code F1 (line 1)." });
    expect(parseFaultCodes('F1,"unclosed')).toMatchObject({ problem: expect.stringContaining("could not be read") as unknown });
    expect(parseFaultCodes("F1,a,b,c,d")).toEqual({ problem: "Line 1 has more than four values: put a value with a comma in quotes." });
    // What the page shows is read back the same.
    const codes = (parseFaultCodes(CSV) as { codes: Array<{ code: string }> }).codes;
    expect(parseFaultCodes(faultCodesCsv(codes as never))).toEqual({ codes });
  });

  it("is the owner's and the office's (the library permission), not accounts'", () => {
    expect(screenFor("/admin/technical-library/3")).toMatchObject({ permission: "library", built: true });
    expect(can("office", "library")).toBe(true);
    expect(can("owner", "library")).toBe(true);
    expect(can("accounts", "library")).toBe(false);
  });
});

describeEachEngine("technical library", (database) => {
  const db = () => database().handle.db;
  let office: StaffMember;
  let n = 0;
  // Letters only: the site search reads a brand as one word.
  const brand = () => `Zeta${String.fromCharCode(97 + (++n % 26))}${Date.now().toString(36).replace(/\d/g, (d) => String.fromCharCode(103 + Number(d)))}`;

  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const user = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00601`, "admin", db(), "Asha Office");
    office = asStaff("office", { userId: user.id, name: "Asha Office" });
  });
  afterAll(() => clearContentCache());

  const add = async (b: string, over: Record<string, string> = {}) => {
    const result = await addFaultTable(office, newFaultTableSchema.parse({ brand: b, series: "VX-9", source: "Manual rev. C", public: "yes", codes: CSV, ...over }));
    if (!result.ok) throw new Error(result.message);
    return (await faultTableRecord(result.id))!;
  };
  const technicalData = async (q: string) =>
    (await technicalDataLoader(routeArgs(`http://localhost:3000/technical-data?q=${encodeURIComponent(q)}`))) as unknown as { tables: Array<{ brand: string; codes: Array<{ code: string }> }> };

  it("adds a public table: /technical-data, the chat assistant and the site search find its codes; kept for staff, none of them do", async () => {
    const b = brand();
    const t = await add(b);
    expect(t).toMatchObject({ brand: b, series: "VX-9", public: true, version: 1 });
    expect((await technicalData("Qx1")).tables.map((x) => x.brand)).toContain(b);
    expect((await answerQuestion("Qx1")).map((a) => `${a.title} ${a.snippet}`).join(" ")).toContain(b);
    expect((await searchContent(b)).flatMap((g) => g.results.map((r) => r.title))).toContain(`${b} VX-9`);

    expect(await changeFaultTableState(office, t.id, { intent: "unpublish", version: 1 })).toMatchObject({ ok: true });
    expect((await technicalData("Qx1")).tables.map((x) => x.brand)).not.toContain(b);
    expect((await answerQuestion("Qx1")).map((a) => `${a.title} ${a.snippet}`).join(" ")).not.toContain(b);
    expect((await searchContent(b)).flatMap((g) => g.results.map((r) => r.title))).not.toContain(`${b} VX-9`);
    expect((await listFaultTables(faultTableListSchema.parse({ show: "private", q: b }), undefined)).rows.map((r) => r.brand)).toEqual([b]);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "fault-table"), eq(auditLog.action, "fault-table.unpublish"), eq(auditLog.entityId, String(t.id))));
    expect(entry).toMatchObject({ actorLabel: "Asha Office", entityLabel: `${b} VX-9` });
  });

  it("edits on the version seen, imports a CSV file into the table, and refuses the same brand and series twice", async () => {
    const b = brand();
    const t = await add(b);
    const edit = (version: number, codes: string) => editFaultTableSchema.parse({ intent: "edit", version: String(version), brand: b, series: "VX-9", source: "Manual rev. D", public: "yes", codes });
    expect(await editFaultTable(office, t.id, edit(1, `${CSV}\nQx3,Earth fault,Insulation breakdown,Megger the motor`))).toEqual({ ok: true, message: "Saved: 3 codes." });
    expect(await editFaultTable(office, t.id, edit(1, CSV))).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_FAULT_TABLE_MESSAGE });
    expect(await editFaultTable(office, t.id, edit(2, "F1,,,"))).toMatchObject({ ok: false, field: "codes", message: "Line 1 needs a code and its name." });

    expect(await importFaultCodes(office, t.id, 2, "Qx3,Earth fault (ground),Insulation breakdown,Megger the motor\nQx4,Underload,Belt broken,Check the coupling")).toEqual({
      ok: true,
      message: "Imported: 1 new, 1 changed; the table has 4 codes.",
    });
    expect(await importFaultCodes(office, t.id, 3, "Qx4,Underload,Belt broken,Check the coupling")).toMatchObject({ ok: false, field: "file", message: expect.stringContaining("nothing was changed") as unknown });
    expect((await faultTableRecord(t.id))!.codes.map((c) => `${c.code} ${c.name}`)).toEqual(["Qx1 Overcurrent", "Qx2 Overvoltage", "Qx3 Earth fault (ground)", "Qx4 Underload"]);
    expect(await addFaultTable(office, newFaultTableSchema.parse({ brand: b.toUpperCase(), series: "vx 9", codes: "" }))).toMatchObject({ ok: false, field: "series", existing: { id: t.id } });
  });

  it("refuses a file that is not UTF-8 beside the file field, never a 500", async () => {
    const t = await add(brand());
    const form = new FormData();
    form.set("intent", "import");
    form.set("version", "1");
    form.set("file", new File([new Uint8Array([0x51, 0x78, 0x39, 0x2c, 0xe9, 0x74, 0xe9])], "codes.csv", { type: "text/csv" }));
    const answer = (await tableAction(routeArgs(`/admin/technical-library/${t.id}`, { staff: office, params: { id: String(t.id) }, body: form }))) as unknown;
    expect(statusOf(answer)).toBe(400);
    expect((answer as { data: { errors: Record<string, string> } }).data.errors).toEqual({ file: "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”." });
  });
});
