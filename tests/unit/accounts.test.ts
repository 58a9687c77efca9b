import { describe, expect, it } from "vitest";
import { adminHostAllowed } from "~/.server/auth/guards.ts";
import { readConfig } from "~/.server/config.ts";
import { safeReturnPath } from "~/lib/auth/roles.ts";
import { verifyCodeSchema } from "~/lib/forms/sign-in.ts";

describe("return address after sign-in", () => {
  it.each([
    ["/customer/request/12", "/customer/request/12"],
    ["/customer/request/12?tab=photos#p2", "/customer/request/12?tab=photos#p2"],
    ["/technician/dashboard", "/technician/dashboard"],
  ])("%s is kept", (given, kept) => {
    expect(safeReturnPath(given)).toBe(kept);
  });

  it.each([
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "customer/mobile",
    "/customer\u0000/mobile",
    "/customer/mobile\n",
    "",
    "/" + "a".repeat(600),
  ])("%j is refused", (given) => {
    expect(safeReturnPath(given)).toBeUndefined();
  });
});

describe("admin gate (spec section 2)", () => {
  const site = "https://www.decautomation.in";
  it("denies the public host and its www. variant, whichever the site URL uses", () => {
    expect(adminHostAllowed(new URL("https://www.decautomation.in/admin"), site, undefined)).toBe(false);
    expect(adminHostAllowed(new URL("https://decautomation.in/admin"), site, undefined)).toBe(false);
    expect(adminHostAllowed(new URL("https://DECAUTOMATION.IN/admin"), "https://decautomation.in", undefined)).toBe(false);
    expect(adminHostAllowed(new URL("https://www.decautomation.in/admin"), "https://decautomation.in", undefined)).toBe(false);
  });

  it("allows another host, and only ADMIN_HOST when it is set", () => {
    expect(adminHostAllowed(new URL("https://office.decautomation.in/admin"), site, undefined)).toBe(true);
    expect(adminHostAllowed(new URL("https://office.decautomation.in/admin"), site, "office.decautomation.in")).toBe(true);
    expect(adminHostAllowed(new URL("https://staging.decautomation.in/admin"), site, "office.decautomation.in")).toBe(false);
    expect(adminHostAllowed(new URL("http://127.0.0.1:3000/admin"), "http://localhost:3000", "127.0.0.1:3000")).toBe(true);
  });
});

describe("sign-in code field", () => {
  it("takes six digits, with the spaces some phones paste", () => {
    expect(verifyCodeSchema.parse({ code: "123 456" }).code).toBe("123456");
  });
  it.each(["12345", "1234567", "12a456", ""])("%j is refused with a message", (code) => {
    const parsed = verifyCodeSchema.safeParse({ code });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Enter the 6-digit code from the SMS.");
  });
});

describe("accounts configuration", () => {
  it("normalises ADMIN_PHONES and refuses a number that is not an Indian mobile", () => {
    expect(readConfig({ ADMIN_PHONES: "98480 12345, +91 70134 56789" }).adminPhones).toEqual(["+919848012345", "+917013456789"]);
    expect(() => readConfig({ ADMIN_PHONES: "12345" })).toThrow(/ADMIN_PHONES: 12345/);
  });
  it("needs all three OpenID settings or none", () => {
    expect(readConfig({}).oidc).toBeUndefined();
    expect(() => readConfig({ OIDC_ISSUER: "https://id.example.com" })).toThrow(/set together/);
    expect(readConfig({ OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "site", OIDC_CLIENT_SECRET: "s" }).oidc).toMatchObject({
      issuer: "https://id.example.com",
      providerName: "your company account",
    });
  });
});
