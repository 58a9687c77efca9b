import { readFile } from "node:fs/promises";
import { absoluteStoredPath } from "~/.server/uploads/storage.ts";

/**
 * An investor document's PDF as a response: opened in the browser with its name, never sniffed as another
 * type, and with a sandboxing CSP. Cached by the browser only ("private"): the server's page cache keeps
 * pages, not 20 MB reports, and an unpublished report must stop being served at once. A missing file is 404.
 */
export async function pdfResponse(relative: string, fileName: string): Promise<Response> {
  const absolute = absoluteStoredPath(relative);
  const data = absolute ? await readFile(absolute).catch(() => undefined) : undefined;
  if (!data) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(data, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(data.byteLength),
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, max-age=300",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
