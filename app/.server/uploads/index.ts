import sharp, { type Sharp } from "sharp";
import { detectDocument, detectPhoto, PHOTO_HEAD_BYTES, type DocumentType, type PhotoType } from "./detect.ts";
import { decodeHeic } from "./heic.ts";
import { deleteStored, newStoredPath, sanitiseName, writeStored, type StoredFolder } from "./storage.ts";
export { publicStoredFileResponse, storedFileResponse } from "./storage.ts";

/**
 * Files that visitors send: photos of a faulty machine with a service request, a CV with a job
 * application. Everything is checked by its content; photos are re-encoded (which also drops their
 * metadata, location included), documents are kept as sent. Paths are relative to the configured
 * storage dir, read at call time.
 */

export const PHOTO_LIMITS = { maxFiles: 5, maxBytes: 10 * 1024 * 1024, types: ["JPEG", "PNG", "WebP", "HEIC"] } as const;
export const DOCUMENT_LIMITS = { maxBytes: 5 * 1024 * 1024, types: ["PDF", "DOC", "DOCX"] } as const;

/** Photos are scaled down to fit within this square (never enlarged). */
const PHOTO_MAX_SIDE = 2048;
const WEBP_QUALITY = 80;
/**
 * Larger images are refused before they are decoded (a small file can declare a huge image). 67 MP is
 * above any phone's normal photo (an iPhone's 48 MP HEIC included) and bounds a decode to about 256 MB.
 */
const MAX_PIXELS = 8192 * 8192;

export interface StoredFile {
  /** Relative to the storage dir, forward slashes. */
  path: string;
  contentType: string;
  bytes: number;
  originalName: string;
  width?: number;
  height?: number;
}

/** A stored photo's columns of request_photos (the rest, who and what for, is the caller's). */
export function photoColumns(f: StoredFile) {
  return { path: f.path, contentType: f.contentType, width: f.width ?? 0, height: f.height ?? 0, bytes: f.bytes, originalName: f.originalName };
}

/** A problem with a visitor's file; the message is meant for the visitor, beside the field. */
export class UploadError extends Error {
  override name = "UploadError";

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/** Files the visitor actually chose: drops the empty File that a form without a selection sends (size 0 and name ""). */
export function chosenFiles(values: FormDataEntryValue[]): File[] {
  return values.filter((v): v is File => typeof v !== "string" && !(v.size === 0 && v.name === ""));
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

const notAPhoto = (name: string) => new UploadError(`${name} is not a ${orList(PHOTO_LIMITS.types)} image.`);
const unreadable = (name: string, cause?: unknown) => new UploadError(`${name} could not be read as an image.`, { cause });
const tooManyPixels = (name: string) => new UploadError(`${name} is larger than ${Math.floor(MAX_PIXELS / 1e6)} megapixels.`);
const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** What sharp's metadata calls each accepted type. */
const SHARP_FORMAT: Record<PhotoType, string> = { JPEG: "jpeg", PNG: "png", WebP: "webp", HEIC: "heif" };

// Decoding and encoding an image takes a lot of memory: one image at a time in the whole process, also
// when several requests arrive together.
let imageQueue: Promise<unknown> = Promise.resolve();

function oneImageAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(task);
  imageQueue = run.catch(() => undefined);
  return run;
}

/** Size, real type and declared pixel count of one photo; returns its type and content. */
async function inspectPhoto(file: File, name: string): Promise<{ type: PhotoType; bytes: Buffer }> {
  if (file.size > PHOTO_LIMITS.maxBytes) throw new UploadError(`${name} is larger than ${megabytes(PHOTO_LIMITS.maxBytes)}.`);
  const type = detectPhoto(new Uint8Array(await file.slice(0, PHOTO_HEAD_BYTES).arrayBuffer()));
  if (!type) throw notAPhoto(name);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > PHOTO_LIMITS.maxBytes) throw new UploadError(`${name} is larger than ${megabytes(PHOTO_LIMITS.maxBytes)}.`);
  let metadata;
  try {
    // The header only: cheap, and refuses a decompression bomb before anything is decoded.
    metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels(name) : unreadable(name, error);
  }
  // A HEIF file whose image is not HEVC-coded (AVIF, JPEG in HEIF) is not a HEIC photo.
  if (metadata.format !== SHARP_FORMAT[type] || (type === "HEIC" && metadata.compression !== "hevc")) throw notAPhoto(name);
  if (!metadata.width || !metadata.height) throw unreadable(name);
  if (metadata.width * metadata.height > MAX_PIXELS) throw tooManyPixels(name);
  return { type, bytes };
}

