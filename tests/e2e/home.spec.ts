import { expect, test } from "@playwright/test";
import { automationServices } from "../../app/.server/content/seed/services-automation.ts";
import { electricalServices } from "../../app/.server/content/seed/services-electrical.ts";
import { serviceSlug } from "../../app/lib/slug.ts";
import { asNewVisitor, openHydrated, visit } from "./support/page-checks.ts";

const serviceCount = automationServices.length + electricalServices.length;
const allServices = [...automationServices, ...electricalServices];

/** The section headings of the home page, in the order of spec section 2 "Home page". */
const SECTION_ORDER = [
  "Brands we repair and program",
  "Our services",
  "Future Services",
  "Why plants call us first",
  "Industries we work for",
  "What our customers say",
  "Certifications",
  "Frequently asked questions",
  "Contact us",
  "Need a quotation?",
];

test.describe("home page", () => {
  test("sections in the spec's order, the hero's Request Service Now and call buttons", async ({ page }) => {
    await visit(page, "/");
    const hero = page.getByRole("main").locator("section").first();
    await expect(hero.getByRole("link", { name: "Request Service Now" })).toHaveAttribute("href", "/request");
    await expect(hero.getByRole("link", { name: /^Call \+91/ })).toHaveAttribute("href", "tel:+919000000001");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(SECTION_ORDER);
  });

  test("below-the-fold sections are in the server HTML and rendered lazily over a skeleton", async ({ page, request }) => {
    // Crawlers and visitors without JavaScript get every section's content.
    const html = (await (await request.get("/")).text()).replaceAll("<!-- -->", "");
    for (const text of ["Collaborative robots", "Pharmaceuticals", "from 2,500 ratings", "ISO 9001:2015 certified", "Send request"]) {
      expect(html, text).toContain(text);
    }
    await page.goto("/");
    const deferred = page.locator("[data-deferred]");
    expect(await deferred.count()).toBe(SECTION_ORDER.length - 2);
    const style = await deferred.first().evaluate((el) => {
      const s = getComputedStyle(el);
      return { contentVisibility: s.contentVisibility, skeleton: s.backgroundImage };
    });
    expect(style.contentVisibility).toBe("auto");
    expect(style.skeleton).toContain("linear-gradient");
  });

  test("the first paint waits for the stylesheet alone: first in <head>, the scripts not preloaded, the page still hydrates", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head.match(/<link [^>]*>/)?.[0]).toMatch(/^<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    expect(head).not.toContain("modulepreload");
    await openHydrated(page, "/");
    await page.getByRole("searchbox", { name: "Search services" }).fill("transformer");
    await expect(page.getByText(/^Found \d+ service\(s\)$/)).toBeVisible();
  });

  // Its pages are opened at each width below, whatever the project's: once (@desktop, ADR 065), not twice.
  test("until rendered, each lazy section holds about its own height, so none runs into the next", { tag: "@desktop" }, async ({ browser }) => {
    // Phone (360 and Lighthouse's 412 px), tablet and desktop widths, each side of the breakpoints.
    for (const width of [360, 412, 640, 767, 1024, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      await page.goto("/");
      const sections = await page.locator("[data-deferred]").evaluateAll((all) =>
        all.map((section) => {
          const reserved = section.getBoundingClientRect().height;
          (section as HTMLElement).style.contentVisibility = "visible";
          return { id: section.getAttribute("aria-labelledby"), reserved, rendered: section.getBoundingClientRect().height };
        }),
      );
      for (const { id, reserved, rendered } of sections) {
        expect(reserved, `${id} at ${width} px: reserves ${reserved} px for ${rendered} px`).toBeGreaterThanOrEqual(rendered);
        expect(reserved, `${id} at ${width} px: reserves ${reserved} px for ${rendered} px`).toBeLessThanOrEqual(rendered * 1.3);
      }
      await page.close();
    }
  });

  test("the brand strip names the spec's brands and stands still for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const strip = page.getByRole("list", { name: "Serviced brands" });
    for (const brand of ["ABB", "Siemens", "Allen-Bradley", "Schneider", "Delta", "Yaskawa", "Mitsubishi", "Omron", "Fanuc", "Rockwell"]) {
      await expect(strip.getByText(brand, { exact: true }).first()).toBeVisible();
    }
    const animation = () => strip.evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe("brand-strip");
    // The Pause checkbox stops it for anyone, without JavaScript.
    await page.getByRole("checkbox", { name: "Pause" }).check();
    expect(await strip.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("paused");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animation()).toBe("none");
    await expect(strip.locator("[aria-hidden=true]").first()).toBeHidden();
  });

  test("catalogue: every service has Learn More, Call and Request", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("#services .service-card");
    await expect(cards).toHaveCount(serviceCount);
    const first = automationServices[0]!;
    const card = cards.filter({ has: page.getByRole("heading", { name: first.name, exact: true }) });
    await expect(card.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", `/service/${serviceSlug(first.name)}`);
    await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+919000000001");
    await expect(card.getByRole("link", { name: "Request" })).toHaveAttribute("href", `/request?service=${serviceSlug(first.name)}`);
    await card.getByRole("link", { name: "Learn More" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
  });

  // The desktop layout: the desktop project only (playwright.config.ts, @desktop).
  test("catalogue on desktop: every card at once, no Show all", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#services .service-card:visible")).toHaveCount(serviceCount);
    await expect(page.locator("#services summary")).toBeHidden();
  });

  test("nothing in the catalogue moves as the page loads (no layout shift)", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { catalogueShifts: number[] };
      w.catalogueShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> }>) {
          const inCatalogue = entry.sources?.some((s) => {
            const element = s.node instanceof Element ? s.node : s.node?.parentElement;
            return Boolean(element?.closest("#services"));
          });
          if (inCatalogue) w.catalogueShifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The catalogue is drawn at its final height by CSS alone (on a phone: the first cards and Show all).
    await openHydrated(page, "/");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { catalogueShifts: number[] }).catalogueShifts)).toEqual([]);
  });

  test("catalogue live search: found count, no match and Clear search", async ({ page }) => {
    await openHydrated(page, "/");
    const box = page.getByRole("searchbox", { name: "Search services" });
    const cards = page.locator("#services .service-card");
    const expected = [...automationServices, ...electricalServices].filter((s) => s.name.toLowerCase().includes("drive")).length;
    expect(expected).toBeGreaterThan(1);
    await box.fill("DRIVE");
    await expect(page.getByText(`Found ${expected} service(s)`)).toBeVisible();
    await expect(cards).toHaveCount(expected);
    await box.fill("zzqx");
    await expect(page.getByText('No services found matching "zzqx"')).toBeVisible();
    await expect(cards).toHaveCount(0);
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(cards).toHaveCount(serviceCount);
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
  });

  // Spec: 66 cards one under another made the phone home page 24,000 px tall. On a phone the catalogue shows a
  // first screenful of cards and "Show all", and category chips; both work without JavaScript.
  for (const javaScriptEnabled of [true, false]) {
    // The phone layout (< 640 px): the phone project only (playwright.config.ts, @phone).
    test.describe(`catalogue on a phone, ${javaScriptEnabled ? "with" : "without"} JavaScript`, { tag: "@phone" }, () => {
      test.use({ javaScriptEnabled });

      test("at 390 px: at most two screens until Show all, then every card is reachable", async ({ page }) => {
        expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
        await page.goto("/");
        const section = page.locator("#services");
        const cards = section.locator(".service-card");
        await expect(cards).toHaveCount(serviceCount);
        await expect(section.locator(".service-card:visible")).toHaveCount(4);
        expect(await section.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(2 * 844);
        await section.getByText(`Show all ${serviceCount} services`, { exact: true }).click();
        await expect(section.locator(".service-card:visible")).toHaveCount(serviceCount);
        for (const s of [allServices[5]!, allServices.at(-1)!]) {
          const card = cards.filter({ has: page.getByRole("heading", { name: s.name, exact: true }) });
          await card.scrollIntoViewIfNeeded();
          await expect(card.getByRole("link", { name: `Learn More about ${s.name}` })).toHaveAttribute("href", `/service/${serviceSlug(s.name)}`);
          await expect(card.getByRole("link", { name: `Call about ${s.name}` })).toBeVisible();
          await expect(card.getByRole("link", { name: `Request ${s.name}` })).toHaveAttribute("href", `/request?service=${serviceSlug(s.name)}`);
        }
        await section.getByText("Show fewer services", { exact: true }).click();
        await expect(section.locator(".service-card:visible")).toHaveCount(4);
      });

      test("category chips filter the cards; a search shows every match", async ({ page }) => {
        const electrical = allServices.filter((s) => s.category === "Electrical");
        const mechanical = allServices.filter((s) => s.category === "Mechanical");
        expect(electrical.length).toBeGreaterThan(4);
        expect(mechanical.length).toBeLessThanOrEqual(4);
        if (javaScriptEnabled) await openHydrated(page, "/");
        else await page.goto("/");
        const section = page.locator("#services");
        const chips = page.getByRole("list", { name: "Service categories" });
        const cards = section.locator(".service-card");
        await expect(chips.getByRole("link", { name: `All (${serviceCount})` })).toHaveAttribute("aria-current", "true");

        await chips.getByRole("link", { name: `Electrical (${electrical.length})` }).click();
        if (!javaScriptEnabled) await expect(page).toHaveURL(/\?category=electrical#services$/);
        await expect(cards).toHaveCount(electrical.length);
        await expect(chips.getByRole("link", { name: `Electrical (${electrical.length})` })).toHaveAttribute("aria-current", "true");
        await expect(section.getByText(`Electrical: ${electrical.length} service(s)`)).toBeVisible();
        await expect(section.locator(".service-card:visible")).toHaveCount(4);
        await section.getByText(`Show all ${electrical.length} Electrical services`, { exact: true }).click();
        await expect(section.locator(".service-card:visible")).toHaveCount(electrical.length);

        // A category that fits the first screenful has no Show all.
        await chips.getByRole("link", { name: `Mechanical (${mechanical.length})` }).click();
        await expect(cards).toHaveCount(mechanical.length);
        await expect(section.locator("summary")).toHaveCount(0);

        // A search looks through every category and shows every match.
        const repairs = allServices.filter((s) => s.name.toLowerCase().includes("repair"));
        expect(repairs.length).toBeGreaterThan(4);
        await page.getByRole("searchbox", { name: "Search services" }).fill("repair");
        if (!javaScriptEnabled) await page.getByRole("button", { name: "Search" }).click();
        await expect(section.getByText(`Found ${repairs.length} service(s)`)).toBeVisible();
        await expect(section.locator(".service-card:visible")).toHaveCount(repairs.length);
        await expect(chips.locator('[aria-current="true"]')).toHaveCount(0);

        await chips.getByRole("link", { name: `All (${serviceCount})` }).click();
        await expect(cards).toHaveCount(serviceCount);
        await expect(page.getByRole("searchbox", { name: "Search services" })).toHaveValue("");
      });
    });
  }

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the catalogue search is answered by the server", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("searchbox", { name: "Search services" }).fill("transformer");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\?service=transformer#services$/);
      await expect(page.getByText(/^Found \d+ service\(s\)$/)).toBeVisible();
      await expect(page.locator("#services .service-card").first()).toContainText(/transformer/i);
      await page.getByRole("button", { name: "Clear search" }).click();
      await expect(page.locator("#services .service-card")).toHaveCount(serviceCount);
      await page.goto("/?service=zzqx");
      await expect(page.getByText('No services found matching "zzqx"')).toBeVisible();
    });
  });

  test("reviews, certification, FAQ and contact come from settings and content", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("img", { name: "Rated 4.8 out of 5" })).toBeAttached();
    await expect(page.getByRole("region", { name: "Certifications" }).getByRole("link", { name: "About our certification" })).toHaveAttribute("href", "/certifications");
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(faq.locator("details")).toHaveCount(6);
    await faq.locator("summary").first().click();
    await expect(faq.locator("details").first()).toHaveAttribute("open", "");
    const contact = page.getByRole("region", { name: "Contact us" });
    await expect(contact.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/919000000001\?text=/);
    await expect(contact.getByText("Open 24/7", { exact: false })).toBeAttached();
  });
});

