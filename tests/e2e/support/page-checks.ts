import AxeBuilder from "@axe-core/playwright";
import { expect, type BrowserContext, type Page, type Response } from "@playwright/test";
import { HtmlValidate } from "html-validate";

/**
 * Every page an e2e test visits is checked: axe (WCAG 2.2 AA tags) finds no violation and the server's
 * HTML has no validation error. Either finding fails the test.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: {
    // React writes void elements as <meta ... />, which HTML allows.
    "void-style": "off",
  },
});

export async function expectValidHtml(html: string, where: string): Promise<void> {
  const report = await validator.validateString(html, where);
  const errors = report.results.flatMap((r) =>
    r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`),
  );
  expect(errors, `HTML validation errors in ${where}`).toEqual([]);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** Opens path, asserts its status, and runs both checks. Returns the response. */
export async function visit(page: Page, path: string, { status = 200 }: { status?: number } = {}): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response!.status(), `status of ${path}`).toBe(status);
  await expectValidHtml(await response!.text(), path);
  await expectNoAxeViolations(page);
  return response!;
}

/** A random private address, so that each test counts as a visitor of its own. */
export function visitorAddress(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/**
 * Makes the test's browser a visitor of its own: the test server trusts X-Forwarded-For (TRUST_PROXY), so
 * per-address rate limits apply per test, as they would per visitor.
 */
export async function asNewVisitor(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
}

/**
 * Opens path and waits until React has hydrated it (root.tsx sets <html data-hydrated>), for tests of
 * behaviour that needs JavaScript. "networkidle" is not enough: code loaded on demand may still be on its way.
 * axe and HTML checks of these pages run elsewhere (their own specs and the sitemap crawl).
 */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
