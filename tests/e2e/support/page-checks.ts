import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Page, type Response } from "@playwright/test";
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

/** The W3C Nu HTML Checker (npm vnu-jar), run on the Java found on the PATH. Nothing is downloaded. */
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

/** Whether `java` is on the PATH; the Nu checker needs it (Debian: apt-get install default-jre-headless). */
export function hasJava(): boolean {
  return !spawnSync("java", ["-version"], { stdio: "ignore" }).error;
}

interface NuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
}

/**
 * Checks many pages with the W3C Nu HTML Checker in ONE Java process (a JVM start costs seconds; one per
 * page would cost minutes). html-validate (expectValidHtml) checks its own rules on every page a test
 * visits; the Nu checker is the W3C's reading of the HTML standard and ARIA in HTML, and catches what
 * html-validate allows (e.g. role="combobox" on <input type="search">). Fails listing every error by page.
 */
export async function expectValidHtmlNu(pages: Array<{ html: string; where: string }>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  try {
    const files = pages.map((page, i) => {
      const file = path.join(dir, `${String(i).padStart(4, "0")}.html`);
      fs.writeFileSync(file, page.html);
      return file;
    });
    const where = new Map(files.map((file, i) => [`file:${file}`, pages[i]!.where]));
    // -XX:TieredStopAtLevel=1: the quick (C1) compiler only, which takes about half the CPU time for a run
    // this short; its code needs the larger thread stack (-Xss) to evaluate the HTML schema.
    const args = ["-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", VNU_JAR];
    const { stdout } = await promisify(execFile)("java", [...args, "--errors-only", "--exit-zero-always", "--format", "json", "--stdout", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const messages = (JSON.parse(stdout) as { messages: NuMessage[] }).messages;
    const errors = messages.map(
      (m) => `${(m.url && where.get(m.url)) ?? m.url ?? "?"} at ${m.lastLine ?? "?"}:${m.firstColumn ?? "?"}: ${m.type}: ${m.message}`,
    );
    expect(errors, `W3C Nu HTML Checker errors in ${pages.length} pages`).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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

/**
 * Whether the server's HTML of this visit is validated by the same test in the desktop project. The server
 * renders the same HTML at every width (it never reads the user agent or the viewport; the layout is CSS),
 * so a test that runs in both projects need not validate it twice (ADR 030). A test
 * for the phone only (@phone, playwright.config.ts) validates its pages itself. axe runs at both widths:
 * what it finds (contrast, target size, hidden content) depends on the layout.
 */
function htmlValidatedAtDesktop(): boolean {
  const info = test.info();
  return info.project.name === "phone" && !info.tags.includes("@phone") && !/@phone\b/.test(info.titlePath.join(" "));
}

/**
 * The page as it stands fits a 390 px phone (nothing wider than the screen) and passes axe at that width; the
 * window's size is put back afterwards.
 */
export async function fitsPhone(page: Page): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${page.url()} at 390 px`).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  if (size) await page.setViewportSize(size);
}

/**
 * A staff flow (`@flow`, ADR 030) runs once, in the desktop project, where the office works; every page it
 * visits is also checked at phone width, so each page is still seen at both widths without the whole flow
 * being played twice.
 */
function isStaffFlow(): boolean {
  const info = test.info();
  return info.tags.includes("@flow") || /@flow\b/.test(info.titlePath.join(" "));
}

/**
 * Opens path, asserts its status, and runs both checks. Returns the response. `html: false` leaves the HTML
 * check to a spec that validates the same pages already (the sitemap crawl: sitemap-html.spec.ts).
 */
export async function visit(page: Page, path: string, { status = 200, html = true }: { status?: number; html?: boolean } = {}): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response!.status(), `status of ${path}`).toBe(status);
  if (html && !htmlValidatedAtDesktop()) await expectValidHtml(await response!.text(), path);
  await expectNoAxeViolations(page);
  if (isStaffFlow()) await fitsPhone(page);
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
