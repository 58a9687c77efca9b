import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import {
  checkDocument,
  checkPhotos,
  chosenFiles,
  DOCUMENT_LIMITS,
  PHOTO_LIMITS,
  removeStored,
  storeDocument,
  storePhotos,
  UploadError,
  type StoredFile,
} from "~/.server/uploads/index.ts";
import { decodeHeic } from "~/.server/uploads/heic.ts";
import { tinyHeic, YCBCR } from "../fixtures/uploads/tiny-heic.ts";

let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(os.tmpdir(), "uploads-test-"));
  setServerConfig(readConfig({ STORAGE_DIR: storageDir, DATA_DIR: storageDir }));
});

afterEach(async () => {
  // Every test starts from an empty storage dir.
  for (const entry of await readdir(storageDir)) await rm(path.join(storageDir, entry), { recursive: true, force: true });
});

afterAll(async () => {
  setServerConfig(readConfig({}));
  await rm(storageDir, { recursive: true, force: true });
});

/** Every file (not folder) under the storage dir, temporary files included, relative with forward slashes. */
async function filesOnDisk(dir = storageDir): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

function file(bytes: Uint8Array | string, name: string, type = ""): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

const RED = { r: 220, g: 20, b: 20 };
const BLUE = { r: 20, g: 20, b: 220 };

/**
 * A 4000x3000 camera-style JPEG stored sideways: the top 300 rows are red, the rest blue, and EXIF
 * orientation 6 says "turn 90° clockwise to view", so it should come out portrait with red on the right.
 */
async function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: BLUE } })
    .composite([{ input: { create: { width: 4000, height: 300, channels: 3, background: RED } }, top: 0, left: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function pixel(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

const isReddish = (p: { r: number; g: number; b: number }) => p.r > 150 && p.g < 90 && p.b < 90;
const isBluish = (p: { r: number; g: number; b: number }) => p.b > 150 && p.r < 90 && p.g < 90;

/** A PNG whose header claims 30000x30000 pixels (900 MP) around a few bytes of data. */
async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: "white" } }).png().toBuffer());
  png.writeUInt32BE(30_000, 16); // IHDR width
  png.writeUInt32BE(30_000, 20); // IHDR height
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR CRC (over type and data)
  return png;
}

