import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getServerConfig } from "~/.server/config.ts";

/**
 * The real text of a message that carries a one-time code, as the outbox keeps it until the message is sent
 * (ADR 025): encrypted with AES-256-GCM under a key derived from the server's secret, so that a
 * database dump, a backup or a query in the back office never shows a code. The outbox drops it once the
 * message is sent or given up.
 */

export interface SealedMessage {
  body: string;
  variables: Record<string, string>;
}

const VERSION = "v1";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", getServerConfig().sessionSecret, "outbox", "sealed-message", 32));
}

export function sealMessage(message: SealedMessage): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(message), "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), data.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The sealed text; throws when it cannot be opened (another secret, or tampered with). */
export function openSealedMessage(sealed: string): SealedMessage {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !data || !tag) throw new Error("sealed message: unknown format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const text = Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(text) as SealedMessage;
}

/** What every screen, export and log shows in place of a one-time code. */
export const CODE_MASK = "••••••";

/** The template variables that hold a one-time code: never stored readable, never shown. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(["code"]);

/** text with every secret value masked (a provider's error may quote the message it refused). */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  let masked = text;
  for (const secret of secrets) if (secret) masked = masked.replaceAll(secret, CODE_MASK);
  return masked;
}
