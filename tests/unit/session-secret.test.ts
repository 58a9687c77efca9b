import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getServerConfig, readConfig, SESSION_SECRET_FILE, setServerConfig } from "~/.server/config.ts";
import { signLinkToken, verifyLinkToken } from "~/.server/links/signed.ts";

/**
 * Issue 17 §1: a production start without SESSION_SECRET used a secret derived from the data directory's
 * path, so anyone who guessed the path could forge every signed link. Now a random secret is made on first
 * start and kept in the data directory (mode 0600).
 */
describe("the server's secret in production without SESSION_SECRET", () => {
  const previous = getServerConfig();
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-test-"));
    dirs.push(dir);
    return path.join(dir, "data");
  };
  afterEach(() => setServerConfig(previous));
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is random, kept in the data directory readable by the server's user only, and the same after a restart", () => {
    const dir = dataDir();
    const config = readConfig({ NODE_ENV: "production", DATA_DIR: dir });
    const secret = config.sessionSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).not.toContain(dir);
    const file = path.join(dir, SESSION_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(secret);
    expect(config.warnings.join("\n")).toMatch(/SESSION_SECRET is not set: using the random secret kept in/);
    // A restart reads the same secret; another installation has its own.
    expect(readConfig({ NODE_ENV: "production", DATA_DIR: dir }).sessionSecret).toBe(secret);
    expect(readConfig({ NODE_ENV: "production", DATA_DIR: dataDir() }).sessionSecret).not.toBe(secret);
    // SESSION_SECRET, when set, is used and nothing is written.
    const other = dataDir();
    expect(readConfig({ NODE_ENV: "production", DATA_DIR: other, SESSION_SECRET: "z".repeat(40) }).sessionSecret).toBe("z".repeat(40));
    expect(fs.existsSync(path.join(other, SESSION_SECRET_FILE))).toBe(false);
  });

  it("a link forged with a secret derived from the data directory's path is refused", () => {
    const dir = dataDir();
    setServerConfig(readConfig({ NODE_ENV: "production", DATA_DIR: dir }));
    const expiry = Math.floor(Date.now() / 1000 + 86_400).toString(36);
    const forged = createHmac("sha256", `development-only-secret:${path.resolve(dir)}`).update(`signed-link:invoice:7:${expiry}`).digest("base64url").slice(0, 16);
    expect(verifyLinkToken("invoice", `7.${expiry}.${forged}`)).toEqual({ ok: false, problem: "tampered" });
    expect(verifyLinkToken("invoice", signLinkToken("invoice", 7))).toMatchObject({ ok: true, id: 7 });
  });

  it("a secret file that was made readable to others is closed again; one too short stops the start", () => {
    const dir = dataDir();
    const secret = readConfig({ NODE_ENV: "production", DATA_DIR: dir }).sessionSecret;
    const file = path.join(dir, SESSION_SECRET_FILE);
    fs.chmodSync(file, 0o644);
    expect(readConfig({ NODE_ENV: "production", DATA_DIR: dir }).sessionSecret).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.writeFileSync(file, "short");
    expect(() => readConfig({ NODE_ENV: "production", DATA_DIR: dir }).sessionSecret).toThrow(/no usable secret/);
  });
});