/** A ZIP archive with stored (uncompressed) entries, written by hand. */
function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18); // compressed size (method 0: stored)
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, data);
    directory.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralDirectory = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Curriculum vitae</w:t></w:r></w:p></w:body></w:document>`;

const minimalDocx = () => zip({ "[Content_Types].xml": CONTENT_TYPES, "_rels/.rels": RELS, "word/document.xml": DOCUMENT_XML });

const MINIMAL_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

/** The start of an OLE2 compound file, with a directory entry named as given (UTF-16LE), as in a .doc/.xls. */
function ole2(streamName: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const entry = Buffer.alloc(128);
  entry.write(streamName, 0, "utf16le");
  entry.writeUInt16LE((streamName.length + 1) * 2, 64);
  return Buffer.concat([header, entry]);
}

async function expectUploadError(promise: Promise<unknown>, message: string): Promise<UploadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UploadError);
  expect((error as UploadError).message).toBe(message);
  return error as UploadError;
}

describe("chosenFiles", () => {
  it("drops the empty File of a file input left empty, and strings", () => {
    const photo = file("x", "a.jpg");
    const emptyButNamed = file("", "empty.jpg");
    expect(chosenFiles([new File([], ""), photo, "text", emptyButNamed])).toEqual([photo, emptyButNamed]);
    expect(chosenFiles([new File([], "")])).toEqual([]);
  });
});

describe("photos", () => {
  it("stores a sideways camera JPEG upright, as WebP within 2048 px, without its metadata", async () => {
    const jpeg = await sidewaysJpeg();
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 4000, height: 3000, orientation: 6 });

    const [stored, ...rest] = await storePhotos([file(jpeg, "IMG_0001.JPG", "image/jpeg")]);
    expect(rest).toEqual([]);
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
    expect(stored!.path).toMatch(new RegExp(`^requests/${month}/[0-9a-f-]{36}\\.webp$`));
    expect(stored).toMatchObject({ contentType: "image/webp", originalName: "IMG_0001.JPG", width: 1536, height: 2048 });

    const written = await readFile(path.join(storageDir, stored!.path));
    expect(stored!.bytes).toBe(written.length);
    const metadata = await sharp(written).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 1536, height: 2048 });
    expect(metadata.height).toBeGreaterThan(metadata.width); // portrait: the EXIF rotation was applied
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    // The red band along the top of the sensor image is on the right after turning clockwise.
    expect(isReddish(await pixel(written, 1530, 1024))).toBe(true);
    expect(isBluish(await pixel(written, 5, 1024))).toBe(true);
    expect(await filesOnDisk()).toEqual([stored!.path]);
  });

  it("stores PNG and WebP photos as WebP, scaling down but never up", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { ...RED, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: BLUE } }).webp().toBuffer();
    const stored = await storePhotos([file(png, "gauge.png", "image/png"), file(webp, "panel.webp", "image/webp")]);
    expect(stored).toMatchObject([
      { contentType: "image/webp", originalName: "gauge.png", width: 300, height: 200 },
      { contentType: "image/webp", originalName: "panel.webp", width: 2048, height: 683 },
    ]);
    for (const photo of stored) {
      const metadata = await sharp(await readFile(path.join(storageDir, photo.path))).metadata();
      expect(metadata.format).toBe("webp");
      expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(2048);
    }
    expect(new Set(stored.map((s) => s.path)).size).toBe(2);
    expect((await filesOnDisk()).sort()).toEqual(stored.map((s) => s.path).sort());
  });

  it("decodes a real HEIC (HEVC) photo with its rotation and stores it as WebP", async () => {
    // Coded 64x32: red block left, blue block right; 'irot' turns it a quarter anticlockwise to 32x64,
    // blue on top. sharp's own libvips reads this header but cannot decode the HEVC picture.
    const heic = tinyHeic({ blocks: [[[...YCBCR.red], [...YCBCR.blue]]], rotate: 1 });
    expect(await sharp(heic).metadata()).toMatchObject({ format: "heif", compression: "hevc", width: 32, height: 64 });
    await expect(sharp(heic).png().toBuffer()).rejects.toThrow(/HEVC/);

    const [stored] = await storePhotos([file(heic, "IMG_4242.HEIC", "image/heic")]);
    expect(stored).toMatchObject({ contentType: "image/webp", originalName: "IMG_4242.HEIC", width: 32, height: 64 });
    const written = await readFile(path.join(storageDir, stored!.path));
    expect(await sharp(written).metadata()).toMatchObject({ format: "webp", width: 32, height: 64, hasAlpha: false });
    expect(isBluish(await pixel(written, 16, 8))).toBe(true);
    expect(isReddish(await pixel(written, 16, 56))).toBe(true);
  });

  it("decodes HEIC off the main thread without taking the caller's bytes", async () => {
    const heic = tinyHeic({ blocks: [[[...YCBCR.white]]] }); // a small Buffer: from Node's shared pool
    const decoded = await decodeHeic(heic);
    expect(decoded).toMatchObject({ width: 32, height: 32, opaque: true });
    expect(Array.from(decoded.data.subarray(0, 4))).toEqual([255, 255, 255, 255]);
    expect(heic.byteLength).toBeGreaterThan(0); // still usable: a copy was sent, not this buffer
    expect(heic.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("recognises HEIC by its ftyp brands, not by name", async () => {
    const heic = tinyHeic({ blocks: [[[...YCBCR.green]]] });
    const withMajorBrand = (brand: string) => {
      const copy = Buffer.from(heic);
      copy.write(brand, 8, "latin1");
      return copy;
    };
    await checkPhotos([file(withMajorBrand("heic"), "a"), file(withMajorBrand("heix"), "b"), file(withMajorBrand("mif1"), "c")]);
    const [stored] = await storePhotos([file(withMajorBrand("mif1"), "generic-heif.jpg")]);
    expect(stored).toMatchObject({ width: 32, height: 32 });

    // Not HEIC: an AVIF (AV1 in HEIF, also 'mif1'-compatible), and a QuickTime movie ('ftyp' too).
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: RED } }).avif().toBuffer();
    await expectUploadError(checkPhotos([file(avif, "photo.heic")]), "photo.heic is not a JPEG, PNG, WebP or HEIC image.");
    const avifAsMif1 = Buffer.from(avif);
    avifAsMif1.write("mif1", 8, "latin1");
    await expectUploadError(checkPhotos([file(avifAsMif1, "photo.heic")]), "photo.heic is not a JPEG, PNG, WebP or HEIC image.");
    await expectUploadError(checkPhotos([file(withMajorBrand("qt  "), "clip.heic")]), "clip.heic is not a JPEG, PNG, WebP or HEIC image.");
  });

  it("refuses a HEIC whose picture cannot be decoded, clearly and without leaving files", async () => {
    const good = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).jpeg().toBuffer();
    const heic = tinyHeic({ blocks: [[[...YCBCR.red], [...YCBCR.blue]]] });
    // Genuine HEIC headers (checkPhotos passes) over HEVC data that is cut off, or garbage.
    const truncated = heic.subarray(0, heic.length - 1500);
    const garbage = Buffer.from(heic);
    const mdat = garbage.indexOf("mdat", 0, "latin1") + 4;
    garbage.fill(0xff, mdat + 4, mdat + 40); // the first slice's header
    for (const broken of [truncated, garbage]) {
      await checkPhotos([file(broken, "IMG_0002.HEIC")]);
      const error = await expectUploadError(
        storePhotos([file(good, "first.jpg"), file(broken, "IMG_0002.HEIC")]),
        "IMG_0002.HEIC could not be read as an image.",
      );
      // libheif's own reason is kept for the log.
      expect(String((error.cause as Error).message)).toMatch(/HEIF processing error\nDecoding image failed/);
      expect(await filesOnDisk()).toEqual([]);
    }
  });

  it("refuses a sixth photo before writing anything", async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).jpeg().toBuffer();
    const six = Array.from({ length: PHOTO_LIMITS.maxFiles + 1 }, (_, i) => file(jpeg, `p${i}.jpg`));
    await expectUploadError(checkPhotos(six), "You can attach at most 5 photos; you chose 6.");
    await expectUploadError(storePhotos(six), "You can attach at most 5 photos; you chose 6.");
    await checkPhotos(six.slice(0, 5));
    expect(await filesOnDisk()).toEqual([]);
  });

  it("refuses a photo over 10 MB", async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectUploadError(checkPhotos([file(big, "photo.jpg", "image/jpeg")]), "photo.jpg is larger than 10 MB.");
    await expectUploadError(storePhotos([file(big, "photo.jpg", "image/jpeg")]), "photo.jpg is larger than 10 MB.");
    expect(await filesOnDisk()).toEqual([]);
  });

  it("goes by content: a text file named .jpg and sent as image/jpeg is refused", async () => {
    const notes = file("Pump P-101 trips on overload after 10 minutes.\n", "notes.jpg", "image/jpeg");
    await expectUploadError(checkPhotos([notes]), "notes.jpg is not a JPEG, PNG, WebP or HEIC image.");
    await expectUploadError(storePhotos([notes]), "notes.jpg is not a JPEG, PNG, WebP or HEIC image.");
    await expectUploadError(checkPhotos([file("", "empty.png")]), "empty.png is not a JPEG, PNG, WebP or HEIC image.");
    expect(await filesOnDisk()).toEqual([]);
  });

  it("refuses a truncated JPEG and removes the photos already stored in the same call", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: BLUE } }).png().toBuffer();
    const jpeg = await sidewaysJpeg();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await checkPhotos([file(truncated, "broken.jpg")]); // its header is intact
    await expectUploadError(
      storePhotos([file(png, "ok.png"), file(truncated, "broken.jpg")]),
      "broken.jpg could not be read as an image.",
    );
    expect(await filesOnDisk()).toEqual([]);
  });

  it("refuses a decompression bomb without decoding it", async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(100);
    await expectUploadError(checkPhotos([file(bomb, "bomb.png")]), "bomb.png is larger than 67 megapixels.");
    await expectUploadError(storePhotos([file(bomb, "bomb.png")]), "bomb.png is larger than 67 megapixels.");
    expect(await filesOnDisk()).toEqual([]);
  });

  it("keeps only a clean base name of at most 120 characters, and uses it in messages", async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).jpeg().toBuffer();
    const long = `${"pump-".repeat(40)}motor.jpeg`;
    const [fromPath, longName, empty] = await storePhotos([
      file(jpeg, "C:\\fakepath\\site\u0000 photo\u0007.jpg"),
      file(jpeg, long),
      file(jpeg, "\u202e\u0001"),
    ]);
    expect(fromPath!.originalName).toBe("site photo.jpg");
    expect(Array.from(longName!.originalName)).toHaveLength(120);
    expect(longName!.originalName).toMatch(/^pump-pump-.*…\.jpeg$/);
    expect(empty!.originalName).toBe("unnamed file");
    await expectUploadError(
      checkPhotos([file("text", "../../etc/\u202egpj.exe\u0000")]),
      "gpj.exe is not a JPEG, PNG, WebP or HEIC image.",
    );
  });

  it("reads the storage dir when storing, not when the module is loaded", async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), "uploads-other-"));
    try {
      setServerConfig(readConfig({ STORAGE_DIR: other, DATA_DIR: other }));
      const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).jpeg().toBuffer();
      const [stored] = await storePhotos([file(jpeg, "a.jpg")]);
      expect(await filesOnDisk(other)).toEqual([stored!.path]);
      expect(await filesOnDisk()).toEqual([]);
    } finally {
      setServerConfig(readConfig({ STORAGE_DIR: storageDir, DATA_DIR: storageDir }));
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe("documents", () => {
  it("accepts a PDF, DOCX and DOC by content and stores them unchanged", async () => {
    const pdf = Buffer.from(MINIMAL_PDF);
    const docx = minimalDocx();
    const doc = ole2("WordDocument");
    for (const f of [file(pdf, "cv.pdf"), file(docx, "cv.docx"), file(doc, "cv.doc")]) await checkDocument(f);

    const storedPdf = await storeDocument(file(pdf, "Asha Rao CV.pdf", "application/octet-stream"));
    const storedDocx = await storeDocument(file(docx, "cv (final).docx"));
    const storedDoc = await storeDocument(file(doc, "old-cv.doc"));
    expect(storedPdf).toEqual({
      path: expect.stringMatching(/^cvs\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/) as string,
      contentType: "application/pdf",
      bytes: pdf.length,
      originalName: "Asha Rao CV.pdf",
    });
    expect(storedDocx).toMatchObject({
      path: expect.stringMatching(/\.docx$/) as string,
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: docx.length,
    });
    expect(storedDoc).toMatchObject({ path: expect.stringMatching(/\.doc$/) as string, contentType: "application/msword" });
    expect(await readFile(path.join(storageDir, storedPdf.path))).toEqual(pdf);
    expect(await readFile(path.join(storageDir, storedDocx.path))).toEqual(docx);
    expect((await filesOnDisk()).sort()).toEqual([storedPdf.path, storedDocx.path, storedDoc.path].sort());
  });

  it("refuses a program renamed .pdf, and other archives or OLE2 files named as Word documents", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200)]);
    await expectUploadError(checkDocument(file(exe, "cv.pdf", "application/pdf")), "cv.pdf is not a PDF, DOC or DOCX file.");
    await expectUploadError(storeDocument(file(exe, "cv.pdf", "application/pdf")), "cv.pdf is not a PDF, DOC or DOCX file.");
    const xlsx = zip({ "[Content_Types].xml": CONTENT_TYPES, "xl/workbook.xml": "<workbook/>" });
    await expectUploadError(checkDocument(file(xlsx, "cv.docx")), "cv.docx is not a PDF, DOC or DOCX file.");
    await expectUploadError(checkDocument(file(ole2("Workbook"), "cv.doc")), "cv.doc is not a PDF, DOC or DOCX file.");
    await expectUploadError(checkDocument(file("", "cv.pdf")), "cv.pdf is not a PDF, DOC or DOCX file.");
    expect(await filesOnDisk()).toEqual([]);
  });

  it("refuses a document over 5 MB", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    await expectUploadError(checkDocument(file(big, "portfolio.pdf")), "portfolio.pdf is larger than 5 MB.");
    await expectUploadError(storeDocument(file(big, "portfolio.pdf")), "portfolio.pdf is larger than 5 MB.");
    const justUnder = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(DOCUMENT_LIMITS.maxBytes - 9, 0x20)]);
    await checkDocument(file(justUnder, "exactly-5mb.pdf"));
    expect(await filesOnDisk()).toEqual([]);
  });
});

describe("removeStored", () => {
  it("deletes stored files, ignores missing ones and never leaves the storage dir", async () => {
    const outside = path.join(os.tmpdir(), `uploads-outside-${process.pid}.txt`);
    await writeFile(outside, "keep me");
    try {
      const stored = await storeDocument(file(MINIMAL_PDF, "cv.pdf"));
      const bogus: StoredFile[] = [
        { ...stored, path: "cvs/2020/01/missing.pdf" },
        { ...stored, path: path.relative(storageDir, outside).split(path.sep).join("/") },
        { ...stored, path: outside },
      ];
      await removeStored([stored, ...bogus]);
      expect(await filesOnDisk()).toEqual([]);
      expect((await stat(outside)).isFile()).toBe(true);
    } finally {
      await rm(outside, { force: true });
    }
  });
});
