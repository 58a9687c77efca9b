import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Response } from "@playwright/test";
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
