/** Technicians' ID proof files: checked by content, stored (photos re-encoded without metadata), opened by admins only. */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { detectDocument, detectPhoto } from "~/.server/uploads/detect.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { absoluteStoredPath, deleteStored, sanitiseName, writeStored } from "~/.server/uploads/storage.ts";
import { ID_PROOF_LIMITS } from "~/lib/forms/technician-registration.ts";
import { findApplication } from "./review.ts";

// Kept under the storage directory (never served as static files), in id-proofs/YYYY/MM/<uuid>.<ext>;
// only an admin can open one (routes/admin/technicians/id-proof.ts). A PDF is kept as sent; a photo is
// re-encoded, which drops its metadata (the phone's location included).

/** Larger images are refused before they are decoded (as for request photos). */
const MAX_PIXELS = 8192 * 8192;

const ID_PROOF_FORMATS = {
  PDF: { extension: "pdf", contentType: "application/pdf" },
  JPEG: { extension: "jpg", contentType: "image/jpeg" },
  PNG: { extension: "png", contentType: "image/png" },
} as const;

type IdProofFormat = keyof typeof ID_PROOF_FORMATS;

export interface StoredIdProof {
  path: string;
  name: string;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

async function inspectIdProof(file: File): Promise<{ format: IdProofFormat; bytes: Buffer; name: string }> {
  const name = sanitiseName(file.name);
  const tooLarge = new UploadError(`${name} is larger than ${megabytes(ID_PROOF_LIMITS.maxBytes)}. Attach a smaller scan or photo.`);
  if (file.size > ID_PROOF_LIMITS.maxBytes) throw tooLarge;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > ID_PROOF_LIMITS.maxBytes) throw tooLarge;
  const photo = detectPhoto(bytes.subarray(0, 256));
  const format: IdProofFormat | undefined =
    detectDocument(bytes) === "PDF" ? "PDF" : photo === "JPEG" || photo === "PNG" ? photo : undefined;
  if (!format) throw new UploadError(`${name} is not a PDF, JPEG or PNG file.`);
  return { format, bytes, name };
}

/** A photo re-encoded in its own format, turned upright, without metadata. */
async function cleanPhoto(format: "JPEG" | "PNG", bytes: Buffer, name: string): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning" }).autoOrient();
    return await (format === "JPEG" ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png()).toBuffer();
  } catch (error) {
    throw new UploadError(`${name} could not be read as an image. Attach a clear scan or photo.`, { cause: error });
  }
}

/** Checks (by content, not by name) and stores an ID proof; throws UploadError with a message for the field. */
export async function storeIdProof(file: File, now = new Date()): Promise<StoredIdProof> {
  const { format, bytes, name } = await inspectIdProof(file);
  const data = format === "PDF" ? bytes : await cleanPhoto(format, bytes, name);
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  const path = `id-proofs/${year}/${month}/${randomUUID()}.${ID_PROOF_FORMATS[format].extension}`;
  await writeStored(path, data);
  return { path, name };
}

/** What an admin's browser is told a stored ID proof is. */
export function idProofContentType(path: string): string {
  const extension = path.split(".").pop()?.toLowerCase();
  const found = Object.values(ID_PROOF_FORMATS).find((f) => f.extension === extension);
  return found?.contentType ?? "application/octet-stream";
}

/** Deletes stored files, each once, ignoring any already gone. */
export async function removeFiles(paths: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(paths)].map((p) => deleteStored(p).catch(() => undefined)));
}

/** The stored ID proof of an application, for the admin's browser; undefined when it is missing. */
export async function idProofFile(id: number): Promise<{ absolutePath: string; name: string; contentType: string } | undefined> {
  const row = await findApplication(id);
  if (!row) return undefined;
  const absolutePath = absoluteStoredPath(row.idProofPath);
  if (!absolutePath) return undefined;
  return { absolutePath, name: row.idProofName, contentType: idProofContentType(row.idProofPath) };
}
