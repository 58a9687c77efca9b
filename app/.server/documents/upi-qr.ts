import QRCode from "qrcode";

/**
 * The UPI link's QR code (~/lib/money/upi.ts makes the link), drawn once here for both places that show it:
 * the invoice's web page takes it as SVG, the PDF as PNG. Same code, same error correction (M) and quiet
 * zone of four modules (what scanners expect), black on white; only the encoding differs.
 *
 * Cached per link and encoding: the same invoice is viewed and downloaded again and again with the same
 * amount due, and making the code is most of a PDF's cost.
 */

export type QrEncoding = "svg" | "png";

const CACHE_SIZE = 400;
const cache = new Map<string, Promise<string | Buffer>>();
const colours = { dark: "#000000", light: "#ffffff" };

export function upiQr(uri: string, encoding: "svg"): Promise<string>;
export function upiQr(uri: string, encoding: "png"): Promise<Buffer>;
export function upiQr(uri: string, encoding: QrEncoding): Promise<string | Buffer> {
  const key = `${encoding}:${uri}`;
  let drawn = cache.get(key);
  if (!drawn) {
    drawn =
      encoding === "svg"
        ? QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4, color: colours })
        : // Three pixels a module is plenty for a code printed about 37 mm wide: scanners need contrast, not
          // resolution. And the fastest deflate: pdfkit decodes the PNG and compresses it again anyway.
          QRCode.toBuffer(uri, { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 3, color: colours, rendererOpts: { deflateLevel: 1 } });
    drawn.catch(() => cache.delete(key));
    cache.set(key, drawn);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  return drawn;
}
