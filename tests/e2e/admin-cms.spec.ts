import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";
import { flashOf } from "./support/requests.ts";

/**
 * The content screen (issue 19 §1): the office writes an article (a field left empty first: the message shows
 * beside it, what was typed stays), the preview follows the typing, it is saved as a draft (not on the site),
 * then published: the article's page and the sitemap show it at once. The time from "Publish now" to the
 * article being on the site is measured (target < 1 s). A script written into the body shows as text and
 * never runs on the public page. The list, the new form and the record pass axe and the HTML check, and fit a
 * 390 px phone (@flow).
 */
test("the office writes and publishes an article: it is on the site and in the sitemap at once", { tag: "@flow" }, async ({ page, signedInAs }, testInfo) => {
  test.setTimeout(120_000);
  await asNewVisitor(page.context());
  const stamp = Date.now().toString(36);
  const title = `Drive fault log ${stamp}`;
  const slug = `drive-fault-log-${stamp}`;
  await signedInAs("office");

  await visit(page, backOfficeUrl("/admin/cms?kind=article"));
  await page.getByRole("link", { name: "Write something new" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A new article");
  await visit(page, page.url());
  await page.getByRole("textbox", { name: /^Title/ }).fill(title);
  await page.getByRole("textbox", { name: /^Summary/ }).fill("What a drive's fault log tells you before you call for a repair.");
  const body = page.getByRole("textbox", { name: /^The article/ });
  await body.fill("## The last eight faults\n\nMost drives keep **eight**.\n\n<script>window.cmsScriptRan = true</script>\n\n[Run](javascript:window.cmsScriptRan=true)");
  // The preview follows the typing, drawn by the site's own renderer.
  const preview = page.getByRole("region", { name: /^Preview/ });
  await expect(preview.getByRole("heading", { name: "The last eight faults" })).toBeVisible();
  await expect(preview).toContainText("<script>window.cmsScriptRan = true</script>");
  await page.getByRole("button", { name: "Save as a draft" }).click();
  const author = page.getByRole("textbox", { name: /^Author/ });
  await expect(author).toHaveAccessibleDescription(/Enter the author/);
  await expect(page.getByRole("textbox", { name: /^Title/ })).toHaveValue(title);
  await author.fill("Ravi Kumar");
  await page.getByRole("combobox", { name: /^Type/ }).selectOption("guide");
  await page.getByRole("button", { name: "Save as a draft" }).click();
  await expect(flashOf(page)).toHaveText("Saved as a draft. Publish it when it is ready.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const recordPath = new URL(page.url()).pathname;
  await visit(page, backOfficeUrl(recordPath));
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);

  // Published: the page and the sitemap show it at once. Measured from the click on "Publish now" to the
  // article's page and the sitemap answering with it (the publish post's round trip included, the back
  // office's own page after it not).
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === recordPath);
  const started = performance.now();
  await page.getByRole("button", { name: "Publish now" }).click();
  expect((await posted).status()).toBe(303);
  const committed = performance.now();
  const [article, sitemap] = await Promise.all([page.request.get(`/blog/${slug}`), page.request.get("/sitemap.xml")]);
  const visibleMs = Math.round(performance.now() - started);
  const afterCommitMs = Math.round(performance.now() - committed);
  expect(article.status()).toBe(200);
  expect(await sitemap.text()).toContain(`/blog/${slug}</loc>`);
  const figure = `${visibleMs} ms (target < 1000 ms), of which ${afterCommitMs} ms after the publish post answered`;
  testInfo.annotations.push({ type: "published to visible on the site", description: figure });
  console.log(`published to visible on the site: ${figure}`);
  // The target is 1 s; the bound here leaves room for a machine shared with other builds.
  expect(visibleMs).toBeLessThan(5000);
  await expect(flashOf(page)).toHaveText("Published: it is on the site, its sitemap and its search now.");

  // The public page: the article, with the script shown as text and never run.
  let dialogs = 0;
  const onDialog = (dialog: { dismiss(): Promise<void> }) => {
    dialogs += 1;
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  await visit(page, `/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("<script>window.cmsScriptRan = true</script>")).toBeVisible();
  await expect(page.getByRole("link", { name: "Run" })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { cmsScriptRan?: boolean }).cmsScriptRan)).toBeUndefined();
  expect(dialogs).toBe(0);
  page.off("dialog", onDialog);

  // Its versions: written, then published. Taken off the site again (the blog the other tests read is the seeded one).
  await page.goto(backOfficeUrl(recordPath));
  await expect(page.getByRole("region", { name: "Versions" }).getByRole("listitem")).toHaveCount(2);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Take off the site" }).click();
  await expect(flashOf(page)).toHaveText(/^Taken off the site/);
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(404);
});
