import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { staffContext, type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, users } from "~/.server/db/schema.ts";
import { forgetSignature, readSignature } from "~/.server/documents/signature.ts";
import { renderTaxDocumentPdf } from "~/.server/documents/tax-document-pdf.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { TaxDocumentView } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";
import { action, loader } from "~/routes/admin/settings/route.tsx";
import { loader as signatureImage } from "~/routes/admin/settings/signature.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * Issue 17 §3: the owner uploads the authorised signatory's signature in the settings; it is checked and
 * re-encoded like every upload, audited, and printed on the documents above "Authorised signatory".
 */

const BACK_OFFICE = "http://127.0.0.1:3000";
type Refusal = { data: { errors: Record<string, string> }; init: { status: number } };

/** How many images the PDF's pages paint. */
async function imagesIn(pdf: Buffer): Promise<number> {
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  let count = 0;
  for (let p = 1; p <= doc.numPages; p++) count += (await (await doc.getPage(p)).getOperatorList()).fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
  await task.destroy();
  return count;
}

function view(): TaxDocumentView {
  const totals = invoiceTotals([{ description: "Repair", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 1_000_00, discountPaise: 0, gstRate: 18 }], { code: "36" }, { roundToRupee: true });
  return {
    kind: "invoice",
    title: "Tax invoice",
    number: "INV/2026-27/0001",
    date: "2026-11-20",
    supplier: { name: "Voltline Industrial Services Pvt Ltd", gstin: "36AABCV1234F1Z5", stateCode: "36" },
    recipient: { name: "Ravi Kumar" },
    placeOfSupply: totals.placeOfSupply,
    lines: totals.lines.map((l) => ({ ...l, kind: "service" as const, description: "Repair", unit: "job", quantityMilli: 1000, ratePaise: 1_000_00, gstRate: 18 as const })),
    totals,
    amountInWords: rupeesInWords(totals.payablePaise),
  };
}

describeEachEngine("the signature", (database) => {
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "signature-test-"));
  let owner: StaffMember;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    forgetSignature();
    clearSettingsCache();
    await seedSettings(database().handle.db, "http://localhost:3000");
    const u = await upsertUserWithRole("+919000017150", "admin");
    await database().handle.db.update(users).set({ staffRole: "owner", name: "Ramesh Owner" }).where(eq(users.id, u.id));
    owner = { userId: u.id, sessionId: 0, name: "Ramesh Owner", mobile: "+919000017150", role: "owner", permissions: [], ipAddress: "203.0.113.5" };
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    forgetSignature();
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  function context() {
    const c = new RouterContextProvider();
    c.set(clientAddressContext, owner.ipAddress);
    c.set(staffContext, owner);
    return c;
  }

  async function post(fields: Record<string, string | File>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const url = new URL("/admin/settings?group=payments", BACK_OFFICE);
    const result = (await action({ request: new Request(url, { method: "POST", body: form }), url, params: {}, context: context() } as never)) as Response | Refusal;
    return result instanceof Response ? { status: result.status, errors: {} as Record<string, string> } : { status: result.init.status, errors: result.data.errors };
  }

  it("is uploaded by the owner, re-encoded, audited, printed above the line, and can be removed", async () => {
    expect(await readSignature()).toBeNull();
    expect(await imagesIn(await renderTaxDocumentPdf(view(), { signature: await readSignature() }))).toBe(0);

    // Not an image: refused beside the field.
    const refused = await post({ intent: "signature-upload", signature: new File(["%PDF-1.4 not a picture"], "sign.pdf", { type: "application/pdf" }) });
    expect(refused).toEqual({ status: 400, errors: { signature: "sign.pdf is not a JPEG, PNG or WebP image." } });

    // A scan: dark ink on a wide white margin, with EXIF the re-encoding drops.
    const ink = await sharp({ create: { width: 400, height: 120, channels: 3, background: "#1e3a8a" } }).png().toBuffer();
    const scan = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#ffffff" } })
      .composite([{ input: ink, left: 600, top: 400 }])
      .withMetadata({ exif: { IFD0: { Artist: "Scanner at the office" } } })
      .jpeg()
      .toBuffer();
    expect(await post({ intent: "signature-upload", signature: new File([new Uint8Array(scan)], "signature.jpg", { type: "image/jpeg" }) })).toMatchObject({ status: 303 });
    const stored = (await readSignature())!;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "png", width: 400, height: 120 }); // trimmed of the white margin
    expect(meta.exif).toBeUndefined();
    const [entry] = await database()
      .handle.db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.signature"), eq(auditLog.actorUserId, owner.userId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorLabel: "Ramesh Owner", after: { uploaded: "signature.jpg" } });

    const url = new URL("/admin/settings?group=payments", BACK_OFFICE);
    expect(await loader({ request: new Request(url), url, params: {}, context: context() } as never)).toMatchObject({ hasSignature: true });
    const image = (await signatureImage({ request: new Request(new URL("/admin/settings/signature", BACK_OFFICE)), params: {}, context: context() } as never)) as Response;
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(await imagesIn(await renderTaxDocumentPdf(view(), { signature: await readSignature() }))).toBe(1);

    expect(await post({ intent: "signature-remove" })).toMatchObject({ status: 303 });
    expect(await readSignature()).toBeNull();
    forgetSignature();
    expect(await readSignature()).toBeNull();
  });
});
