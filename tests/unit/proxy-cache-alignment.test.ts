import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageCache } from "../../server/page-cache.ts";
import { proxyCacheAlignment } from "../../server/proxy-cache-alignment.ts";

/**
 * ADR 073: behind nginx, a page nginx may store is padded so that its body starts on a 4 KB boundary of nginx's
 * cache file (nginx's own header, "\nKEY: ", the key, "\n", then the response as the instance wrote it). Checked
 * on the bytes Node really writes, read from a socket.
 */

const FILE_HEADER_BYTES = 336;

function startServer(trustProxy: boolean) {
  const app = new Hono();
  app.use(proxyCacheAlignment({ trustProxy }));
  app.use(pageCache({ version: () => 1 }));
  app.get("/private", (c) => c.html("<p>yours</p>", 200, { "Cache-Control": "private, no-store" }));
  app.get("*", (c) => {
    const size = Number(c.req.query("size") ?? 5000);
    // A page's own headers, of a size that varies with the address, as the CSP's hashes do.
    c.header("Content-Security-Policy", `script-src 'self' ${"'sha256-x' ".repeat(size % 23)}`);
    c.header("Cache-Control", "public, max-age=60, s-maxage=5");
    return c.html(`<p>${"page ".repeat(size / 5)}</p>`, c.req.path === "/missing" ? 404 : 200);
  });
  const server = http.createServer(getRequestListener(app.fetch));
  server.keepAliveTimeout = 65_000;
  return server;
}

/** One request on a raw socket: the response's bytes exactly as written. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let expected = Infinity;
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf("\r\n\r\n");
      if (headEnd >= 0 && expected === Infinity) {
        const length = /\r\ncontent-length: (\d+)/i.exec(all.subarray(0, headEnd).toString("latin1"))?.[1];
        expected = headEnd + 4 + Number(length ?? 0);
      }
      if (all.length >= expected) {
        socket.destroy();
        resolve(all);
      }
    });
    socket.on("error", reject);
    const lines = Object.entries({ host: "shop.example", ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${path} HTTP/1.1\r\n${lines.join("")}\r\n`);
  });
}

const head = (response: Buffer) => response.subarray(0, response.indexOf("\r\n\r\n") + 4);
const fromNginx = (key: string) => ({ "x-cache-key": key, "x-cache-file-header-bytes": String(FILE_HEADER_BYTES) });
/** Where the body would start in nginx's cache file. */
const bodyOffset = (key: string, response: Buffer) => FILE_HEADER_BYTES + "\nKEY: ".length + key.length + "\n".length + head(response).length;

describe("pages laid out for nginx's cache", () => {
  let trusted: http.Server;
  let untrusted: http.Server;
  const port = (server: http.Server) => (server.address() as AddressInfo).port;

  beforeAll(async () => {
    trusted = startServer(true);
    untrusted = startServer(false);
    await Promise.all([trusted, untrusted].map((s) => new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))));
  });
  afterAll(() => {
    for (const s of [trusted, untrusted]) {
      s.close();
      s.closeAllConnections();
    }
  });

  it("starts the body of every page nginx may store on a 4 KB boundary, whatever its headers and key", async () => {
    const cases = [
      { path: "/", size: 5000 },
      { path: "/services/vfd-repair?size=12345", size: 12345 },
      { path: "/missing", size: 5000 },
      { path: `/${"long-address-".repeat(40)}?size=777`, size: 777 },
    ];
    for (const { path } of cases) {
      for (const encoding of ["gzip", "identity"]) {
        const key = `httpshop.example${path}`;
        // The first answer is the page cache's miss, the second its hit: both are laid out.
        for (let i = 0; i < 2; i += 1) {
          const response = await rawGet(port(trusted), path, { ...fromNginx(key), "accept-encoding": encoding });
          expect(response.subarray(0, 15).toString(), path).toMatch(/^HTTP\/1\.1 (200|404)/);
          expect(head(response).toString("latin1")).toMatch(/\r\nx-cache-align: \.*\r\n/);
          expect(bodyOffset(key, response) % 4096, `${path} ${encoding}`).toBe(0);
        }
      }
    }
  });

  it("leaves alone what nginx would not store, and everything when it is not behind a trusted proxy", async () => {
    const key = "httpshop.example/";
    const unpadded = [
      await rawGet(port(untrusted), "/", { ...fromNginx(key) }),
      await rawGet(port(trusted), "/", {}),
      await rawGet(port(trusted), "/", { ...fromNginx(key), cookie: "sid=abc" }),
      await rawGet(port(trusted), "/private", { ...fromNginx("httpshop.example/private") }),
    ];
    for (const response of unpadded) {
      expect(head(response).toString("latin1")).not.toMatch(/x-cache-align/i);
      // Node's own Date and Connection headers, as usual.
      expect(head(response).toString("latin1")).toMatch(/\r\nDate: /);
    }
  });
});
