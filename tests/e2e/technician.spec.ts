import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { backOfficeUrl, newMobile, readCode, sentSms } from "./support/accounts.ts";
import { addSessionCookie, createSession } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, visit } from "./support/page-checks.ts";

/** A minimal real PDF: what an ID proof scan looks like to the server. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** Fills in step 1 of /technician/register (everything but what `skip` names). */
async function fillApplication(page: Page, mobile: string, skip: string[] = []) {
  const form = page.getByRole("form", { name: "Technician registration" });
  await form.getByRole("textbox", { name: "Full name" }).fill("Mahesh Goud");
  await form.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  await form.getByRole("textbox", { name: "E-mail (optional)" }).fill("mahesh.goud@example.in");
  await form.getByRole("textbox", { name: "City" }).fill("Hyderabad");
  if (!skip.includes("skills")) {
    await form.getByRole("checkbox", { name: "VFD / AC drive repair" }).check();
    await form.getByRole("checkbox", { name: "PLC programming & troubleshooting" }).check();
  }
  await form.getByRole("textbox", { name: "Years of experience" }).fill("6");
  await form.getByRole("radio", { name: /^Weekends/ }).check();
  await form.getByRole("combobox", { name: "Kind of ID" }).selectOption("Aadhaar");
  if (!skip.includes("idProof")) await form.getByLabel(/^ID proof file/).setInputFiles({ name: "aadhaar.pdf", mimeType: "application/pdf", buffer: PDF });
  await form.getByRole("checkbox", { name: /privacy notice/ }).check();
  return form;
}

/** Registers mobile and enters its code: the technician is signed in on the dashboard. Returns the reference. */
async function register(page: Page, mobile: string): Promise<string> {
  await page.goto("/technician/register");
  const form = await fillApplication(page, mobile);
  await form.getByRole("button", { name: "Register and send code" }).click();
  await expect(page.getByText(/We have sent a 6-digit code to \+91/)).toBeVisible();
  await page.getByRole("textbox", { name: "6-digit code" }).fill(await readCode(mobile));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/technician\/dashboard$/);
  const heading = await page.getByRole("heading", { name: /^Application TA-/ }).textContent();
  return /TA-\d{4}-\d{4}/.exec(heading ?? "")![0];
}

