import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/production-server.ts";

/**
 * End-to-end tests run against the production build, started on a free port with a fresh embedded
 * database, at desktop and at phone width, in the system Chromium (never a downloaded browser).
 * The port and data dir are chosen once, in the main process; workers inherit them through the environment.
 */
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));

// The token of the test-only session hook (ADR 014, tests/e2e/support/fixtures.ts): random per run, given to
// the server and, through the environment, to the workers.
process.env.E2E_FIXTURE_TOKEN ??= randomBytes(32).toString("base64url");

const port = Number(process.env.E2E_PORT);
// The server's stdout (one JSON line per SMS) goes to this file: sign-in tests read the codes from it.
process.env.E2E_SERVER_LOG ??= path.join(process.env.E2E_DATA_DIR, "server-stdout.log");
const baseURL = `http://localhost:${port}`;

const browser = { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 90_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: { baseURL, trace: "retain-on-failure" },
  projects: [
    // A test about one layout, or one whose result does not depend on the width (an HTTP-only check, a change
    // to the shared site), is tagged @desktop or @phone and runs in that project only: never skipped in the other.
    {
      name: "desktop",
      testIgnore: /server-process|sitemap-html|forms-fuzz|durability|technician-job|cluster|chaos/,
      grepInvert: /@phone\b/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, ...browser },
    },
    {
      name: "phone",
      testIgnore: /server-process|sitemap-html|forms-fuzz|durability|technician-job|cluster|chaos/,
      // A staff flow (@flow) runs at desktop width, and visit() checks each of its pages at 390 px too (ADR 030).
      grepInvert: /@desktop\b|@flow\b/,
      use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, ...browser },
    },
    // The server as a process (start-up, data-dir lock, PostgreSQL): once, not per width.
    { name: "server", testMatch: /server-process|sitemap-html|forms-fuzz|durability|technician-job|cluster|chaos/ },
  ],
  webServer: {
    command: `node server.ts >> "${process.env.E2E_SERVER_LOG}"`,
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_FIXTURE_TOKEN: process.env.E2E_FIXTURE_TOKEN,
      SITE_URL: baseURL,
      // Form tests stand for many visitors: each sends its own X-Forwarded-For, so that per-address rate
      // limits apply per test, as they would per visitor.
      TRUST_PROXY: "true",
      // Admins for the tests (see adminMobile in tests/e2e/support/accounts.ts). Admin pages are served on
      // 127.0.0.1, not on the site URL's host.
      ADMIN_PHONES: ["0", "1"].flatMap((p) => Array.from({ length: 10 }, (_, i) => `+91900000${p}00${i}`)).join(","),
    },
  },
});
