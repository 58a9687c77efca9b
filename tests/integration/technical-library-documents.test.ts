import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { answerQuestion } from "~/.server/chat/index.ts";
import { auditLog, customers, customerSites, libraryDocuments, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import {
  editLibraryDocument,
  libraryDocumentFile,
  listLibraryDocuments,
  pinnedDocumentIds,
  removeLibraryDocument,
  setLibraryPin,
  technicianLibrary,
  technicianReadsLibrary,
  uploadLibraryDocument,
} from "~/.server/technical-library/documents.ts";
import { addFaultTable } from "~/.server/technical-library/fault-tables.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { absoluteStoredPath } from "~/.server/uploads/storage.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { editLibraryDocumentSchema, libraryDocumentListSchema, newFaultTableSchema, STALE_LIBRARY_DOCUMENT_MESSAGE, uploadLibraryDocumentSchema } from "~/lib/forms/admin/technical-library.ts";
import { action as uploadAction } from "~/routes/admin/technical-library/document-new.tsx";
import { loader as staffFile } from "~/routes/admin/technical-library/document-file.ts";
import { loader as newQuoteLoader } from "~/routes/admin/quotes/new.tsx";
import { loader as publicDocument } from "~/routes/public/technical-document.ts";
import { loader as technicalDataLoader } from "~/routes/public/technical-data.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";

/** A real two-page PDF, as pdfkit writes one. */
function makePdf(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.text(text);
    doc.addPage().text("Chapter 2: fault codes");
    doc.end();
  });
}

/** The first bytes of a Windows executable (MZ header, "This program cannot be run in DOS mode"). */
const EXE = new Uint8Array(Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), Buffer.from("This program cannot be run in DOS mode.\r\n"), Buffer.alloc(4096, 0x90)]));

describe("manuals and datasheets", () => {
  it("are part of the technical library screen (the library permission)", () => {
    for (const p of ["/admin/technical-library/documents", "/admin/technical-library/documents/new", "/admin/technical-library/documents/3", "/admin/technical-library/documents/3/file"]) {
      expect(screenFor(p)).toMatchObject({ path: "/admin/technical-library", permission: "library", built: true });
    }
  });
});

