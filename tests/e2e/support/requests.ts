import { expect, type Page } from "@playwright/test";

export interface RequestForm {
  contactName: string;
  mobile: string;
  siteAddress: string;
  city: string;
  fault: string;
  /** The catalogue service's name, as the form's list shows it. */
  service?: string;
  /** An emergency breakdown rather than planned work. */
  emergency?: boolean;
}

/**
 * Sends a planned (or emergency) service request through the public form, as a customer would, and returns the reference
 * the thank-you page shows. For specs whose subject starts from a request (customers, the workshop).
 */
export async function sendServiceRequest(page: Page, form: RequestForm): Promise<string> {
  await page.goto("/request");
  await page.getByRole("combobox", { name: "Service", exact: true }).selectOption({ label: form.service ?? "DC Drive Repair" });
  await page.getByRole("textbox", { name: "Contact name", exact: true }).fill(form.contactName);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(form.mobile);
  await page.getByRole("textbox", { name: "Site address", exact: true }).fill(form.siteAddress);
  await page.getByRole("textbox", { name: "City", exact: true }).fill(form.city);
  await page.getByRole("textbox", { name: "Fault description", exact: true }).fill(form.fault);
  await page.getByRole("radio", { name: form.emergency ? /^Emergency/ : /^Planned/ }).check();
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
  return (await page.getByTestId("reference").textContent())!;
}

/** The back office's message after an action (the flash shown once after the redirect). */
export const flashOf = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).first();
