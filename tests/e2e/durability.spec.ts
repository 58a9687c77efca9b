import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { serviceRequestForm } from "../../scripts/lib/html-forms.ts";
import { startProductionServer, type RunningServer } from "../../scripts/lib/production-server.ts";

/**
 * A submission the server has acknowledged survives the server being killed the moment it answered:
 * the production server on the embedded PGlite database in a data dir of its own gets a request, and
 * is sent SIGKILL as soon as the 303 arrives (before anything else can happen: no shutdown, no lock
 * release). Started again on the same data dir (its PID lock now stale, which it takes over), it shows the
 * receipt the 303 pointed to, with the same reference.
 */

/**
 * Posts the form and kills the server (SIGKILL) the moment the response's status line and headers arrive,
 * before the body is read. Returns the status and Location.
 */
function postThenKill(server: RunningServer, target: string, form: Record<string, string>): Promise<{ status: number; location: string | undefined }> {
  const body = Buffer.from(new URLSearchParams(form).toString());
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: new URL(server.baseUrl).hostname,
        port: new URL(server.baseUrl).port,
        method: "POST",
        path: target,
        agent: false,
        headers: {
          Origin: server.baseUrl,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(body.length),
        },
      },
      (res) => {
        server.kill();
        res.resume();
        res.on("error", () => undefined);
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function get(base: string, target: string): Promise<{ status: number; body: string }> {
  const response = await fetch(new URL(target, base), { redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

function uniqueMobile(): string {
  return `9${String((Date.now() * 7 + process.pid) % 1e9).padStart(9, "0")}`;
}

const cases: Array<{ title: string; target: string; form: (mobile: string) => Record<string, string> }> = [
  {
    title: "a service request",
    target: "/request",
    form: (mobile) => Object.fromEntries(serviceRequestForm(mobile, { urgency: "emergency" })),
  },
  {
    title: "a quick request",
    target: "/?index",
    form: (mobile) => ({
      name: "Sunita Reddy",
      phone: mobile,
      description: "Quotation for an AMC on six drives.",
      consent: "yes",
      fax_number_2: "",
      idempotencyKey: crypto.randomUUID(),
    }),
  },
];

for (const c of cases) {
  test(`${c.title} acknowledged with 303 survives kill -9 the moment the 303 arrives`, async () => {
    test.setTimeout(240_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "durability-"));
    // The data dir is given, so that it outlives the first server: the restart opens the same one.
    const start = () => startProductionServer(undefined, { DATA_DIR: dataDir });
    let server: RunningServer | undefined;
    try {
      server = await start();
      const mobile = uniqueMobile();
      const { status, location } = await postThenKill(server, c.target, c.form(mobile));
      expect(await server.exited, "the server was killed, not stopped").toBe("SIGKILL");
      expect(status, server.output().slice(-2000)).toBe(303);
      const match = /^\/thank-you\?ref=(SR-\d{4}-\d{4,})&sig=[\w-]+$/.exec(location ?? "");
      expect(match, `Location: ${location}`).not.toBeNull();
      const reference = match![1]!;

      // Killed: its lock is left behind, naming a process that no longer runs.
      const lock = path.join(dataDir, ".lock");
      expect(fs.existsSync(lock), "a killed server leaves its lock file").toBe(true);
      expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(server.pid));

      server = await start();
      const receipt = await get(server.baseUrl, location!);
      expect(receipt.status, `GET ${location} after the restart`).toBe(200);
      expect(receipt.body).toContain(reference);
      expect(receipt.body).toContain(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
      // The new process holds the lock now.
      expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(server.pid));
    } finally {
      await server?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
