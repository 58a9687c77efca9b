import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { addSessionCookie, createSession, expect, test } from "./support/fixtures.ts";
import { visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * The schedule board (issue 21), without JavaScript: a request sent from the public form waits in the queue; the
 * dispatcher marks the technician unavailable that morning, books the job onto them from its move form, sees both
 * clashes (unavailable then, no skill for the service) before anything is saved, saves anyway, and finds the visit on the technician's row, gone from the queue, with the
 * customer's SMS sent. Every page: valid HTML, axe, 390 px (visit does the checks).
 */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
}

test("the dispatcher books a waiting job from the board without JavaScript, over the clashes it was shown (unavailable hours, a missing skill)", { tag: "@flow" }, async ({ page, browser, signedInAs }) => {
  test.slow(); // several server-rendered pages with axe at two widths on each
  const mobile = newMobile();
  const name = `Suresh Babu ${mobile.slice(-4)}`;
  await createSession("technician", { mobile, name });
  // A city of this test's own: the board's filter then shows only its job in the queue.
  const city = `Kazipet ${mobile.slice(-4)}`;
  const customer = newMobile();
  const reference = await sendServiceRequest(page, { contactName: "Kiran Rao", mobile: customer, siteAddress: "Plot 4, Industrial Area", city, fault: "DC drive trips on overload at start." });
  const office = await signedInAs("office");
  // The move itself in a browser without JavaScript (axe needs scripts, so the pages are checked in \`page\`).
  const noScripts = await browser.newContext({ javaScriptEnabled: false });
  await addSessionCookie(noScripts, office);
  const plain = await noScripts.newPage();
  const date = tomorrowInIndia();

  const board = `/admin/schedule?view=day&date=${date}&city=${encodeURIComponent(city)}`;
  await visit(page, backOfficeUrl(board));
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  const queue = page.getByRole("region", { name: /^Waiting/ });
  await expect(queue).toContainText(reference);
  await expect(queue).toContainText("Needs: A technician");
  const book = await queue.getByRole("link", { name: `Book ${reference}` }).getAttribute("href");
  await visit(page, backOfficeUrl(book!));

  // The technician is unavailable that morning, marked by the office on the board's time-off page (no JavaScript).
  await plain.goto(backOfficeUrl("/admin/schedule/time-off"));
  const offTechnician = plain.getByRole("combobox", { name: "Technician" });
  await offTechnician.selectOption((await offTechnician.locator("option", { hasText: name }).getAttribute("value"))!);
  await plain.getByRole("combobox", { name: "What" }).selectOption("unavailable");
  await plain.getByRole("textbox", { name: "From (date)" }).fill(date);
  await plain.getByRole("textbox", { name: "From (time)" }).fill("09:00");
  await plain.getByRole("textbox", { name: "To (date)" }).fill(date);
  await plain.getByRole("textbox", { name: "To (time)" }).fill("11:00");
  await plain.getByRole("textbox", { name: /^Note/ }).fill("Training at the distributor");
  await plain.getByRole("button", { name: "Mark it" }).click();
  await expect(plain.getByText(`Unavailable hours marked for ${name}`)).toBeVisible();

  await plain.goto(backOfficeUrl(book!));
  const technician = plain.getByRole("combobox", { name: "Technician" });
  const option = technician.locator("option", { hasText: name });
  const technicianId = await option.getAttribute("value");
  await technician.selectOption(technicianId!);
  await plain.getByRole("textbox", { name: "Date" }).fill(date);
  await plain.getByRole("combobox", { name: "From" }).selectOption("10:00");
  await plain.getByRole("combobox", { name: "To" }).selectOption("12:00");
  await plain.getByRole("button", { name: "Save the move" }).click();

  // Nothing saved yet: the clash is shown, with "Save anyway".
  const clashes = plain.getByRole("alert").filter({ hasText: "Clashes of this move" });
  await expect(clashes).toContainText(`${name} has no DC drive repair skill`);
  await expect(clashes).toContainText(`${name} is unavailable then`);
  await expect(clashes).toContainText("Training at the distributor");
  await expect(plain.getByText("This move clashes: check below, then save anyway or choose another time.")).toBeVisible();
  await plain.getByRole("button", { name: "Save anyway" }).click();

  await expect(flashOf(plain)).toContainText(`Assigned to ${name}.`);
  await expect(plain.getByRole("region", { name: /^Waiting/ })).not.toContainText(reference);
  await noScripts.close();

  await visit(page, backOfficeUrl(`/admin/schedule?view=day&date=${date}&technician=${technicianId}`));
  const visitCard = page.getByRole("group").filter({ hasText: reference });
  await expect(visitCard).toContainText("10:00 am - 12:00 pm");
  await expect(visitCard).toContainText("Scheduled");
  await visit(page, backOfficeUrl(`/admin/schedule?view=week&date=${date}&technician=${technicianId}`));
  await expect(page.getByRole("table", { name: /Visits of the week/ })).toContainText(reference);

  await expect
    .poll(async () => (await sentSms()).some((m) => m.to.endsWith(customer) && m.body.includes(reference) && m.body.includes("is booked for")), { timeout: 10_000 })
    .toBe(true);
});