test.describe("technician registration and portal", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("register with the SMS code; the office approves with a note; the technician sees the profile and sets availability", async ({
    page,
    browser,
  }) => {
    test.slow(); // a registration and a review
    const mobile = newMobile();
    await visit(page, "/technician/register");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const form = await fillApplication(page, mobile);
    await form.getByRole("button", { name: "Register and send code" }).click();
    await expect(page.getByText(/We have sent a 6-digit code to \+91/)).toBeVisible();
    // The code step, checked as a page of its own; nothing is wider than a phone's screen.
    await visit(page, "/technician/register");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(page.getByRole("button", { name: "Use a different number" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new code" })).toBeVisible();
    await page.getByRole("textbox", { name: "6-digit code" }).fill(await readCode(mobile));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/technician\/dashboard$/);

    const response = await visit(page, "/technician/dashboard");
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const status = page.getByRole("heading", { name: /^Application TA-\d{4}-\d{4}: Under review$/ });
    await expect(status).toBeVisible();
    const reference = /TA-\d{4}-\d{4}/.exec((await status.textContent()) ?? "")![0];
    await expect(page.getByText(/reviews applications within 2-4 hours/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Available for jobs" })).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    // The office, on the back-office host.
    const office = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    await asNewVisitor(office);
    // An owner's session as a sign-in makes it (ADR 014): the admin sign-in is tested in accounts.spec.ts.
    await addSessionCookie(office, await createSession("owner"));
    const admin = await office.newPage();
    await admin.goto(backOfficeUrl("/admin"));
    await expect(admin).toHaveURL(/\/admin$/);
    // The list's Applications tab, then the application's own page.
    await visit(admin, backOfficeUrl(`/admin/technicians?status=pending&q=${reference}`));
    const listed = admin.getByRole("row", { name: new RegExp(reference) });
    await expect(listed).toContainText("VFD / AC drive repair, PLC programming & troubleshooting");
    await listed.getByRole("link", { name: "Mahesh Goud" }).click();
    await expect(admin).toHaveURL(/\/admin\/technicians\/\d+$/);
    await visit(admin, admin.url());
    const application = admin.getByRole("region", { name: "Application and profile" });
    await expect(application.getByText("VFD / AC drive repair, PLC programming & troubleshooting")).toBeVisible();
    const proof = application.getByRole("link", { name: "Aadhaar: aadhaar.pdf" });
    const file = await admin.request.get(backOfficeUrl((await proof.getAttribute("href"))!));
    expect(file.status()).toBe(200);
    expect(file.headers()).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": "inline; filename*=UTF-8''aadhaar.pdf",
      "cache-control": "private, no-store",
    });
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // A technician (or anyone without an admin session) never gets the file.
    expect((await page.request.get(backOfficeUrl((await proof.getAttribute("href"))!), { maxRedirects: 0 })).status()).toBe(302);

    // Rejecting needs a note.
    await admin.getByRole("form", { name: `Review ${reference}` }).getByRole("button", { name: /^Reject/ }).click();
    const rejectNote = admin.getByRole("form", { name: `Review ${reference}` }).getByRole("textbox", { name: /Note to the technician/ });
    await expect(rejectNote).toHaveAccessibleDescription(/Write a note saying why the application is not approved/);
    await rejectNote.fill("Welcome. Bring your own insulated tool kit to the first job.");
    await admin.getByRole("form", { name: `Review ${reference}` }).getByRole("button", { name: /^Approve/ }).click();
    await expect(admin.getByText(`${reference} is approved. The technician has been told by SMS.`)).toBeVisible();
    await expect(admin.getByText("Active (approved)")).toBeVisible();
    await expect(admin.getByRole("form", { name: `Review ${reference}` }).getByRole("button", { name: /^Approve/ })).toHaveCount(0);
    // Off the Applications tab, on the active technicians'.
    await admin.goto(backOfficeUrl(`/admin/technicians?status=pending&q=${reference}`));
    await expect(admin.getByText("No technician matches these filters.")).toBeVisible();
    await admin.goto(backOfficeUrl(`/admin/technicians?q=${reference}`));
    await expect(admin.getByRole("row", { name: new RegExp(reference) })).toContainText("Available now");
    await expect
      .poll(async () => (await sentSms()).filter((m) => m.to === `+91${mobile}` && m.body.includes(`${reference} is approved`)).length)
      .toBe(1);
    await office.close();

    // The technician: approved, the profile, the switch, and no jobs yet.
    await page.reload();
    await expect(page.getByRole("heading", { name: `Application ${reference}: Approved` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "My profile" })).toBeVisible();
    await expect(page.getByText("Bring your own insulated tool kit to the first job.")).toBeVisible();
    await expect(page.getByText("No jobs are assigned to you yet.")).toBeVisible();
    const toggle = page.getByRole("button", { name: "Available for jobs" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(page.getByRole("button", { name: "Available for jobs" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("Off: the office will not assign you new jobs.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Available for jobs" })).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Available for jobs" }).click();
    await expect(page.getByRole("button", { name: "Available for jobs" })).toHaveAttribute("aria-pressed", "true");
    await expectNoAxeViolations(page);
    // A job that is not theirs is the 404 page.
    expect((await page.goto("/technician/jobs/999999"))?.status()).toBe(404);
  });

  test("a wrong code shows its message beside the field; an application under review sends the number to sign in", async ({ page, browser }) => {
    const mobile = newMobile();
    await page.goto("/technician/register");
    const form = await fillApplication(page, mobile);
    await form.getByRole("button", { name: "Register and send code" }).click();
    const code = await readCode(mobile);
    const codeBox = page.getByRole("textbox", { name: "6-digit code" });
    await codeBox.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByRole("textbox", { name: "6-digit code" })).toHaveAccessibleDescription("That code is not right. 4 tries left.");
    await expect(page.getByRole("textbox", { name: "6-digit code" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.getByRole("textbox", { name: "6-digit code" }).fill(code);
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page).toHaveURL(/\/technician\/dashboard$/);

    // Someone else (or the same person, signed out) registering the number again is sent to sign in.
    const other = await browser.newContext();
    await asNewVisitor(other);
    const again = await other.newPage();
    await again.goto("/technician/register");
    const second = await fillApplication(again, mobile);
    await second.getByRole("button", { name: "Register and send code" }).click();
    const mobileBox = again.getByRole("textbox", { name: "Mobile number" });
    await expect(mobileBox).toHaveAccessibleDescription(/already has an application waiting for review/);
    await expect(mobileBox).toHaveValue(mobile);
    await expect(again.getByRole("textbox", { name: "Full name" })).toHaveValue("Mahesh Goud");
    await expect(again.getByRole("link", { name: "Sign in with this number" })).toHaveAttribute("href", "/technician/login");
    await other.close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("registration: messages beside the fields keep what was typed; 'Use a different number' keeps the application", async ({ page }) => {
      const mistyped = newMobile();
      const mobile = newMobile();
      await page.goto("/technician/register");
      let form = await fillApplication(page, mistyped, ["skills", "idProof"]);
      await form.getByRole("textbox", { name: "Years of experience" }).fill("sixty");
      await form.getByRole("button", { name: "Register and send code" }).click();
      form = page.getByRole("form", { name: "Technician registration" });
      await expect(page.getByText("Choose at least one skill.")).toBeVisible();
      await expect(form.getByRole("textbox", { name: "Years of experience" })).toHaveAccessibleDescription(/number from 0 to 50/);
      await expect(form.getByLabel(/^ID proof file/)).toHaveAccessibleDescription(/Attach a scan or photo of your ID proof/);
      await expect(form.getByRole("textbox", { name: "Full name" })).toHaveValue("Mahesh Goud");
      await expect(form.getByRole("radio", { name: /^Weekends/ })).toBeChecked();

      form = await fillApplication(page, mistyped);
      await form.getByRole("textbox", { name: "Years of experience" }).fill("6");
      await form.getByRole("button", { name: "Register and send code" }).click();
      await expect(page.getByText(/We have sent a 6-digit code to \+91/)).toBeVisible();
      await readCode(mistyped);
      // Without JavaScript the button is always there; within 30 s the server says to wait.
      await page.getByRole("button", { name: "Send a new code" }).click();
      await expect(page.getByRole("alert")).toContainText(/A code was sent a moment ago\. You can ask for a new one in \d+ seconds\./);

      // The number was wrong: back to the form, everything kept, the ID proof too.
      await page.getByRole("button", { name: "Use a different number" }).click();
      form = page.getByRole("form", { name: "Technician registration" });
      await expect(form.getByRole("textbox", { name: "Mobile number" })).toHaveValue(`+91${mistyped}`);
      await expect(form.getByRole("checkbox", { name: "PLC programming & troubleshooting" })).toBeChecked();
      await expect(form.getByText("We have your file")).toBeVisible();
      await form.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
      await form.getByRole("checkbox", { name: /privacy notice/ }).check();
      await form.getByRole("button", { name: "Register and send code" }).click();
      await expect(page.getByText(`We have sent a 6-digit code to +91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`)).toBeVisible();
      await page.getByRole("textbox", { name: "6-digit code" }).fill(await readCode(mobile));
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await expect(page).toHaveURL(/\/technician\/dashboard$/);
      await expect(page.getByRole("heading", { name: /^Application TA-\d{4}-\d{4}: Under review$/ })).toBeVisible();
      await expect(page.getByText(new RegExp(`signed in with \\+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`))).toBeVisible();
    });
  });

  // Redirects and statuses only: over HTTP, no page (and at one width).
  test("the portal is for signed-in technicians only", { tag: "@desktop" }, async ({ playwright, baseURL }) => {
    // No session: sent to sign in (and brought back to the page asked for).
    const landing = async (context: APIRequestContext, path: string) => {
      const url = new URL((await context.get(path)).url());
      return url.pathname + url.search;
    };
    const visitor = await playwright.request.newContext({ baseURL });
    expect(await landing(visitor, "/technician/dashboard")).toBe("/technician/login");
    expect(await landing(visitor, "/technician/jobs/12")).toBe("/technician/login?returnTo=%2Ftechnician%2Fjobs%2F12");
    // The office's screen is not on the public host at all, and needs an admin there.
    expect((await visitor.get("/admin/technicians")).status()).toBe(403);
    expect(await landing(visitor, backOfficeUrl("/admin/technicians"))).toBe("/admin/login?returnTo=%2Fadmin%2Ftechnicians");
    await visitor.dispose();

    // A customer's session (made as a sign-in makes it, ADR 014) opens no technician or admin page.
    const session = await createSession("customer");
    const customer = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { cookie: `${session.cookie.name}=${session.cookie.value}` },
    });
    expect(await landing(customer, "/customer/mobile")).toBe("/customer/mobile");
    expect(await landing(customer, "/technician/dashboard")).toBe("/technician/login");
    expect(await landing(customer, "/technician/jobs/12")).toMatch(/^\/technician\/login\?returnTo=/);
    const posted = await customer.post("/technician/dashboard", {
      form: { intent: "availability", availableNow: "off" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(posted.headers()["location"]).toBe("/technician/login");
    await customer.dispose();
  });

  test("a technician's session opens their own jobs only", async ({ page }) => {
    const reference = await register(page, newMobile());
    expect(reference).toMatch(/^TA-/);
    // Pending: no jobs, and no job page opens.
    expect((await page.goto("/technician/jobs/1"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found");
    // Not an admin.
    await page.goto(backOfficeUrl("/admin/technicians"));
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=/);
  });
});
