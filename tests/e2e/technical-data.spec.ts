import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectValidHtml, visit } from "./support/page-checks.ts";

/** A page with JavaScript (the test's own) or without (a fresh context with scripts disabled). */
async function pageFor(js: boolean, page: Page, browser: Browser, baseURL: string | undefined) {
  if (js) return { page, close: async () => {} };
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

function faultCodes(page: Page) {
  return page.getByRole("region", { name: "Drive fault codes" });
}

interface Example {
  calculator: string;
  submit: string;
  fields: Record<string, string>;
  selects?: Record<string, string>;
  expected: string[];
}

/** Worked examples, checked by hand in tests/unit/calculators.test.ts. */
const EXAMPLES: Example[] = [
  {
    calculator: "Motor full-load current",
    submit: "Calculate current",
    selects: { Supply: "3" },
    fields: {
      "Rated output power (kW)": "15",
      "Supply voltage (V)": "415",
      "Power factor (cos φ)": "0.85",
      "Efficiency (fraction)": "0.9",
    },
    expected: ["Full-load current: 27.3 A", "549.88 V", "19.6 kVA"],
  },
  {
    calculator: "kW to HP",
    submit: "Convert to HP",
    fields: { "Power (kW)": "15" },
    expected: ["Power: 20.1 HP"],
  },
  {
    calculator: "HP to kW",
    submit: "Convert to kW",
    fields: { "Power (HP)": "100" },
    expected: ["Power: 74.6 kW"],
  },
  {
    calculator: "Capacitor kVAR for power-factor correction",
    submit: "Calculate kVAR",
    fields: { "Active load (kW)": "100", "Present power factor": "0.7", "Target power factor": "0.95" },
    expected: ["Capacitor rating: 69.2 kVAR", "0.692"],
  },
  {
    calculator: "Cable voltage drop",
    submit: "Calculate voltage drop",
    selects: { Supply: "3", "Cable size": "copper-50" },
    fields: {
      "Load current (A)": "100",
      "Route length, one way (m)": "120",
      "Load power factor (cos φ)": "0.85",
      "Supply voltage (V)": "415",
    },
    expected: ["Voltage drop: 9.06 V (2.18 %)", "Within the 5 % limit.", "0.463 Ω/km (50 mm² copper, from the table)"],
  },
];

test.describe("technical data", () => {
  test("the page: intro, safety note, fault-code tables with their sources, calculators, links", async ({ page, baseURL }) => {
    await visit(page, "/technical-data");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technical data for maintenance technicians");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Technical data")).toHaveAttribute("aria-current", "page");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "VFD repair", exact: true })).toHaveAttribute("href", "/services/vfd-repair");
    await expect(main.getByRole("link", { name: "raise a service request" })).toHaveAttribute("href", "/request");
    const safety = page.getByRole("region", { name: "Safety before you touch a drive" });
    await expect(safety).toContainText("Isolate the supply");
    await expect(safety).toContainText("DC-bus discharge time");
    await expect(safety).toContainText("Prove the DC bus");

    const codes = faultCodes(page);
    await expect(codes).toContainText(/\d+ fault codes from \d+ drive families/);
    const siemens = codes.getByRole("region", { name: "Siemens", exact: true });
    await expect(siemens).toContainText("Series: MICROMASTER 440");
    await expect(siemens).toContainText("Source: Siemens MICROMASTER 440 Parameter List");
    await expect(codes.getByRole("region", { name: "ABB", exact: true })).toBeVisible();

    for (const example of EXAMPLES) {
      const region = page.getByRole("region", { name: example.calculator, exact: true });
      await expect(region.getByText("Formula:")).toBeVisible();
      await expect(region.getByRole("button", { name: example.submit })).toBeVisible();
    }
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/technical-data`);
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).toContain('"@type":"BreadcrumbList"');
  });

  for (const js of [true, false]) {
    const mode = js ? "with JavaScript" : "without JavaScript";
    // Without JavaScript the test's page is a context of its own at the default (desktop) size in either
    // project: the phone project would repeat the desktop run exactly, so it runs once (@desktop).
    const once = js ? {} : { tag: "@desktop" };

    test(`filters the fault codes by brand ${mode}`, once, async ({ page: jsPage, browser, baseURL }) => {
      const { page, close } = await pageFor(js, jsPage, browser, baseURL);
      await page.goto("/technical-data");
      await page.getByLabel("Brand", { exact: true }).selectOption("Yaskawa");
      await faultCodes(page).getByRole("button", { name: "Search codes" }).click();
      await expect(page).toHaveURL(/\/technical-data\?brand=Yaskawa&q=#fault-codes$/);
      const codes = faultCodes(page);
      await expect(codes.getByText(/^\d+ codes match for Yaskawa$/)).toBeVisible();
      await expect(codes.getByRole("region", { name: "Yaskawa", exact: true })).toContainText("oC");
      await expect(codes.getByRole("region", { name: "ABB", exact: true })).toHaveCount(0);
      await expect(page.getByLabel("Brand", { exact: true })).toHaveValue("Yaskawa");
      await close();
    });

    test(`finds a fault code ${mode}`, once, async ({ page: jsPage, browser, baseURL }) => {
      const { page, close } = await pageFor(js, jsPage, browser, baseURL);
      await page.goto("/technical-data");
      await page.getByRole("searchbox", { name: "Fault code or words" }).fill("f0001");
      await faultCodes(page).getByRole("button", { name: "Search codes" }).click();
      await expect(page).toHaveURL(/\/technical-data\?brand=&q=f0001#fault-codes$/);
      const codes = faultCodes(page);
      await expect(codes.getByText("1 code matches “f0001”")).toBeVisible();
      const siemens = codes.getByRole("region", { name: "Siemens", exact: true });
      await expect(siemens.locator("summary")).toHaveText("F0001 Overcurrent");
      // A search opens the matching codes: causes and the numbered checks are visible.
      await expect(siemens.getByText("Causes:")).toBeVisible();
      await expect(siemens.getByText("What to check, in order:")).toBeVisible();
      await expect(siemens.locator("ol li").first()).toBeVisible();
      await expect(codes.getByRole("region")).toHaveCount(1);
      await expect(page.getByRole("searchbox", { name: "Fault code or words" })).toHaveValue("f0001");
      await close();
    });

    test(`calculates the worked examples ${mode}`, once, async ({ page: jsPage, browser, baseURL }) => {
      const { page, close } = await pageFor(js, jsPage, browser, baseURL);
      await page.goto("/technical-data");
      for (const example of EXAMPLES) {
        const region = page.getByRole("region", { name: example.calculator, exact: true });
        for (const [label, value] of Object.entries(example.selects ?? {})) {
          await region.getByLabel(label, { exact: true }).selectOption(value);
        }
        for (const [label, value] of Object.entries(example.fields)) {
          await region.getByLabel(label, { exact: true }).fill(value);
        }
        await region.getByRole("button", { name: example.submit }).click();
        const result = page.getByRole("region", { name: example.calculator, exact: true }).getByRole("group", { name: "Result" });
        for (const text of example.expected) await expect(result).toContainText(text);
        // What was typed stays in the form.
        const [firstLabel, firstValue] = Object.entries(example.fields)[0]!;
        await expect(region.getByLabel(firstLabel, { exact: true })).toHaveValue(firstValue);
      }
      await close();
    });
  }

  test("a code search that matches nothing says so", async ({ page }) => {
    await visit(page, "/technical-data?brand=ABB&q=ZZZ999");
    const codes = faultCodes(page);
    await expect(codes.getByText("No fault codes match “ZZZ999” for ABB.")).toBeVisible();
    await expect(codes.getByRole("region")).toHaveCount(0);
    await expect(codes.getByRole("link", { name: "Show all codes" })).toHaveAttribute("href", "/technical-data#fault-codes");
  });

  test("a brand-filtered page and a search page are valid and accessible", async ({ page }) => {
    await visit(page, "/technical-data?brand=Danfoss");
    await visit(page, "/technical-data?q=overcurrent");
    await expect(faultCodes(page).getByText(/^\d+ codes match “overcurrent”$/)).toBeVisible();
  });

  // Its own context at the default (desktop) size in either project: once (@desktop), as above.
  test("a bad input shows the message beside the field and keeps what was typed (no JavaScript)", { tag: "@desktop" }, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/technical-data");
    const motor = page.getByRole("region", { name: "Motor full-load current" });
    await motor.getByLabel("Rated output power (kW)").fill("abc");
    await motor.getByLabel("Supply voltage (V)").fill("415");
    await motor.getByLabel("Power factor (cos φ)").fill("0.85");
    await motor.getByLabel("Efficiency (fraction)").fill("90");
    await motor.getByRole("button", { name: "Calculate current" }).click();

    const power = page.getByRole("region", { name: "Motor full-load current" }).getByLabel("Rated output power (kW)");
    await expect(power).toHaveValue("abc");
    await expect(power).toHaveAttribute("aria-invalid", "true");
    await expect(power).toHaveAccessibleDescription(/Enter the motor output power in kW, between 0.01 and 10,000/);
    const efficiency = motor.getByLabel("Efficiency (fraction)");
    await expect(efficiency).toHaveValue("90");
    await expect(efficiency).toHaveAccessibleDescription(/Enter the efficiency as a fraction between 0.1 and 1 \(0.9 for 90 %\)/);
    await expect(motor.getByLabel("Supply voltage (V)")).toHaveValue("415");
    await expect(motor.getByLabel("Supply voltage (V)")).not.toHaveAttribute("aria-invalid", "true");
    await expect(motor.getByText("Please correct the 2 values marked below.")).toBeVisible();
    await expect(motor.getByRole("group", { name: "Result" })).toHaveCount(0);

    const capacitor = page.getByRole("region", { name: "Capacitor kVAR for power-factor correction" });
    await capacitor.getByLabel("Active load (kW)").fill("100");
    await capacitor.getByLabel("Present power factor").fill("0.95");
    await capacitor.getByLabel("Target power factor").fill("0.9");
    await capacitor.getByRole("button", { name: "Calculate kVAR" }).click();
    await expect(capacitor.getByLabel("Target power factor")).toHaveAccessibleDescription(
      /The target power factor must be higher than the present one/,
    );
    await expect(capacitor.getByLabel("Present power factor")).toHaveValue("0.95");
    await context.close();
  });

  test("a bad input shows the message beside the field with JavaScript, and the page stays accessible", async ({ page }) => {
    await visit(page, "/technical-data");
    const drop = page.getByRole("region", { name: "Cable voltage drop" });
    await drop.getByLabel("Load current (A)").fill("100");
    await drop.getByLabel("Route length, one way (m)").fill("0");
    await drop.getByLabel("Load power factor (cos φ)").fill("0.85");
    await drop.getByRole("button", { name: "Calculate voltage drop" }).click();
    const length = drop.getByLabel("Route length, one way (m)");
    await expect(length).toHaveAccessibleDescription(/Enter the one-way cable route length in metres, between 1 and 5,000/);
    await expect(length).toHaveValue("0");
    // No cable size chosen and no R typed: R is asked for.
    await expect(drop.getByLabel("Conductor resistance R (Ω/km)")).toHaveAttribute("aria-invalid", "true");
    await expect(drop.getByLabel("Load current (A)")).toHaveValue("100");
    await expectNoAxeViolations(page);
  });

  test("bad posts are answered with 400, never a 500, and the page is still valid", { tag: "@desktop" }, async ({ request, baseURL }) => {
    // Posts come from our own pages (the server refuses other origins).
    const post = (options: Parameters<typeof request.post>[1] & object) =>
      request.post("/technical-data", { ...options, headers: { Origin: baseURL!, ...options.headers } });
    const bad = await post({
      form: { intent: "motor-current", phases: "2", powerKw: "-1", voltageV: "x", powerFactor: "7", efficiency: "" },
    });
    expect(bad.status()).toBe(400);
    const html = await bad.text();
    await expectValidHtml(html, "POST /technical-data (invalid)");
    expect(html).toContain("Choose 1 (single-phase) or 3 (three-phase)");

    const ok = await post({ form: { intent: "kw-to-hp", powerKw: "7.46" } });
    expect(ok.status()).toBe(200);
    await expectValidHtml(await ok.text(), "POST /technical-data (kW to HP)");

    expect((await post({ form: { intent: "nonsense" } })).status()).toBe(400);
    expect((await post({ form: { intent: "voltage-drop", cable: "gold-1" } })).status()).toBe(400);
    expect((await post({ data: { intent: "kw-to-hp" } })).status()).toBe(400);
    expect(
      (await post({ headers: { "Content-Type": "multipart/form-data; boundary=x" }, data: "junk" })).status(),
    ).toBe(400);
  });

  test("the power electronics page", async ({ page, baseURL }) => {
    await visit(page, "/power-electronics");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Power Electronics Repair");
    const main = page.getByRole("main");
    await expect(main.getByText(/Component-level repair of IGBT, thyristor, gate-driver/)).toBeVisible();
    await expect(main.getByRole("heading", { name: "What we repair", level: 2 })).toBeVisible();
    await expect(main.getByRole("heading", { name: "IGBT modules", level: 3 })).toBeVisible();
    await expect(main.getByText("Gate driver boards", { exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Power Electronics Repair")).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(main.getByRole("link", { name: "Request Service", exact: true })).toHaveAttribute("href", "/request?service=vfd-repair");
    await expect(main.getByRole("link", { name: /Call \+91/ })).toHaveAttribute("href", "tel:+919000000001");
    const related = main.getByRole("navigation", { name: "Related" });
    await expect(related.getByRole("link", { name: "VFD repair" })).toHaveAttribute("href", "/services/vfd-repair");
    await expect(related.getByRole("link", { name: "Drive fault codes and calculators" })).toHaveAttribute("href", "/technical-data");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/power-electronics`);
  });
});