/** Checks count, size and real type (by magic bytes, not by name or the client's MIME type) of every photo, WITHOUT writing anything; throws UploadError with a clear message for the first problem. Use this before committing anything. */
export async function checkPhotos(files: File[]): Promise<void> {
  if (files.length > PHOTO_LIMITS.maxFiles) {
    throw new UploadError(`You can attach at most ${PHOTO_LIMITS.maxFiles} photos; you chose ${files.length}.`);
  }
  for (const file of files) await inspectPhoto(file, sanitiseName(file.name));
}

/** Decodes (auto-rotated), scales down and encodes one photo as WebP; metadata is not carried over. */
async function toWebp(type: PhotoType, bytes: Buffer, name: string): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    let image: Sharp;
    if (type === "HEIC") {
      const decoded = await decodeHeic(bytes);
      image = sharp(decoded.data, {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
        limitInputPixels: MAX_PIXELS,
      });
      if (decoded.opaque) image = image.removeAlpha();
    } else {
      // failOn "warning" (sharp's default, explicit here) refuses truncated and corrupt files.
      image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning" }).autoOrient();
    }
    const { data, info } = await image
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw isPixelLimitError(error) ? tooManyPixels(name) : unreadable(name, error);
  }
}

/** Re-encodes each photo (auto-rotated by EXIF, metadata stripped, resized to fit within 2048x2048 without enlarging, written as WebP quality ~80) under `${storageDir}/<folder>/YYYY/MM/<random uuid>.webp` (folder: requests, the default; content for the content screen's images) and returns what was stored. HEIC/HEIF (iPhone photos, HEVC) is decoded with heic-decode (sharp's prebuilt libvips cannot decode HEVC) and then encoded with sharp. A file that claims to be an image but cannot be decoded throws UploadError ('<name> could not be read as an image.'). If any photo fails, remove the files already written for this call before throwing. */
export async function storePhotos(files: File[], folder: Extract<StoredFolder, "requests" | "content"> = "requests"): Promise<StoredFile[]> {
  await checkPhotos(files);
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const name = sanitiseName(file.name);
      const { type, bytes } = await inspectPhoto(file, name);
      const photo = await oneImageAtATime(() => toWebp(type, bytes, name));
      const relative = newStoredPath(folder, "webp");
      await writeStored(relative, photo.data);
      stored.push({
        path: relative,
        contentType: "image/webp",
        bytes: photo.data.length,
        originalName: name,
        width: photo.width,
        height: photo.height,
      });
    }
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
  return stored;
}

/**
 * The photos chosen in a form's photo field, stored; or, when none was chosen (`noneChosen`) or one is refused,
 * the message to show beside the field, with nothing written.
 */
export async function storeChosenPhotos(values: FormDataEntryValue[], noneChosen: string): Promise<{ ok: true; stored: StoredFile[] } | { ok: false; message: string }> {
  const files = chosenFiles(values);
  if (files.length === 0) return { ok: false, message: noneChosen };
  try {
    return { ok: true, stored: await storePhotos(files) };
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, message: error.message };
    throw error;
  }
}

const DOCUMENT_FORMATS: Record<DocumentType, { extension: string; contentType: string }> = {
  PDF: { extension: "pdf", contentType: "application/pdf" },
  DOC: { extension: "doc", contentType: "application/msword" },
  DOCX: { extension: "docx", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
};

async function inspectDocument(file: File, name: string): Promise<{ type: DocumentType; bytes: Buffer }> {
  if (file.size > DOCUMENT_LIMITS.maxBytes) throw new UploadError(`${name} is larger than ${megabytes(DOCUMENT_LIMITS.maxBytes)}.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > DOCUMENT_LIMITS.maxBytes) throw new UploadError(`${name} is larger than ${megabytes(DOCUMENT_LIMITS.maxBytes)}.`);
  const type = detectDocument(bytes);
  if (!type) throw new UploadError(`${name} is not a ${orList(DOCUMENT_LIMITS.types)} file.`);
  return { type, bytes };
}

/** Checks a CV: at most 5 MB, PDF (%PDF-), DOC (OLE2 with a WordDocument stream) or DOCX (a ZIP with a `word/` entry), by its content; throws UploadError otherwise. */
export async function checkDocument(file: File): Promise<void> {
  await inspectDocument(file, sanitiseName(file.name));
}

/** Stores the CV as is under `${storageDir}/cvs/YYYY/MM/<uuid>.<pdf|doc|docx>` and returns what was stored. */
export async function storeDocument(file: File): Promise<StoredFile> {
  const name = sanitiseName(file.name);
  const { type, bytes } = await inspectDocument(file, name);
  const { extension, contentType } = DOCUMENT_FORMATS[type];
  const relative = newStoredPath("cvs", extension);
  await writeStored(relative, bytes);
  return { path: relative, contentType, bytes: bytes.length, originalName: name };
}

/** Deletes stored files (best effort), for rolling back after a failed database write. */
export async function removeStored(files: StoredFile[]): Promise<void> {
  await Promise.all(files.map((f) => deleteStored(f.path).catch(() => undefined)));
}
