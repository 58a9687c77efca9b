import fs from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import type { Role } from "~/lib/auth/roles.ts";

/**
 * An admin's number, from those playwright.config.ts gives the test server (ADMIN_PHONES): one per slot
 * (0-9) and project, so that tests running at once never share a number's limit of 5 codes an hour.
 * Give each test that signs in as an admin its own slot.
 */
export function adminMobile(projectName: string, slot: number): string {
  if (slot < 0 || slot > 9) throw new Error("admin slots are 0-9");
  return `900000${projectName === "phone" ? 1 : 0}00${slot}`;
}

/**
 * The back office's address in tests: the site URL is http://localhost:PORT (the public host, where admin
 * pages are denied), so the back office is reached on 127.0.0.1.
 */
export function backOfficeUrl(path: string): string {
  return `http://127.0.0.1:${process.env.E2E_PORT}${path}`;
}

/** A mobile number no other test uses: 6 and nine random digits. */
export function newMobile(): string {
  return `6${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}

interface SmsLine {
  type: "sms";
  to: string;
  body: string;
}

/** Every SMS the test server has printed so far (its stdout goes to E2E_SERVER_LOG). */
export async function sentSms(): Promise<SmsLine[]> {
  const log = await fs.readFile(process.env.E2E_SERVER_LOG!, "utf8").catch(() => "");
  return log
    .split("\n")
    .filter((line) => line.startsWith('{"type":"sms"'))
    .map((line) => JSON.parse(line) as SmsLine);
}

/**
 * The newest verification code sent to mobile (ten digits), read from the SMS log line, waiting for it
 * when the outbox has not delivered it yet. `after` is how many codes that number had before.
 */
export async function readCode(mobile: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const codes = (await sentSms())
          .filter((m) => m.to === `+91${mobile}` && m.body.includes("verification code"))
          .map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]);
        code = codes.length > after ? codes.at(-1) : undefined;
        return code;
      },
      { message: `an SMS code for ${mobile}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** How many codes mobile has been sent so far. */
export async function codesSent(mobile: string): Promise<number> {
  return (await sentSms()).filter((m) => m.to === `+91${mobile}` && m.body.includes("verification code")).length;
}

const SIGN_IN_PATHS: Record<Role, string> = { customer: "/customer/login", technician: "/technician/login", admin: "/admin/login" };

/**
 * Signs in through the sign-in page the way a person does: number, "Send code", the code from the SMS,
 * "Sign in". Starts from `from` when given (a protected page that sends the visitor to sign in).
 */
export async function signIn(page: Page, role: Role, mobile: string, options: { from?: string; answerNameStep?: boolean } = {}): Promise<void> {
  const before = await codesSent(mobile);
  const start = options.from ?? SIGN_IN_PATHS[role];
  await page.goto(role === "admin" && start.startsWith("/") ? backOfficeUrl(start) : start);
  await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  // Signing in again within 30 s of the last code: wait as the page says, as a person would.
  const wait = page.getByText(/You can ask for a new one in (\d+) seconds/);
  const outcome = await Promise.race([
    page.getByRole("textbox", { name: "6-digit code" }).waitFor().then(() => "code" as const),
    wait.waitFor().then(() => "wait" as const),
  ]);
  if (outcome === "wait") {
    const seconds = Number(/in (\d+) seconds/.exec((await wait.textContent()) ?? "")?.[1] ?? 30);
    await page.waitForTimeout((seconds + 1) * 1000);
    await page.getByRole("button", { name: "Send code" }).click();
  }
  const code = await readCode(mobile, before);
  await page.getByRole("textbox", { name: "6-digit code" }).fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in once the page has left the sign-in form; a navigation started before that could abort the post.
  await page.waitForURL((url) => !SIGN_IN_PAGE.test(url.pathname));
  // A staff account without a name (ADMIN_PHONES) is asked for it first; the tests give one unless the
  // test is about that step.
  if (role === "admin" && options.answerNameStep !== false && new URL(page.url()).pathname === "/admin/your-name") {
    await page.getByRole("textbox", { name: "Your name" }).fill("Test Office");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL((url) => url.pathname !== "/admin/your-name");
  }
}

const SIGN_IN_PAGE = /^\/(customer|technician|admin)\/login$/;
