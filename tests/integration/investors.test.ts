import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { auditLog, conversationMessages, inboundMessages, investorDocuments, outbox, users } from "~/.server/db/schema.ts";
import { submitEnquiry } from "~/.server/enquiries/index.ts";
import { changeEnquiryStatus, changeInvestorDocument, investorEnquiry, listInvestorEnquiries, publishedInvestorDocuments, replyToEnquiry, uploadInvestorDocument } from "~/.server/investors/index.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { enquiryStatusSchema, replySchema, STALE_DOCUMENT_MESSAGE, STALE_ENQUIRY_MESSAGE, uploadDocumentSchema } from "~/lib/forms/admin/investors.ts";
import { action as investorsAction } from "~/routes/admin/investors/route.tsx";
import { action as enquiryAction } from "~/routes/admin/investors/enquiry.tsx";
import { loader as publicDocument } from "~/routes/public/investor-document.ts";
import { loader as investorsPage } from "~/routes/public/investors.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describe("the investors screen", () => {
  it("is built, under the settings permission (the owner)", () => {
    for (const p of ["/admin/investors", "/admin/investors/IV-2611-0001", "/admin/investors/documents/3"]) {
      expect(screenFor(p)).toMatchObject({ path: "/admin/investors", permission: "settings", built: true });
    }
    expect(can("owner", "settings")).toBe(true);
    expect(can("office", "settings")).toBe(false);
  });
});

