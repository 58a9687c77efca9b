import { z } from "zod";
import { STAFF_ROLES } from "~/lib/auth/permissions.ts";
import { indianMobile, requiredText } from "~/lib/forms/fields.ts";

/**
 * The staff screen's forms (/admin/staff): add a staff member by mobile number, change a member's role,
 * remove a member. Shared with the browser; the server parses each post with parseForm.
 */

const role = z.enum(STAFF_ROLES, "Choose a role: Owner, Office or Accounts.");

const userId = z
  .string("This staff member could not be found: reload the page.")
  .regex(/^\d{1,9}$/, "This staff member could not be found: reload the page.")
  .transform(Number);

/**
 * The role the page showed when it was drawn (a hidden field): a change made meanwhile by another owner
 * is refused, not overwritten.
 */
const shownRole = z.enum(STAFF_ROLES, "This staff member could not be found: reload the page.");

const MOBILE_MISSING = "Enter the staff member's mobile number.";

export const addStaffSchema = z.object({
  intent: z.literal("add"),
  // The site's one mobile-number rule, with a message about them rather than "your" number.
  mobile: z.string(MOBILE_MISSING).trim().min(1, MOBILE_MISSING).pipe(indianMobile),
  name: requiredText("Enter the staff member's name.", 100),
  role,
});

export const changeStaffRoleSchema = z.object({
  intent: z.literal("role"),
  userId,
  from: shownRole,
  role,
});

export const removeStaffSchema = z.object({
  intent: z.literal("remove"),
  userId,
  from: shownRole,
});

export type AddStaffInput = z.output<typeof addStaffSchema>;
export type ChangeStaffRoleInput = z.output<typeof changeStaffRoleSchema>;
export type RemoveStaffInput = z.output<typeof removeStaffSchema>;

export const STAFF_CHANGED_MEANWHILE = "Someone else changed this staff member while you were looking at it. Reload to see the change.";
export const LAST_OWNER =
  "You are the only owner. Make someone else an owner first: without an owner, no one could manage staff, settings or the audit log.";

/** The first sign-in's one question (/admin/your-name): the name the office will see on replies and jobs. */
export const staffNameSchema = z.object({
  name: requiredText("Enter your name: it shows on your replies, assignments and bookings.", 100).refine((v) => /\p{L}/u.test(v), "Enter your name in letters."),
  next: z.string().max(500).optional(),
});

/** Where the name page returns to: a back-office path of this site only (/admin, or the spec's /database), never another site. */
export function safeNext(next: string | null | undefined): string {
  return next && /^\/(?:admin|database)(?:[/?#]|$)/.test(next) && !next.startsWith("//") && !next.includes("\\") && !next.startsWith("/admin/your-name") ? next : "/admin";
}
