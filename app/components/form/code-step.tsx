import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { OTP_RULES } from "~/lib/forms/sign-in.ts";
import { FormError, SubmitButton, TextField } from "./fields.tsx";

const secondaryButton =
  "h-11 rounded-md border border-slate-400 px-4 font-medium hover:bg-slate-100 disabled:opacity-60 dark:hover:bg-slate-800";

/** Counts down to when a new code may be asked for (after hydration; without JavaScript the server says). */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const end = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/**
 * The second step of signing in or registering: the 6-digit code from the SMS, "Send a new code" (after
 * 30 s) and "Use a different number". Each is a plain form post (intent verify, resend, restart) to the
 * page's own action.
 */
export function CodeStep({
  mobile,
  resendIn,
  resent,
  developmentCode,
  failure,
  formLabel,
  submitLabel,
}: {
  mobile: string;
  resendIn: number;
  resent: boolean;
  /** NODE_ENV=development only. */
  developmentCode?: string;
  failure: FormFailure | undefined;
  formLabel: string;
  submitLabel: string;
}) {
  const sending = useNavigation().state === "submitting";
  const left = useCountdown(resendIn);
  return (
    <>
      <div className="mt-6 space-y-4">
        <FormError message={failure?.errors.form} />
        {developmentCode && (
          <p role="note" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900 dark:bg-slate-900 dark:text-amber-200">
            Development mode: the code sent to {formatIndianPhone(mobile)} is{" "}
            <strong className="font-mono tracking-widest">{developmentCode}</strong>.
          </p>
        )}
      </div>
      <p className="mt-6" role="status">
        {resent ? "A new code is on its way" : "We have sent a 6-digit code"} to <strong>{formatIndianPhone(mobile)}</strong>.
        It works for {OTP_RULES.ttlSeconds / 60} minutes.
      </p>
      <Form method="post" className="mt-5 max-w-md space-y-5" aria-label={formLabel}>
        <input type="hidden" name="intent" value="verify" />
        <TextField
          name="code"
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={7}
          defaultValue={failure?.values.code}
          error={failure?.errors.code}
        />
        <SubmitButton sending={sending} label={submitLabel} />
      </Form>
      <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className={secondaryButton} disabled={left > 0}>
            Send a new code
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className={secondaryButton}>
            Use a different number
          </button>
        </Form>
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {left > 0
          ? `No SMS? You can ask for a new code in ${left} seconds; the old one then stops working.`
          : `No SMS within ${OTP_RULES.resendAfterSeconds} seconds? Send a new code; the old one then stops working.`}
      </p>
    </>
  );
}
