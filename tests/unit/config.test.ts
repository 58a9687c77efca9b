import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/.server/config.ts";

describe("server configuration", () => {
  it("defaults to port 3000 and the embedded database in ./data", () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, production: false, siteUrl: "http://localhost:3000" });
    expect(config.dataDir).toBe(path.resolve("data"));
  });

  it("reads PORT, DATABASE_URL and SITE_URL, and says which variable is wrong", () => {
    expect(readConfig({ PORT: "8080", DATABASE_URL: "postgres://u@h/db", SITE_URL: "https://x.in" })).toMatchObject({
      port: 8080,
      databaseUrl: "postgres://u@h/db",
      siteUrl: "https://x.in",
    });
    expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ PORT: "seventy" })).toThrow(/PORT/);
  });

  it("holds an outbox claim 60 s unless OUTBOX_CLAIM_HOLD_MS shortens it (the fault test), never below 6 s", () => {
    expect(readConfig({}).outboxClaimHoldMs).toBe(60_000);
    expect(readConfig({ OUTBOX_CLAIM_HOLD_MS: "10000" }).outboxClaimHoldMs).toBe(10_000);
    expect(() => readConfig({ OUTBOX_CLAIM_HOLD_MS: "500" })).toThrow(/OUTBOX_CLAIM_HOLD_MS/);
  });
});
