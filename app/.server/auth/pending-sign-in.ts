import { z } from "zod";
import { isRole, safeReturnPath, type Role } from "~/lib/auth/roles.ts";
import { signedCookie } from "./cookies.ts";

/**
 * Between "send me a code" and "here is the code", the sign-in page remembers which code it waits for in a
 * signed cookie: the challenge, the number, the portal and where to go afterwards. The number never
 * appears in an address (and so never in a log or a browser's history).
 */
const COOKIE = "otp_pending";
const MAX_AGE_SECONDS = 15 * 60;

const pendingSchema = z.object({
  challengeId: z.number().int().positive(),
  mobile: z.string().regex(/^\+91[6-9]\d{9}$/),
  role: z.string().refine(isRole),
  returnTo: z.string().optional(),
});

export interface PendingSignIn {
  challengeId: number;
  mobile: string;
  role: Role;
  returnTo?: string;
}

export async function readPendingSignIn(request: Request, url: URL): Promise<PendingSignIn | undefined> {
  const value: unknown = await signedCookie(COOKIE, url, MAX_AGE_SECONDS).parse(request.headers.get("cookie"));
  const parsed = pendingSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { returnTo, role, ...rest } = parsed.data;
  return { ...rest, role: role as Role, returnTo: safeReturnPath(returnTo) };
}

export function savePendingSignIn(pending: PendingSignIn, url: URL): Promise<string> {
  return signedCookie(COOKIE, url, MAX_AGE_SECONDS).serialize(pending);
}

export function clearPendingSignIn(url: URL): Promise<string> {
  return signedCookie(COOKIE, url, MAX_AGE_SECONDS).serialize("", { maxAge: 0 });
}
