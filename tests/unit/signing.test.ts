import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getServerConfig } from "~/.server/config.ts";
import { signReference, verifyReference } from "~/.server/forms/receipts.ts";
import { signLinkToken, verifyLinkToken } from "~/.server/links/signed.ts";
import { issueLiveGrant, verifyLiveGrant } from "~/.server/live/grants.ts";
import { keyedMac, keyedMacMatches, sameInConstantTime } from "~/.server/signing/keyed-mac.ts";
import { hmacSha256Hex, readTimestamp, refusalExternalId, REPLAY_WINDOW_MS, signatureMatches, timestampProblem } from "~/.server/signing/webhook.ts";

// What every link, grant and code hash was signed with before the helper: links already sent must still open.
const before = (message: string) => createHmac("sha256", getServerConfig().sessionSecret).update(message).digest("base64url");

describe("the keyed MAC under the session secret", () => {
  it("is the HMAC-SHA256 of the message, base64url, cut when asked", () => {
    expect(keyedMac("otp:salt:123456")).toBe(before("otp:salt:123456"));
    expect(keyedMac("receipt:SR-2611-0042", 22)).toBe(before("receipt:SR-2611-0042").slice(0, 22));
  });

  it("signs receipt links, signed links and live grants as before", () => {
    expect(signReference("SR-2611-0042")).toBe(before("receipt:SR-2611-0042").slice(0, 22));
    const at = new Date("2026-11-28T10:00:00Z");
    const token = signLinkToken("invoice", 42, new Date("2026-12-28T10:00:00Z"), at);
    const [, expiry, mac] = token.split(".");
    expect(mac).toBe(before(`signed-link:invoice:42:${expiry}`).slice(0, 16));
    expect(verifyLinkToken("invoice", token, at)).toMatchObject({ ok: true, id: 42 });
    expect(verifyLinkToken("quote", token, at)).toEqual({ ok: false, problem: "tampered" });
    const grant = issueLiveGrant("customer:7", 60, at);
    expect(grant.split(".")[2]).toBe(before(`live-grant:customer:7:${grant.split(".")[1]}`).slice(0, 22));
    expect(verifyLiveGrant(grant, at)).toMatchObject({ ok: true, audience: "customer:7" });
  });

  it("refuses another message, another length, or a changed character", () => {
    const mac = keyedMac("receipt:SR-1", 22);
    expect(keyedMacMatches("receipt:SR-1", mac, 22)).toBe(true);
    expect(keyedMacMatches("receipt:SR-2", mac, 22)).toBe(false);
    expect(keyedMacMatches("receipt:SR-1", mac.slice(0, 21), 22)).toBe(false);
    expect(keyedMacMatches("receipt:SR-1", `${mac.slice(0, 21)}${mac.endsWith("A") ? "B" : "A"}`, 22)).toBe(false);
    expect(verifyReference("SR-1", mac)).toBe(true);
    expect(sameInConstantTime("abc", "abc")).toBe(true);
    expect(sameInConstantTime("abc", "abcd")).toBe(false);
  });
});

describe("the signed webhooks' helper", () => {
  const body = '{"id":"r1","status":"delivered"}';
  const hex = createHmac("sha256", "secret").update(body, "utf8").digest("hex");

  it("signs the raw body with HMAC-SHA256, hex", () => {
    expect(hmacSha256Hex(body, "secret")).toBe(hex);
    expect(hmacSha256Hex(Buffer.from(body), "secret")).toBe(hex);
  });

  it("reads the header as each provider sends it", () => {
    expect(signatureMatches(body, hex, "secret", "none")).toBe(true);
    expect(signatureMatches(body, ` ${hex.toUpperCase()} `, "secret", "none")).toBe(true);
    expect(signatureMatches(body, `sha256=${hex}`, "secret", "none")).toBe(false);
    expect(signatureMatches(body, `sha256=${hex}`, "secret", "required")).toBe(true);
    expect(signatureMatches(body, hex, "secret", "required")).toBe(false);
    expect(signatureMatches(body, hex, "secret", "optional")).toBe(true);
    expect(signatureMatches(body, `SHA256=${hex}`, "secret", "optional")).toBe(true);
  });

  it("refuses another body, another secret, and malformed headers", () => {
    expect(signatureMatches(`${body} `, hex, "secret", "optional")).toBe(false);
    expect(signatureMatches(body, hex, "other", "optional")).toBe(false);
    for (const header of [null, undefined, "", "abc", hex.slice(0, 62), `${hex}00`, "g".repeat(64)]) expect(signatureMatches(body, header, "secret", "optional")).toBe(false);
  });

  it("holds signed timestamps to the replay window", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    expect(timestampProblem(new Date(now.getTime() - REPLAY_WINDOW_MS), now)).toBeUndefined();
    expect(timestampProblem(new Date(now.getTime() + REPLAY_WINDOW_MS), now)).toBeUndefined();
    expect(timestampProblem(new Date(now.getTime() - REPLAY_WINDOW_MS - 1000), now)).toMatch(/more than 5 minutes from now/);
    expect(readTimestamp(1_795_860_000)?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(readTimestamp("1795860000")?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(readTimestamp(1_795_860_000_000)?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(readTimestamp("2026-11-28T10:00:00Z")?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(readTimestamp("yesterday")).toBeUndefined();
    expect(readTimestamp(null)).toBeUndefined();
  });

  it("gives every refusal its own log id", () => {
    const a = refusalExternalId(body);
    expect(a).toMatch(/^refused:[0-9a-f]{32}:[0-9a-f-]{36}$/);
    expect(refusalExternalId(body)).not.toBe(a);
    expect(refusalExternalId(body, "ignored")).toMatch(/^ignored:/);
  });
});
