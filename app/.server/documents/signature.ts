import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { auditNow, type AuditActor } from "~/.server/audit/index.ts";
import { detectPhoto } from "~/.server/uploads/detect.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { absoluteStoredPath, deleteStored, sanitiseName, writeStored } from "~/.server/uploads/storage.ts";

/**
 * The authorised signatory's signature, printed above "Authorised signatory" on tax invoices, credit notes
 * and quotes (CGST rule 46(q): a signature or digital signature of the supplier or their representative).
 *
 * The owner uploads a scan or photo in Settings > Payments. Like every upload it is checked by its content
 * and re-encoded (sharp: metadata dropped, turned upright), then trimmed of its blank margin, fitted into
 * SIGNATURE_BOX and kept as one PNG in the storage directory (never served as a static file). One file,
 * replaced atomically: there is only ever one signature, and the PDFs read it as they are made.
 */

export const SIGNATURE_PATH = "signature/authorised-signatory.png";
export const SIGNATURE_LIMITS = { maxBytes: 2 * 1024 * 1024, types: ["JPEG", "PNG", "WebP"] } as const;
/** Pixels: about 3:1, printed 150 x 50 points (300 dpi at that size is plenty). */
const SIGNATURE_BOX = { width: 900, height: 300 };
const MAX_PIXELS = 8192 * 8192;

let cached: { image: Buffer | null } | undefined;

/** The stored signature as PNG, or null when none was uploaded. */
export async function readSignature(): Promise<Buffer | null> {
  if (cached) return cached.image;
  const file = absoluteStoredPath(SIGNATURE_PATH);
  let image: Buffer | null = null;
  try {
    image = file ? await readFile(file) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  cached = { image };
  return image;
}

/** Checks, re-encodes and stores an uploaded signature (replacing any), and audits it; UploadError for the field. */
export async function storeSignature(file: File, actor: AuditActor): Promise<void> {
  const name = sanitiseName(file.name) || "The file";
  if (file.size === 0) throw new UploadError("Choose the image of the signature.");
  const tooLarge = new UploadError(`${name} is larger than 2 MB. Attach a smaller scan of the signature.`);
  if (file.size > SIGNATURE_LIMITS.maxBytes) throw tooLarge;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > SIGNATURE_LIMITS.maxBytes) throw tooLarge;
  const type = detectPhoto(bytes.subarray(0, 256));
  if (type !== "JPEG" && type !== "PNG" && type !== "WebP") throw new UploadError(`${name} is not a JPEG, PNG or WebP image.`);
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning" })
      .autoOrient()
      .trim({ threshold: 40 })
      .resize({ ...SIGNATURE_BOX, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    throw new UploadError(`${name} could not be read as an image. Attach a clear scan of the signature.`, { cause: error });
  }
  await writeStored(SIGNATURE_PATH, png);
  cached = { image: png };
  await auditNow(actor, { action: "settings.signature", entityType: "settings", entityId: "signature", entityLabel: "Authorised signatory's signature", after: { uploaded: name, bytes: png.length } });
}

/** Removes the signature (the PDFs then leave the space above the line blank for a hand signature). */
export async function removeSignature(actor: AuditActor): Promise<boolean> {
  const had = (await readSignature()) !== null;
  await deleteStored(SIGNATURE_PATH);
  cached = { image: null };
  if (had) await auditNow(actor, { action: "settings.signature", entityType: "settings", entityId: "signature", entityLabel: "Authorised signatory's signature", before: { uploaded: true }, after: { removed: true } });
  return had;
}

/** Forgets what was read (tests switch storage directories). */
export function forgetSignature(): void {
  cached = undefined;
}
