/**
 * What a file really is, from its first bytes: never from its name or the MIME type the browser sent.
 */

export type PhotoType = "JPEG" | "PNG" | "WebP" | "HEIC";
export type DocumentType = "PDF" | "DOC" | "DOCX";

/** How many leading bytes detectPhoto looks at (an 'ftyp' box lists its brands there). */
export const PHOTO_HEAD_BYTES = 256;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function u32be(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// The major brands heic-decode accepts. 'mif1'/'msf1' only say "some HEIF": AVIF files use them too, so
// a file under those brands that names AV1 (and no HEVC brand) among its compatible brands is not HEIC.
const HEVC_BRANDS = new Set(["heic", "heix", "hevc", "hevx"]);
const GENERIC_HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AV1_BRANDS = new Set(["avif", "avis"]);

function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxEnd = Math.min(u32be(bytes, 0), bytes.length);
  const major = ascii(bytes, 8, 12);
  const compatible: string[] = [];
  for (let i = 16; i + 4 <= boxEnd; i += 4) compatible.push(ascii(bytes, i, i + 4));
  if (HEVC_BRANDS.has(major)) return true;
  if (!GENERIC_HEIF_BRANDS.has(major)) return false;
  return compatible.some((b) => HEVC_BRANDS.has(b)) || !compatible.some((b) => AV1_BRANDS.has(b));
}

/** The photo type of a file from its first PHOTO_HEAD_BYTES bytes, or undefined for anything else. */
export function detectPhoto(head: Uint8Array): PhotoType | undefined {
  if (startsWith(head, JPEG)) return "JPEG";
  if (startsWith(head, PNG)) return "PNG";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "WebP";
  if (isHeic(head)) return "HEIC";
  return undefined;
}

const PDF = [...Buffer.from("%PDF-", "latin1")];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// Every Word 97-2003 file has this stream; Excel workbooks, PowerPoint files and MSI installers
// (OLE2 containers too) do not. Directory entry names are UTF-16LE.
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

/** True when a ZIP archive has an entry under word/ (found from the local file headers). */
function hasWordEntry(zip: Buffer): boolean {
  for (let at = zip.indexOf(ZIP_LOCAL_HEADER); at >= 0 && at + 30 <= zip.length; at = zip.indexOf(ZIP_LOCAL_HEADER, at + 4)) {
    const nameLength = zip.readUInt16LE(at + 26);
    if (zip.toString("latin1", at + 30, Math.min(at + 30 + nameLength, zip.length)).startsWith("word/")) return true;
  }
  return false;
}

/** The document type of a whole file, or undefined for anything else. */
export function detectDocument(bytes: Uint8Array): DocumentType | undefined {
  if (startsWith(bytes, PDF)) return "PDF";
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, OLE2)) return buffer.includes(WORD_STREAM) ? "DOC" : undefined;
  if (startsWith(bytes, [...ZIP_LOCAL_HEADER])) return hasWordEntry(buffer) ? "DOCX" : undefined;
  return undefined;
}