/**
 * The board with JavaScript (ADR 063): a waiting emergency dragged onto a technician's hour leaves the
 * queue (its clash said in a dialog first) and the customer is sent the SMS; the visit is then moved from the
 * keyboard (picked up, arrow keys, Enter) and made longer with its length handle, and a second dispatcher's
 * board shows each move without a reload (live events).
 */
test("the dispatcher drags an emergency onto a technician, moves it by keyboard, and another board follows", { tag: "@flow" }, async ({ page, browser, signedInAs }) => {
  test.slow(); // two browsers, three saves, axe on the board
  const mobile = newMobile();
  const name = `Anil Kumar ${mobile.slice(-4)}`;
  await createSession("technician", { mobile, name });
  const customer = newMobile();
  const reference = await sendServiceRequest(page, { contactName: "Latha Reddy", mobile: customer, siteAddress: "Shed 9, IDA Cherlapally", city: "Hyderabad", fault: "Conveyor VFD tripped, line stopped.", emergency: true });
  const office = await signedInAs("office");
  const date = tomorrowInIndia();

  await page.goto(backOfficeUrl(`/admin/schedule?view=day&date=${date}&urgency=emergency`));
  const technicianId = await page.getByRole("combobox", { name: "Technician" }).locator("option", { hasText: name }).getAttribute("value");
  const board = `/admin/schedule?view=day&date=${date}&urgency=emergency&technician=${technicianId}`;
  await visit(page, backOfficeUrl(board));
  const queue = page.getByRole("region", { name: /^Waiting/ });
  await expect(queue.getByRole("button", { name: `Pick up ${reference}` })).toBeVisible(); // the board's script runs

  // A second dispatcher watching the same board.
  const other = await browser.newContext();
  await addSessionCookie(other, office);
  const watcher = await other.newPage();
  await watcher.goto(backOfficeUrl(board));
  await expect(watcher.getByRole("button", { name: `Pick up ${reference}` })).toBeVisible();

  await page.locator(`[data-job="${reference}"]`).dragTo(page.locator(`[data-hour-cell="${technicianId} 10:00"]`));
  const dialog = page.getByRole("dialog", { name: "Clashes of this move" });
  await expect(dialog).toContainText(`${name} has no`);
  await dialog.getByRole("button", { name: "Save anyway" }).click();
  await expect(queue).not.toContainText(reference);
  const card = page.locator(`[data-visit="${reference}"]`);
  await expect(card).toContainText("10:00 am - 12:00 pm");
  await expect(watcher.locator(`[data-visit="${reference}"]`)).toContainText("10:00 am - 12:00 pm");
  await expect
    .poll(async () => (await sentSms()).some((m) => m.to.endsWith(customer) && m.body.includes(reference) && m.body.includes("is booked for")), { timeout: 10_000 })
    .toBe(true);

  // From the keyboard: open the card, pick it up, two hours later, drop; the clash is said again.
  await card.locator("summary").focus();
  await page.keyboard.press("Enter");
  await card.getByRole("button", { name: `Pick up ${reference}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(":focus")).toHaveAccessibleName(new RegExp(`^Drop ${reference} on ${name}, .* at 10:00 am`));
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.locator(":focus")).toHaveAccessibleName(new RegExp(`Drop ${reference} on ${name}, .* at 12:00 pm`));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Enter"); // the dialog's first button: "Save anyway"
  await expect(card).toContainText("12:00 pm - 2:00 pm");
  await expect(watcher.locator(`[data-visit="${reference}"]`)).toContainText("12:00 pm - 2:00 pm");

  // Its length from the keyboard: half an hour longer.
  const length = card.getByRole("slider", { name: `Length of ${reference}` });
  await length.focus();
  await page.keyboard.press("ArrowRight");
  await expect(length).toHaveAttribute("aria-valuetext", /2 hours 30 minutes, ends 2:30 pm/);
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Save anyway" }).click();
  await expect(card).toContainText("12:00 pm - 2:30 pm");
  await expect(watcher.locator(`[data-visit="${reference}"]`)).toContainText("12:00 pm - 2:30 pm");
  await other.close();
});
