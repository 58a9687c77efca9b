import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/.server/db/index.ts";
import { technicianProfiles } from "~/.server/db/schema.ts";
import { isUnreadable, parseForm, readForm, refuse, refuseFields, UNREADABLE_FORM } from "~/.server/forms/index.ts";
import { ROLES, safeReturnPath, type Role } from "~/lib/auth/roles.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { sendCodeSchema, verifyCodeSchema } from "~/lib/forms/sign-in.ts";
import { developmentCode, resendWait, sendCode, verifyCode } from "./otp.ts";
import { clearPendingSignIn, readPendingSignIn, savePendingSignIn, type PendingSignIn } from "./pending-sign-in.ts";
import { readSession, revokeSession, startSession } from "./sessions.ts";
import { findUserByMobile, hasRole, recordSignIn, technicianRegistered, upsertUserWithRole } from "./users.ts";
import { noStore } from "~/.server/http/cache.ts";
import { auditSignIn } from "~/.server/audit/sign-ins.ts";

/**
 * Signing in by mobile number and one-time code, for all three portals. Step 1 sends a code; step 2
 * checks it and opens a session. Every step is a plain form post, so it works without JavaScript.
 */

export interface SignInPageData {
  role: Role;
  step: "mobile" | "code";
  /** The number the code went to, as typed back to the person (it is their own). */
  mobile?: string;
  returnTo?: string;
  /** Seconds until "Send a new code" may be used. */
  resendIn: number;
  /** Set after "Send a new code". */
  resent: boolean;
  /** NODE_ENV=development only: the code that was sent, shown in a banner. */
  developmentCode?: string;
}

/** What the sign-in page shows; a visitor already signed in to this portal goes straight on. */
export async function signInPage(request: Request, url: URL, role: Role): Promise<SignInPageData> {
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"));
  const session = await readSession(request);
  if (session?.role === role) throw redirect(returnTo ?? ROLES[role].landingPath, { headers: noStore() });
  const pending = await readPendingSignIn(request, url);
  if (!pending || pending.role !== role) return { role, step: "mobile", returnTo, resendIn: 0, resent: false };
  return {
    role,
    step: "code",
    mobile: pending.mobile,
    returnTo: pending.returnTo,
    resendIn: await resendWait(pending.challengeId),
    resent: url.searchParams.get("resent") === "1",
    developmentCode: await developmentCode(pending.mobile, pending.challengeId),
  };
}

function retryHeaders(retryAfter: number | undefined): HeadersInit {
  return retryAfter ? { "Retry-After": String(retryAfter) } : {};
}

/** The sign-in page's action: intent send, verify, resend or restart. */
export async function signInAction(request: Request, url: URL, role: Role, address: string) {
  const form = await readForm(request);
  if (isUnreadable(form)) return refuse({ errors: { form: UNREADABLE_FORM }, values: {} });
  const intent = form.get("intent");
  const pending = await readPendingSignIn(request, url);
  const here = url.pathname;

  if (intent === "restart") {
    return redirect(here, { status: 303, headers: { ...noStore(), "Set-Cookie": await clearPendingSignIn(url) } });
  }

  if (intent === "send" || (intent === "resend" && !pending)) {
    const returnTo = safeReturnPath(form.get("returnTo"));
    const parsed = parseForm(form, sendCodeSchema, { fields: ["mobile"] });
    if (parsed.refusal) return parsed.refusal;
    return sendAndContinue({ mobile: parsed.data.mobile, role, returnTo }, url, address, parsed.values);
  }

  if (!pending || pending.role !== role) {
    return refuse({ errors: { form: "Your sign-in timed out. Please enter your mobile number again." }, values: {} });
  }

  if (intent === "resend") return sendAndContinue(pending, url, address, {}, true);

  const parsed = parseForm(form, verifyCodeSchema, { fields: ["code"] });
  if (parsed.refusal) return parsed.refusal;
  const checked = await verifyCode({ ...pending, purpose: role, code: parsed.data.code, address });
  if (!checked.ok) {
    return refuseFields(form, { code: checked.message }, { fields: ["code"], status: checked.reason === "address-limit" ? 429 : 400, headers: retryHeaders(checked.retryAfter) });
  }
  const user = await accountFor(role, pending.mobile);
  if (!user) return refuseFields(form, { code: "That code is not right. Ask for a new code." }, { fields: ["code"] });

  // A new sign-in replaces whatever session this browser had (no session fixation, one portal at a time).
  const previous = await readSession(request);
  if (previous) await revokeSession(previous.id);
  const headers = new Headers(noStore());
  headers.append("Set-Cookie", await startSession({ userId: user.id, role, method: "otp", request, url, address }));
  headers.append("Set-Cookie", await clearPendingSignIn(url));
  await recordSignIn(user.id);
  await auditSignIn(role, user, address, "otp");
  return redirect(pending.returnTo ?? ROLES[role].landingPath, { status: 303, headers });
}

async function sendAndContinue(
  target: Omit<PendingSignIn, "challengeId">,
  url: URL,
  address: string,
  values: Record<string, string>,
  resend = false,
) {
  const { mobile, role } = target;
  let deliver = true;
  if (role === "technician" && !(await technicianRegistered(mobile))) {
    return refuse({
      errors: { mobile: "No technician registration uses this number. Register first, or check the number." },
      values,
    });
  }
  // Whether a number is an admin's is not given away: the page goes on to the code step either way,
  // but only an admin's number gets a code.
  if (role === "admin") deliver = Boolean((await findUserByMobile(mobile))?.roles.includes("admin"));
  const sent = await sendCode({ mobile, purpose: role, address, deliver });
  if (!sent.ok) {
    const failure: FormFailure = resend ? { errors: { form: sent.message }, values } : { errors: { mobile: sent.message }, values };
    return refuse(failure, 429, retryHeaders(sent.retryAfter));
  }
  const cookie = await savePendingSignIn({ ...target, challengeId: sent.challengeId }, url);
  return redirect(resend ? `${url.pathname}?resent=1` : url.pathname, { status: 303, headers: { ...noStore(), "Set-Cookie": cookie } });
}

/** The account a verified number signs in to, or undefined when this number may not use this portal. */
async function accountFor(role: Role, mobile: string) {
  if (role === "customer") return upsertUserWithRole(mobile, "customer");
  if (role === "technician") {
    if (!(await technicianRegistered(mobile))) return undefined;
    return getDb().transaction(async (tx) => {
      const user = await upsertUserWithRole(mobile, "technician", tx);
      await tx.update(technicianProfiles).set({ userId: user.id }).where(eq(technicianProfiles.mobile, mobile));
      return user;
    });
  }
  const user = await findUserByMobile(mobile);
  return user && hasRole(user, "admin") ? user : undefined;
}