test.describe("quotation call-to-action (the spec's simple request)", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  const phone = () => `6${String(Date.now() % 1e9).padStart(9, "0")}`;

  test("name, phone, e-mail, preferred date and description make a quick request", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Quick request" });
    await form.getByRole("textbox", { name: "Your name" }).fill("Meena");
    await form.getByRole("textbox", { name: "Mobile number" }).fill(phone());
    await form.getByRole("textbox", { name: "What do you need?" }).fill("Quotation for an AMC on 12 drives and 3 PLC panels.");
    await form.getByRole("checkbox", { name: /privacy notice/ }).check();
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=SR-\d{4}-\d{4}&sig=/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the server's messages appear beside the fields, then it is accepted", async ({ page }) => {
      await page.goto("/");
      const form = page.getByRole("form", { name: "Quick request" });
      await form.getByRole("textbox", { name: "Your name" }).fill("Meena");
      await form.getByRole("button", { name: "Send request" }).click();
      const again = page.getByRole("form", { name: "Quick request" });
      await expect(again.getByText("Enter your mobile number.")).toBeVisible();
      await expect(again.getByText("Tell us briefly what you need.")).toBeVisible();
      await expect(again.getByRole("textbox", { name: "Your name" })).toHaveValue("Meena");
      await again.getByRole("textbox", { name: "Mobile number" }).fill(phone());
      await again.getByRole("textbox", { name: "What do you need?" }).fill("Callback about a DC drive retrofit.");
      await again.getByRole("checkbox", { name: /privacy notice/ }).check();
      await again.getByRole("button", { name: "Send request" }).click();
      await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
    });
  });
});
