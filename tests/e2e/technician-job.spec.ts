import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { CHROMIUM_ARGS, CHROMIUM_PATH, startProductionServer } from "../../scripts/lib/production-server.ts";
import { expectNoAxeViolations, expectValidHtml } from "./support/page-checks.ts";

/**
 * A technician's job page, with a job assigned to them. Assignment is a back-office screen still to come, so
 * the job is written straight into a PostgreSQL database that a server of this test's own uses; everything
 * after that goes through the pages: sign-in by code (read from the server's SMS log line), the dashboard's
 * job list, the job page, at phone and desktop width, with the axe and HTML checks.
 */
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

test("an approved technician opens an assigned job from the dashboard", async ({ browser }) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    expect(process.env.CI, "CI must provide TEST_DATABASE_URL").not.toBe("true");
    test.info().annotations.push({ type: "note", description: "TEST_DATABASE_URL not set: the job page is covered by the loader tests only" });
    return;
  }
  const name = `e2e_jobs_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = await startProductionServer(url.toString());
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    await db.connect();
    const mobile = "+919700000041";
    const {
      rows: [technician],
    } = await db.query(
      `insert into technician_profiles (reference, mobile, name, city, skills, years_experience, availability, id_proof_type,
         id_proof_path, id_proof_name, status, consent_version, consent_at, verified_at, reviewed_at)
       values ('TA-2611-9001', $1, 'Srinivas Rao', 'Hyderabad', '{"VFD/AC drive repair","PLC programming & troubleshooting"}', 9,
         'full_time', 'Aadhaar', 'id-proofs/none.pdf', 'aadhaar.pdf', 'approved', 'test', now(), now(), now())
       returning id`,
      [mobile],
    );
    await db.query(
      `insert into service_requests (reference, kind, contact_name, mobile, company, site_address, city, service_name,
         equipment_brand, equipment_model, fault_description, fault_code, urgency, consent_version, consent_at,
         idempotency_key, assigned_technician_id, assigned_at)
       values ('SR-2611-9001', 'full', 'Ravi Kumar', '+919848012345', 'Sri Venkateswara Pharma', 'Plot 12, IDA Jeedimetla',
         'Hyderabad', 'VFD Repair', 'ABB', 'ACS580-01-088A-4', 'Drive trips on start with 2310 overcurrent.', '2310',
         'emergency', 'test', now(), $1, $2, now())`,
      [randomUUID(), technician.id],
    );

    // Sign in once (at phone width), then look at the job at both widths with that session.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const signInPage = await phone.newPage();
    await signInPage.goto(`${server.baseUrl}/technician/login`);
    await signInPage.getByRole("textbox", { name: "Mobile number" }).fill(mobile.slice(3));
    await signInPage.getByRole("button", { name: "Send code" }).click();
    let code: string | undefined;
    await expect
      .poll(() => {
        const line = server.output().split("\n").findLast((l) => l.includes(`"to":"${mobile}"`));
        code = line ? /\b(\d{6})\b/.exec(line)?.[1] : undefined;
        return code;
      })
      .toBeTruthy();
    await signInPage.getByRole("textbox", { name: "6-digit code" }).fill(code!);
    await signInPage.getByRole("button", { name: "Sign in" }).click();
    await expect(signInPage).toHaveURL(/\/technician\/dashboard$/);
    const session = await phone.storageState();
    await phone.close();

    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const context = await browser.newContext({ viewport, storageState: session });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/technician/dashboard`);
      await page.getByRole("link", { name: "SR-2611-9001", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("SR-2611-9001");
      await expect(page.getByText("Drive trips on start with 2310 overcurrent.")).toBeVisible();
      await expect(page.getByRole("link", { name: /\+91 98480 12345/ })).toHaveAttribute("href", "tel:+919848012345");
      await expectValidHtml(await (await page.request.get(page.url())).text(), page.url());
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
});
