import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getServerConfig } from "~/.server/config.ts";
import { noStore } from "~/.server/http/cache.ts";

/** Read at call time: tests and start-up set the configuration after this module is imported. */
function storageDir(): string {
  return getServerConfig().storageDir;
}

/** Where each kind of file goes: request and job photos, CVs, images for content bodies. */
export type StoredFolder = "requests" | "cvs" | "content";

/** `${folder}/YYYY/MM/<uuid>.<ext>`, relative to the storage dir, with forward slashes (UTC month). */
export function newStoredPath(folder: StoredFolder, extension: string, now = new Date()): string {
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${folder}/${year}/${month}/${randomUUID()}.${extension}`;
}

/**
 * The absolute path of a stored file, or undefined when the relative path would leave the storage dir
 * (paths come back from the database; a bad one must not delete anything else).
 */
export function absoluteStoredPath(relative: string): string | undefined {
  const root = storageDir();
  if (!relative || path.isAbsolute(relative) || relative.includes("\0")) return undefined;
  const absolute = path.resolve(root, ...relative.split("/"));
  const inside = path.relative(root, absolute);
  return inside && !inside.startsWith("..") && !path.isAbsolute(inside) ? absolute : undefined;
}

/**
 * Writes a new file under a temporary name in the same folder and renames it into place, so that nothing
 * ever sees a half-written file under its final name.
 */
export async function writeStored(relative: string, data: Uint8Array): Promise<void> {
  const target = absoluteStoredPath(relative);
  if (!target) throw new Error(`Not a storage path: ${relative}`);
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, data, { flag: "wx" });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Deletes a stored file; a missing file or a path outside the storage dir is ignored. */
export async function deleteStored(relative: string): Promise<void> {
  const target = absoluteStoredPath(relative);
  if (target) await rm(target, { force: true });
}

const MAX_NAME_LENGTH = 120;
// C0/C1 control characters, and the invisible direction marks that can make "cv‮fdp.exe" read as "cv.exe.pdf".
const UNSAFE_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name shown to people (and kept as originalName): the base name only, without control characters,
 * at most 120 characters; a long name keeps its extension ("very-long…name.jpg").
 */
export function sanitiseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base.normalize("NFC").replace(UNSAFE_CHARACTERS, "").trim();
  const chars = Array.from(clean);
  if (!chars.length) return "unnamed file";
  if (chars.length <= MAX_NAME_LENGTH) return clean;
  const extension = /\.[^.\s]{1,10}$/u.exec(clean)?.[0] ?? "";
  const keep = MAX_NAME_LENGTH - 1 - Array.from(extension).length;
  return `${chars.slice(0, keep).join("").trimEnd()}…${extension}`;
}

/**
 * A stored file as a response for a signed-in person who may see it (a customer's own photo, an admin):
 * private to their browser, never shared by a cache, opened inline and never sniffed as another type.
 * A missing file is a 404.
 */
export async function storedFileResponse(relative: string, contentType: string, downloadName?: string): Promise<Response> {
  const absolute = absoluteStoredPath(relative);
  const data = absolute ? await readFile(absolute).catch(() => undefined) : undefined;
  if (!data) return new Response("Not found", { status: 404, headers: noStore() });
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Cache-Control": "private, max-age=600",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  };
  if (downloadName) headers["Content-Disposition"] = `inline; filename*=UTF-8''${encodeURIComponent(downloadName)}`;
  return new Response(data, { headers });
}

/**
 * A stored file anyone may see (an image of the site's content, under a random name that is never reused):
 * cached by browsers and shared caches for a year, never sniffed as another type. A missing file is a 404.
 */
export async function publicStoredFileResponse(relative: string, contentType: string): Promise<Response> {
  const absolute = absoluteStoredPath(relative);
  const data = absolute ? await readFile(absolute).catch(() => undefined) : undefined;
  if (!data) return new Response("Not found", { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
  return new Response(data, {
    headers: {
      "Content-Type": contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
    },
  });
}