describeEachEngine("investors", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let owner: StaffMember;
  let storage: string;

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "investors-"));
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "i".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), APP);
    await seedContent(db());
    clearContentCache();
    clearSettingsCache();
    const u = await upsertUserWithRole("+919000000501", "admin", db(), "Omkar Owner");
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, u.id));
    owner = asStaff("owner", { userId: u.id, name: "Omkar Owner", mobile: "+919000000501", ipAddress: "203.0.113.7" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  const args = (url: string, params: Record<string, string>, body?: FormData | Record<string, string>) => routeArgs(new URL(url, APP).href, { staff: owner, params, body, origin: APP });

  const enquiry = () =>
    submitEnquiry("investor", {
      name: "Priya Investor",
      email: "priya@fund.example",
      mobile: "+919811100001",
      company: "Deccan Growth Fund",
      message: "We would like the FY 2025-26 accounts.",
      idempotencyKey: randomUUID(),
    });

  it("lists the enquiries by status; a reply is e-mailed once through the outbox, kept on the thread and marks it replied; stale forms are refused", async () => {
    const reference = await enquiry();
    let list = await listInvestorEnquiries({ status: "open" }, undefined);
    expect(list.rows.map((r) => r.reference)).toContain(reference);
    expect(list.rows.find((r) => r.reference === reference)).toMatchObject({ status: "new", statusLabel: "New", replies: 0, company: "Deccan Growth Fund" });

    let record = (await investorEnquiry(reference))!;
    expect(record.seen).toBe("new:0");
    const key = randomUUID();
    const reply = replySchema.parse({ intent: "reply", seen: record.seen, idempotencyKey: key, subject: "Your enquiry", body: "Dear Priya,\n\nThe accounts are attached on /investors." });
    expect(await replyToEnquiry(owner, reference, reply)).toEqual({ ok: true, message: "Your reply was e-mailed to priya@fund.example." });
    // The same form again (a double click): one e-mail, one reply.
    expect(await replyToEnquiry(owner, reference, reply)).toMatchObject({ ok: true });
    const mails = await db().select().from(outbox).where(eq(outbox.dedupeKey, `investor:${reference}:reply:${key}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", recipient: "priya@fund.example", subject: "Your enquiry" });
    const [iv] = await db().select().from(inboundMessages).where(eq(inboundMessages.reference, reference));
    const thread = await db().select().from(conversationMessages).where(eq(conversationMessages.inboundMessageId, iv!.id));
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ channel: "email", direction: "out", outboxId: mails[0]!.id, staffUserId: owner.userId, mobile: "+919811100001" });

    record = (await investorEnquiry(reference))!;
    expect(record).toMatchObject({ status: "replied", replies: 1, seen: "replied:1" });
    expect(record.thread[0]).toMatchObject({ subject: "Your enquiry", by: "Omkar Owner" });
    const [audited] = await db().select().from(auditLog).where(and(eq(auditLog.action, "investor.reply"), eq(auditLog.entityId, reference)));
    expect(audited).toBeDefined();

    // A reply or status change from the page drawn before that reply: refused.
    expect(await replyToEnquiry(owner, reference, { ...reply, idempotencyKey: randomUUID() })).toEqual({ ok: false, field: "form", message: STALE_ENQUIRY_MESSAGE });
    expect(await changeEnquiryStatus(owner, reference, enquiryStatusSchema.parse({ intent: "status", seen: "new:0", status: "closed" }))).toMatchObject({ ok: false, message: STALE_ENQUIRY_MESSAGE });
    expect(await changeEnquiryStatus(owner, reference, enquiryStatusSchema.parse({ intent: "status", seen: "replied:1", status: "closed" }))).toEqual({ ok: true, message: "Marked closed." });
    list = await listInvestorEnquiries({ status: "closed" }, undefined);
    expect(list.rows.map((r) => r.reference)).toContain(reference);
    expect((await listInvestorEnquiries({ status: "open" }, undefined)).rows.map((r) => r.reference)).not.toContain(reference);

    // Through the page: an empty reply is 400 beside the field; an unknown enquiry is 404; a bad status 400.
    const empty = (await enquiryAction(args(`/admin/investors/${reference}`, { reference }, { intent: "reply", seen: "closed:1", idempotencyKey: randomUUID(), subject: "Re", body: " " }))) as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(empty.init.status).toBe(400);
    expect(empty.data.errors.body).toBe("Write the reply.");
    await expect(enquiryAction(args("/admin/investors/IV-2611-9999", { reference: "IV-2611-9999" }, { intent: "status", seen: "new:0", status: "closed" }))).rejects.toMatchObject({ init: { status: 404 } });
    const badStatus = (await enquiryAction(args(`/admin/investors/${reference}`, { reference }, { intent: "status", seen: "closed:1", status: "lost" }))) as { init: { status: number } };
    expect(badStatus.init.status).toBe(400);
  });

  it("uploads a PDF (checked by content and size, once per form), publishes, unpublishes and deletes it; /investors lists and serves only published ones", async () => {
    const key = randomUUID();
    const input = uploadDocumentSchema.parse({ intent: "upload", idempotencyKey: key, title: "Annual report 2025-26", period: "FY 2025-26", publish: "on" });
    const version = contentVersion();
    expect(await uploadInvestorDocument(owner, input, new File([PDF], "annual-report.pdf", { type: "application/pdf" }))).toEqual({
      ok: true,
      message: "“Annual report 2025-26” is uploaded and listed on /investors.",
    });
    expect(contentVersion()).toBeGreaterThan(version);
    // Sent again: one document.
    await uploadInvestorDocument(owner, input, new File([PDF], "annual-report.pdf", { type: "application/pdf" }));
    const rows = await db().select().from(investorDocuments).where(eq(investorDocuments.path, `investors/${key}.pdf`));
    expect(rows).toHaveLength(1);
    const doc = rows[0]!;
    expect(doc).toMatchObject({ title: "Annual report 2025-26", period: "FY 2025-26", fileName: "annual-report.pdf", bytes: PDF.length, published: true, uploadedBy: owner.userId });
    expect(fs.readFileSync(path.join(storage, "uploads", "investors", `${key}.pdf`))).toEqual(Buffer.from(PDF));

    // Not a PDF, whatever its name says; too large: refused, nothing stored.
    const other = uploadDocumentSchema.parse({ intent: "upload", idempotencyKey: randomUUID(), title: "Fake", publish: "on" });
    await expect(uploadInvestorDocument(owner, other, new File(["<html>not a pdf</html>"], "report.pdf"))).rejects.toThrow(UploadError);
    await expect(uploadInvestorDocument(owner, other, new File([new Uint8Array(20 * 1024 * 1024 + 1)], "big.pdf"))).rejects.toThrow(/larger than 20 MB/);
    // Through the page: the message beside the file field, 400.
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "upload", idempotencyKey: randomUUID(), title: "Fake", publish: "on" })) form.set(k, v);
    form.set("file", new File(["GIF89a"], "report.pdf"));
    const refused = (await investorsAction(args("/admin/investors", {}, form))) as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.file).toBe("This is not a PDF file. Save the report as PDF and upload that.");
    expect(await db().select().from(investorDocuments).where(eq(investorDocuments.title, "Fake"))).toEqual([]);

    // /investors lists it, and the public route serves the PDF.
    const page = (await investorsPage(args("/investors", {}))) as { documents: Array<{ id: number; title: string; href: string }> };
    const listed = page.documents.find((d) => d.id === doc.id);
    expect(listed).toMatchObject({ title: "Annual report 2025-26", href: `/investors/documents/${doc.id}/annual-report.pdf` });
    const served = (await publicDocument(args(listed!.href, { id: String(doc.id), name: "annual-report.pdf" }))) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PDF);

    // Unpublished (on the state the page showed): gone from the page and the route; a stale form is refused.
    expect(await changeInvestorDocument(owner, { intent: "unpublish", document: doc.id, was: "published" })).toMatchObject({ ok: true });
    expect(await changeInvestorDocument(owner, { intent: "delete", document: doc.id, was: "published" })).toEqual({ ok: false, field: "form", message: STALE_DOCUMENT_MESSAGE });
    expect((await publishedInvestorDocuments()).map((d) => d.id)).not.toContain(doc.id);
    expect(((await publicDocument(args(listed!.href, { id: String(doc.id), name: "x.pdf" }))) as Response).status).toBe(404);
    expect(((await publicDocument(args("/investors/documents/abc/x.pdf", { id: "abc", name: "x.pdf" }))) as Response).status).toBe(404);

    // Deleted: the row and, after the commit, the file.
    expect(await changeInvestorDocument(owner, { intent: "delete", document: doc.id, was: "unpublished" })).toEqual({ ok: true, message: "“Annual report 2025-26” is deleted." });
    expect(await db().select().from(investorDocuments).where(eq(investorDocuments.id, doc.id))).toEqual([]);
    await expect.poll(() => fs.existsSync(path.join(storage, "uploads", "investors", `${key}.pdf`))).toBe(false);
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(doc.id)))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["investor.document-upload", "investor.document-unpublish", "investor.document-delete"]));
    // A document already gone: 404 through the page.
    await expect(investorsAction(args("/admin/investors", {}, { intent: "publish", document: String(doc.id), was: "unpublished" }))).rejects.toMatchObject({ init: { status: 404 } });
  });
});
