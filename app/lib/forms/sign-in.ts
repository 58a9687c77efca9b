import { z } from "zod";
import { indianMobile } from "./fields.ts";

/** Step 1 of signing in: the mobile number the code goes to. */
export const sendCodeSchema = z.object({
  mobile: indianMobile,
});

/** Step 2: the six-digit code from the SMS. Spaces (as some phones paste it) are ignored. */
export const verifyCodeSchema = z.object({
  code: z
    .string("Enter the 6-digit code from the SMS.")
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the SMS.")),
});

export const OTP_RULES = {
  digits: 6,
  /** A code works for this long... */
  ttlSeconds: 5 * 60,
  /** ...and for this many wrong tries. */
  maxAttempts: 5,
  /** A new code may be asked for after this long. */
  resendAfterSeconds: 30,
  /** At most this many codes per number per hour. */
  perNumberPerHour: 5,
} as const;
