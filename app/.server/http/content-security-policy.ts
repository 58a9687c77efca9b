import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of every HTML response (issue 20 §4, ADR 061).
 *
 * Scripts run only from this origin, or inline when the response's header names the inline script's SHA-256:
 * the hashes are taken from the finished page (entry.server.tsx), so the page cache stores them with its
 * headers and a cached page goes out unchanged, with no nonce to write into its bytes (nor into their gzip).
 * A nonce would also stop being one the moment a shared cache (nginx) hands the same page to a second visitor.
 */

export interface PolicyOptions {
  /** 'sha256-…' sources for the page's inline scripts (inlineScriptHashes). */
  scriptHashes?: readonly string[];
  /** Origins outside this site that a form on the page is sent on to by a redirect (form-action checks those too). */
  formTargets?: readonly string[];
  /** Vite's development server: its hot-reload socket. */
  development?: boolean;
}

/**
 * A purchase order sent by WhatsApp: the form's post is answered with a 303 to WhatsApp's click-to-chat address
 * (wa.me, which goes on to api.whatsapp.com) with the order's text (app/routes/admin/vendors/order.tsx).
 */
const WHATSAPP_CLICK_TO_CHAT = "https://wa.me https://api.whatsapp.com";

export function contentSecurityPolicy({ scriptHashes = [], formTargets = [], development = false }: PolicyOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((h) => ` ${h}`).join("")}`,
    // Styles: the stylesheet is ours, but React writes style attributes (deferred-section's sizes), sonner adds its
    // <style> element when the first toast shows, and the receipt link's problem page is styled inline. Inline CSS
    // cannot run code, and every address CSS could load from (img-src, font-src, @import) is this site's own, so
    // injected CSS could not send a page's text anywhere: 'unsafe-inline' here costs little (ADR 061).
    "style-src 'self' 'unsafe-inline'",
    // Photos, content images, signatures are served here; QR codes are inline SVG markup. No data: image is used.
    "img-src 'self'",
    "font-src 'self'",
    // Page data, form posts by fetch, the live event stream (EventSource), visitor pings. The video call's
    // signalling goes the same way; its media (WebRTC) is not governed by connect-src.
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    // The video call's streams play through srcObject, which no source list governs.
    "media-src 'self'",
    // The technician portal's service worker (/sw-technician.js).
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${WHATSAPP_CLICK_TO_CHAT}${formTargets.map((o) => ` ${o}`).join("")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

const SCRIPT_OPEN = Buffer.from("<script");
const SCRIPT_CLOSE = Buffer.from("</script>");
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
/** Script types a browser runs; anything else (application/ld+json) is data, never executed, and needs no hash. */
const RUNNABLE_TYPE = /^(module|text\/javascript|application\/javascript)$/i;

/**
 * The CSP hash source of each inline script the page runs, taken from the bytes as sent (the browser hashes
 * the script element's text as written, and React and React Router escape any "</script" inside it).
 * Works on the bytes, without decoding the page: a 160 KB home page costs about 0.1 ms.
 */
export function inlineScriptHashes(html: Uint8Array): string[] {
  const page = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const hashes = new Set<string>();
  let at = page.indexOf(SCRIPT_OPEN);
  while (at >= 0) {
    const after = page[at + SCRIPT_OPEN.length];
    // "<script" followed by a space or ">" opens a script element ("<scripts" is text).
    if (after !== 0x20 && after !== 0x3e && after !== 0x0a && after !== 0x09) {
      at = page.indexOf(SCRIPT_OPEN, at + 1);
      continue;
    }
    const tagEnd = page.indexOf(0x3e, at);
    const close = tagEnd < 0 ? -1 : page.indexOf(SCRIPT_CLOSE, tagEnd);
    if (close < 0) break;
    const attributes = page.toString("latin1", at + SCRIPT_OPEN.length, tagEnd);
    const type = TYPE_ATTRIBUTE.exec(attributes)?.[1];
    if (!SRC_ATTRIBUTE.test(attributes) && (type === undefined || RUNNABLE_TYPE.test(type))) {
      hashes.add(`'sha256-${createHash("sha256").update(page.subarray(tagEnd + 1, close)).digest("base64")}'`);
    }
    at = page.indexOf(SCRIPT_OPEN, close + SCRIPT_CLOSE.length);
  }
  return [...hashes];
}

/** The origin of an address, or undefined for one that does not parse (a bad setting must not break every page). */
export function originOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const origin = new URL(address).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}
