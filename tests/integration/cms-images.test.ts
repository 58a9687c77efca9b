import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { deleteContentImage, type listContentImages } from "~/.server/content/images.ts";
import { auditLog, contentEntries, contentImages } from "~/.server/db/schema.ts";
import { publishLegalVersion } from "~/.server/legal/publish.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { AUDIT_ACTIONS } from "~/.server/admin/screens.ts";
import { publishLegalSchema, STALE_IMAGE_MESSAGE } from "~/lib/forms/admin/cms.ts";
import { action as imagesAction, loader as imagesLoader } from "~/routes/admin/cms/images.tsx";
import { loader as mediaLoader } from "~/routes/public/media-image.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf, thrownStatus } from "../support/staff-routes.ts";

/** A 3000x2000 camera JPEG with its EXIF (the camera, the place it was taken) and ICC profile. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 80 })
    .withMetadata({ exif: { IFD0: { Make: "PhoneCo", Model: "Field Camera", Artist: "Technician Ravi" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "17/1 26/1 0/1" } } })
    .toBuffer();
}

function upload(bytes: Uint8Array | string | null, alt: string, name = "panel.jpg"): FormData {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("alt", alt);
  form.set("image", bytes === null ? new File([], "") : new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  return form;
}

type Failure = { data: { errors: Record<string, string>; values: Record<string, string> } };
type ListData = Awaited<ReturnType<typeof listContentImages>>;

describeEachEngine("content images", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "cms-images-test-"));
  const filesOnDisk = () =>
    fs.existsSync(path.join(storage, "content")) ? fs.readdirSync(path.join(storage, "content"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
  let owner: StaffMember;

  beforeAll(async () => {
    setServerConfig(readConfig({ STORAGE_DIR: storage, DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const user = await upsertUserWithRole(`+9190${String(process.pid % 1000).padStart(3, "0")}00701`, "admin", db(), "Omkar Owner");
    owner = asStaff("owner", { userId: user.id, name: "Omkar Owner" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearContentCache();
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  const post = (body: FormData | Record<string, string>) => imagesAction(routeArgs("/admin/cms/images", { staff: owner, body }));

  it("refuses an image without alt text beside the field, and a missing or false image beside its field, storing nothing", async () => {
    const noAlt = (await post(upload(await cameraJpeg(), "   "))) as unknown as Failure;
    expect(statusOf(noAlt)).toBe(400);
    expect(noAlt.data.errors).toEqual({ alt: "Describe the image for people who cannot see it (alt text), e.g. “VFD control board with burnt capacitor”." });
    const noFile = (await post(upload(null, "Burnt IGBT module"))) as unknown as Failure;
    expect(noFile.data.errors).toEqual({ image: "Choose the image to upload (JPEG, PNG, WebP or HEIC)." });
    expect(noFile.data.values.alt).toBe("Burnt IGBT module");
    const notImage = (await post(upload("%PDF-1.4 not a photo", "A datasheet", "sheet.jpg"))) as unknown as Failure;
    expect(notImage.data.errors).toEqual({ image: "sheet.jpg is not a JPEG, PNG, WebP or HEIC image." });
    expect(await db().select().from(contentImages)).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
  });

  it("re-encodes an upload as request photos are (WebP, at most 2048 px, no camera data), lists it with its Markdown, and serves it with a year's cache", async () => {
    const answer = await post(upload(await cameraJpeg(), "VFD control board [before repair]"));
    expect(statusOf(answer)).toBe(303);
    const [row] = await db().select().from(contentImages);
    expect(row).toMatchObject({ contentType: "image/webp", width: 2048, height: 1365, originalName: "panel.jpg", alt: "VFD control board [before repair]", createdBy: owner.userId });
    expect(row!.path).toMatch(/^content\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    const stored = fs.readFileSync(path.join(storage, ...row!.path.split("/")));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 2048, height: 1365 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes(Buffer.from("Technician Ravi"))).toBe(false);

    const list = (await imagesLoader(routeArgs("/admin/cms/images", { staff: owner }))) as unknown as ListData;
    expect(list.total).toBe(1);
    expect(list.images[0]).toMatchObject({ path: `/media/${row!.name}`, snippet: `![VFD control board \\[before repair\\]](/media/${row!.name})` });

    const served = (await mediaLoader(routeArgs(`http://localhost:3000/media/${row!.name}`, { params: { name: row!.name } }))) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    expect(await thrownStatus(mediaLoader(routeArgs("http://localhost:3000/media/x.webp", { params: { name: "x.webp" } })))).toBe(404);
    expect(await thrownStatus(mediaLoader(routeArgs("http://localhost:3000/media/00000000-0000-0000-0000-000000000000.webp", { params: { name: "00000000-0000-0000-0000-000000000000.webp" } })))).toBe(404);

    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "content-image.add"));
    expect(entry).toMatchObject({ entityType: "content-image", entityId: String(row!.id), entityLabel: "VFD control board [before repair]", actorLabel: "Omkar Owner" });
    expect(AUDIT_ACTIONS.get("content-image.add")?.label).toBe("Uploaded a content image");
  });

  it("refuses to delete an image that a published entry or a legal text uses, naming where it is used", async () => {
    const [img] = await db().select().from(contentImages);
    const snippet = `![Board](/media/${img!.name})`;
    const [article] = await db().select().from(contentEntries).where(eq(contentEntries.kind, "article")).limit(1);
    await db().update(contentEntries).set({ body: `${article!.body}\n\n${snippet}` }).where(eq(contentEntries.id, article!.id));

    const refused = (await post({ intent: "delete", id: String(img!.id), version: String(img!.version) })) as unknown as Failure;
    expect(statusOf(refused)).toBe(400);
    expect(refused.data.errors.form).toBe(`This image is used by the article “${article!.title}”: take it out of it first, then delete it.`);

    // Out of the article, but in a legal text's version (kept for ever): still refused.
    await db().update(contentEntries).set({ body: article!.body }).where(eq(contentEntries.id, article!.id));
    const published = await publishLegalVersion(owner, "return-policy", publishLegalSchema.parse({ intent: "publish", version: "1", title: "Return Policy", summary: "How returns work.", body: `## Returns\n\n${snippet}` }));
    expect(published.ok).toBe(true);
    expect(await deleteContentImage(owner, img!.id, img!.version)).toMatchObject({ ok: false, message: "This image is used by version 2 of the return policy: take it out of it first, then delete it." });
    expect(await db().select().from(contentImages)).toHaveLength(1);
    expect(filesOnDisk()).toHaveLength(1);
  });

  it("deletes an unused image on the version seen: its file goes and its address answers 404", async () => {
    const answer = await post(upload(await cameraJpeg(), "Motor winding after rewind", "motor.png"));
    expect(statusOf(answer)).toBe(303);
    const [img] = await db().select().from(contentImages).where(eq(contentImages.alt, "Motor winding after rewind"));
    const stale = (await post({ intent: "delete", id: String(img!.id), version: String(img!.version + 1) })) as unknown as Failure;
    expect(stale.data.errors).toEqual({ form: STALE_IMAGE_MESSAGE });
    const done = await post({ intent: "delete", id: String(img!.id), version: String(img!.version) });
    expect(statusOf(done)).toBe(303);
    expect(await db().select().from(contentImages).where(eq(contentImages.id, img!.id))).toEqual([]);
    expect(fs.existsSync(path.join(storage, ...img!.path.split("/")))).toBe(false);
    expect(await thrownStatus(mediaLoader(routeArgs(`http://localhost:3000/media/${img!.name}`, { params: { name: img!.name } })))).toBe(404);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "content-image.delete"));
    expect(entry).toMatchObject({ entityId: String(img!.id), before: { name: img!.name, alt: "Motor winding after rewind" } });
    // A second post of the same delete finds nothing to do and says so.
    expect(statusOf(await post({ intent: "delete", id: String(img!.id), version: String(img!.version) }))).toBe(303);
  });
});
