import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, originOf } from "~/.server/http/content-security-policy.ts";
import { THEME_INIT_SCRIPT } from "~/lib/theme.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The directives of a policy, by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(/\s*;\s*/).map((d) => d.split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
}

describe("the Content-Security-Policy (issue 20 §4, ADR 061)", () => {
  it("hashes each inline script the browser runs, as written, and nothing else", () => {
    const context = 'window.__reactRouterContext = {"x":"caf\u00e9 \\u003c/script>"};';
    const html = [
      "<!DOCTYPE html><html><head>",
      `<script>${THEME_INIT_SCRIPT}</script>`,
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="module" src="/assets/entry.js"></script>',
      "</head><body><p>Read the <scripts> section.</p>",
      `<script>${context}</script>`,
      '<script type="module" async="">import "/assets/root.js";</script>',
      `<script>${THEME_INIT_SCRIPT}</script>`,
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([sha(THEME_INIT_SCRIPT), sha(context), sha('import "/assets/root.js";')]);
  });

  it("allows no inline script but by hash, no plugin, no other base, no framing; forms post here (and to the few places they are sent on to)", () => {
    const policy = directives(contentSecurityPolicy({ scriptHashes: [sha("a()")], formTargets: ["https://login.example.in"] }));
    expect(policy["script-src"]).toEqual(["'self'", sha("a()")]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["form-action"]).toEqual(["'self'", "https://wa.me", "https://api.whatsapp.com", "https://login.example.in"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    // Vite's development server reloads through a websocket.
    expect(directives(contentSecurityPolicy({ development: true }))["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
  });

  it("takes an origin from a setting, and nothing from one that is not an address", () => {
    expect(originOf("https://login.example.in/realms/staff")).toBe("https://login.example.in");
    expect(originOf("not an address")).toBeUndefined();
    expect(originOf(undefined)).toBeUndefined();
  });
});