describeEachEngine("technical library documents", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let storage: string;
  let office: StaffMember;
  let pdf: Uint8Array<ArrayBuffer>;
  let approved: { id: number; mobile: string };
  let applicant: { id: number; mobile: string };
  let n = 0;

  async function technician(mobile: string, status: "approved" | "pending") {
    const user = await upsertUserWithRole(mobile, "technician", db(), "Srinivas Rao");
    await db()
      .insert(technicianProfiles)
      .values({
        reference: `TA-2612-${String(8000 + n++)}-${process.pid % 1000}`,
        mobile,
        userId: user.id,
        name: "Srinivas Rao",
        city: "Hyderabad",
        skills: ["vfd-ac-drives"],
        yearsExperience: 6,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "none.pdf",
        idProofName: "id.pdf",
        status,
        consentVersion: "test",
        consentAt: new Date(),
      });
    return { id: user.id, mobile };
  }

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "library-"));
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "l".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), APP);
    await seedContent(db());
    clearContentCache();
    clearSettingsCache();
    const u = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00701`, "admin", db(), "Asha Office");
    office = asStaff("office", { userId: u.id, name: "Asha Office", ipAddress: "203.0.113.7" });
    pdf = await makePdf("ACS580 firmware manual");
    const suffix = String(process.pid % 1000).padStart(3, "0");
    approved = await technician(`+9197${suffix}00711`, "approved");
    applicant = await technician(`+9197${suffix}00712`, "pending");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearContentCache();
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  const input = (over: Record<string, string> = {}) =>
    uploadLibraryDocumentSchema.parse({ intent: "upload", idempotencyKey: randomUUID(), title: "ACS580 firmware manual", brand: "ABB", model: "ACS580", kind: "manual", public: "yes", ...over });

  const uploadForm = (file: File, over: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "upload", idempotencyKey: randomUUID(), title: "Drive manual", brand: "Delta", model: "C2000", kind: "manual", public: "yes", ...over })) form.set(k, v);
    form.set("file", file);
    return form;
  };
  const upload = async (file: File) => (await uploadAction(routeArgs("/admin/technical-library/documents/new", { staff: office, body: uploadForm(file), origin: APP }))) as unknown;
  const fieldErrors = (answer: unknown) => (answer as { data: { errors: Record<string, string> } }).data.errors;
  const documentCount = async () => (await db().select({ id: libraryDocuments.id }).from(libraryDocuments)).length;

  it("refuses a file that is not a PDF beside the file field, whatever its name or type says, and stores nothing", async () => {
    const before = await documentCount();
    const files = fs.readdirSync(storage, { recursive: true }).length;
    for (const [file, message] of [
      [new File([EXE], "manual.pdf", { type: "application/pdf" }), "manual.pdf is not a PDF file, whatever its name says. Save the manual as PDF and upload that."],
      [new File(["code,name\nF1,Overcurrent\n"], "codes.pdf", { type: "application/pdf" }), "codes.pdf is not a PDF file, whatever its name says. Save the manual as PDF and upload that."],
      [new File([new Uint8Array(Buffer.concat([Buffer.from("%PDF-1.7\n"), EXE]))], "disguised.pdf", { type: "application/pdf" }), "disguised.pdf starts like a PDF but cannot be read as one (damaged or cut short). Download it again and upload that."],
      [new File([new Uint8Array(pdf.subarray(0, Math.floor(pdf.length / 2)))], "half.pdf"), "half.pdf starts like a PDF but cannot be read as one (damaged or cut short). Download it again and upload that."],
      [new File([new Uint8Array(25 * 1024 * 1024 + 1)], "huge.pdf"), "huge.pdf is larger than 25 MB: upload the manual's chapter on its own."],
    ] as const) {
      const answer = await upload(file);
      expect(statusOf(answer)).toBe(400);
      expect(fieldErrors(answer)).toEqual({ file: message });
    }
    expect(await documentCount()).toBe(before);
    expect(fs.readdirSync(storage, { recursive: true }).length).toBe(files);
  });

  it("takes a real PDF named .exe (by its content), stores it under a name of its own as .pdf, once for the same form sent twice, with its audit entry", async () => {
    const form = input({ title: "C2000 datasheet", brand: "Delta", model: "C2000", kind: "datasheet", public: "" });
    const file = () => new File([pdf], "setup.exe", { type: "application/x-msdownload" });
    const first = await uploadLibraryDocument(office, form, file());
    expect(first).toMatchObject({ ok: true, message: "“C2000 datasheet” is uploaded, for staff and technicians only." });
    expect(await uploadLibraryDocument(office, form, file())).toMatchObject({ ok: true, id: first.id });
    const rows = await db().select().from(libraryDocuments).where(eq(libraryDocuments.id, first.id));
    expect(rows).toEqual([expect.objectContaining({ title: "C2000 datasheet", brand: "Delta", model: "C2000", kind: "datasheet", public: false, fileName: "setup.pdf", pages: 2, bytes: pdf.length })]);
    expect(rows[0]!.path).toMatch(/^library\/[0-9a-f-]{36}\.pdf$/);
    expect(fs.readFileSync(absoluteStoredPath(rows[0]!.path)!).equals(Buffer.from(pdf))).toBe(true);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "library-document"), eq(auditLog.entityId, String(first.id))));
    expect(entries).toEqual([expect.objectContaining({ action: "library-document.upload", actorLabel: "Asha Office", entityLabel: "C2000 datasheet" })]);
  });

  it("lists public documents on /technical-data and serves them to anyone; a staff-only one is a 404 there and reaches staff and approved technicians only", async () => {
    const pub = await uploadLibraryDocument(office, input({ title: "ACS580 hardware manual" }), new File([pdf], "ACS580 hardware.pdf"));
    const staffOnly = await uploadLibraryDocument(office, input({ title: "ACS580 service notes", public: "" }), new File([pdf], "notes.pdf"));
    const page = (await technicalDataLoader(routeArgs(`${APP}/technical-data`))) as unknown as { documents: Array<{ id: number; title: string; href: string }> };
    const listed = page.documents.map((d) => d.title);
    expect(listed).toContain("ACS580 hardware manual");
    expect(listed).not.toContain("ACS580 service notes");
    const href = page.documents.find((d) => d.id === pub.id)!.href;
    expect(href).toBe(`/technical-data/documents/${pub.id}/ACS580%20hardware.pdf`);

    const download = (id: number, headers: Record<string, string> = {}) =>
      publicDocument(routeArgs(`${APP}/technical-data/documents/${id}/x.pdf`, { params: { id: String(id), name: "x.pdf" }, headers })) as unknown as Promise<Response>;
    const answer = await download(pub.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''ACS580%20hardware.pdf");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=600");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect((await download(pub.id, { "if-none-match": answer.headers.get("etag")! })).status).toBe(304);
    expect((await download(staffOnly.id)).status).toBe(404);

    // Staff (the back office) open either; a technician's portal reads either once approved, an applicant neither.
    const staffAnswer = (await staffFile(routeArgs(`/admin/technical-library/documents/${staffOnly.id}/file`, { staff: office, params: { id: String(staffOnly.id) } }))) as unknown as Response;
    expect(staffAnswer.status).toBe(200);
    expect(staffAnswer.headers.get("cache-control")).toBe("private, max-age=600");
    expect(await libraryDocumentFile(staffOnly.id, "technician")).toMatchObject({ public: false });
    expect(await libraryDocumentFile(staffOnly.id, "public")).toBeUndefined();
    expect(await technicianReadsLibrary(approved)).toBe(true);
    expect(await technicianReadsLibrary(applicant)).toBe(false);

    // Made public, it is listed; removed, it is gone everywhere (and its file too).
    const version = (await db().select().from(libraryDocuments).where(eq(libraryDocuments.id, staffOnly.id)))[0]!.version;
    const edit = (v: number, over: Record<string, string> = {}) => editLibraryDocumentSchema.parse({ intent: "edit", version: String(v), title: "ACS580 service notes", brand: "ABB", model: "ACS580", kind: "manual", public: "yes", ...over });
    expect(await editLibraryDocument(office, staffOnly.id, edit(version))).toEqual({ ok: true, message: "Saved: it is listed on /technical-data." });
    expect(await editLibraryDocument(office, staffOnly.id, edit(version, { title: "Stale" }))).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_LIBRARY_DOCUMENT_MESSAGE });
    expect((await download(staffOnly.id)).status).toBe(200);
    const stored = (await db().select().from(libraryDocuments).where(eq(libraryDocuments.id, staffOnly.id)))[0]!;
    expect(await removeLibraryDocument(office, staffOnly.id, version + 1)).toEqual({ ok: true, message: "“ACS580 service notes” is removed." });
    expect((await download(staffOnly.id)).status).toBe(404);
    await expect.poll(() => fs.existsSync(absoluteStoredPath(stored.path)!)).toBe(false);
    const actions = (await db().select().from(auditLog).where(and(eq(auditLog.entityType, "library-document"), eq(auditLog.entityId, String(staffOnly.id))))).map((e) => e.action).sort();
    expect(actions).toEqual(["library-document.remove", "library-document.update", "library-document.upload"]);
  });

  it("filters the office's list by brand, model and kind", async () => {
    const brand = `Yaskawa${Date.now().toString(36)}`;
    await uploadLibraryDocument(office, input({ title: "GA700 manual", brand, model: "GA700" }), new File([pdf], "ga700.pdf"));
    await uploadLibraryDocument(office, input({ title: "GA700 datasheet", brand, model: "GA700", kind: "datasheet" }), new File([pdf], "ga700-ds.pdf"));
    await uploadLibraryDocument(office, input({ title: "A1000 manual", brand, model: "A1000" }), new File([pdf], "a1000.pdf"));
    const titles = async (q: Record<string, string>) => (await listLibraryDocuments(libraryDocumentListSchema.parse(q), undefined)).rows.map((r) => r.title);
    expect(await titles({ brand })).toEqual(["A1000 manual", "GA700 datasheet", "GA700 manual"]);
    expect(await titles({ brand, model: "ga700" })).toEqual(["GA700 datasheet", "GA700 manual"]);
    expect(await titles({ brand, kind: "datasheet" })).toEqual(["GA700 datasheet"]);
  });

  it("gives a technician the whole library by brand, model or fault code, staff-only parts included, and keeps their pins", async () => {
    const brand = `Lenze${Date.now().toString(36).replace(/\d/g, "")}`;
    const table = await addFaultTable(office, newFaultTableSchema.parse({ brand, series: "i550", public: "", codes: "Zq71,Phase loss,Supply phase missing,Check the fuses" }));
    expect(table.ok).toBe(true);
    const doc = await uploadLibraryDocument(office, input({ title: "i550 commissioning", brand, model: "i550", public: "" }), new File([pdf], "i550.pdf"));

    const byCode = await technicianLibrary(approved, "Zq71");
    expect(byCode.faultTables).toEqual([expect.objectContaining({ brand, series: "i550", public: false, matches: [{ code: "Zq71", name: "Phase loss" }] })]);
    const byModel = await technicianLibrary(approved, `${brand} i550`);
    expect(byModel.documents.map((d) => d.title)).toEqual(["i550 commissioning"]);
    expect(byModel.documents[0]).toMatchObject({ pinned: false, href: `/technician/library/documents/${doc.id}/i550.pdf` });

    expect(await setLibraryPin(approved, doc.id, true)).toBe(true);
    expect(await setLibraryPin(approved, doc.id, true)).toBe(true);
    expect(await pinnedDocumentIds(approved.id)).toEqual([doc.id]);
    const all = await technicianLibrary(approved, undefined);
    expect(all.pinnedDocuments).toEqual([`/technician/library/documents/${doc.id}/i550.pdf`]);
    expect(all.tablePages).toContain(`/technician/library/tables/${brand.toLowerCase()}-i550`);
    expect(await pinnedDocumentIds(applicant.id)).toEqual([]);

    // The office removes it: the pin goes with it, and pinning it again is refused.
    const version = (await db().select().from(libraryDocuments).where(eq(libraryDocuments.id, doc.id)))[0]!.version;
    expect(await removeLibraryDocument(office, doc.id, version)).toMatchObject({ ok: true });
    expect(await pinnedDocumentIds(approved.id)).toEqual([]);
    expect(await setLibraryPin(approved, doc.id, true)).toBe(false);
  });

  it("refuses an upload of a non-PDF through checkLibraryPdf as an UploadError", async () => {
    await expect(uploadLibraryDocument(office, input(), new File([EXE], "manual.pdf"))).rejects.toThrow(UploadError);
  });

  it("the quote for a request looks its fault code up in the same tables as the chat assistant (which reads the public ones only)", async () => {
    const stamp = Date.now().toString(36).replace(/\d/g, "");
    const code = `Zq${stamp.slice(-4)}`;
    const shown = `Lumen${stamp}`;
    const kept = `Umbra${stamp}`;
    for (const [brand, pub] of [[shown, "yes"], [kept, ""]] as const) {
      const t = await addFaultTable(office, newFaultTableSchema.parse({ brand, series: "K1", public: pub, codes: `${code},DC link undervoltage,Supply dip or a failed precharge relay,Check the supply` }));
      expect(t.ok).toBe(true);
    }
    const pid = String(process.pid % 1000).padStart(3, "0");
    const mobile = `+9195${pid}${String(Date.now()).slice(-5)}`;
    const [c] = await db().insert(customers).values({ reference: `CU-2612-8${pid}`, mobile, name: "Ravi Kumar", company: "Sri Venkateswara Pharma" }).returning();
    const [site] = await db().insert(customerSites).values({ customerId: c!.id, name: "Patancheru plant", address: "Plot 7, IDA Patancheru", city: "Sangareddy", pincode: "502319", stateCode: "36" }).returning();
    const [r] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2612-8${pid}`,
        kind: "full",
        status: "contacted",
        contactName: "Ravi Kumar",
        mobile,
        faultDescription: "Drive trips at start.",
        faultCode: code.toUpperCase(),
        urgency: "planned",
        consentVersion: "1",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        customerId: c!.id,
        siteId: site!.id,
      })
      .returning();
    const page = (await newQuoteLoader(routeArgs(`/admin/quotes/new?request=${r!.reference}`, { staff: asStaff("owner", { userId: office.userId, name: "Asha Office" }) }))) as unknown as {
      page: { fault: { code: string; hits: Array<{ brand: string; name: string; public: boolean }> } };
    };
    expect(page.page.fault.code).toBe(code.toUpperCase());
    expect(page.page.fault.hits.map((h) => `${h.brand} ${h.name}`).sort()).toEqual([`${kept} DC link undervoltage`, `${shown} DC link undervoltage`].sort());
    const chat = (await answerQuestion(code)).map((a) => a.title).join(" | ");
    expect(chat).toContain(`${shown} ${code}: DC link undervoltage`);
    expect(chat).not.toContain(kept);
  });

  it("keeps one document for the same form sent many times at once, and one pin for a pin sent many times at once", async () => {
    const form = input({ title: `Twice ${randomUUID().slice(0, 8)}` });
    const results = await Promise.all(Array.from({ length: 6 }, () => uploadLibraryDocument(office, form, new File([pdf], "twice.pdf"))));
    const ids = new Set(results.map((r) => r.id));
    expect(ids.size).toBe(1);
    expect(await db().select({ id: libraryDocuments.id }).from(libraryDocuments).where(eq(libraryDocuments.title, form.title))).toHaveLength(1);
    const [id] = [...ids];
    expect(await Promise.all(Array.from({ length: 8 }, () => setLibraryPin(approved, id!, true)))).toEqual(Array(8).fill(true));
    expect((await pinnedDocumentIds(approved.id)).filter((x) => x === id)).toEqual([id]);
  });
});
