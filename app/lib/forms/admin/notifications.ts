import { z } from "zod";
import { ALERT_KINDS } from "~/lib/notifications/alert-kinds.ts";

/**
 * The notifications screen's filters and forms (/admin/notifications): one schema per form, shared by the
 * server (parseListQuery, parseForm) and the page.
 */

export const NOTIFICATION_FILTERS = [
  { value: "unread", label: "Unread" },
  { value: "all", label: "All" },
] as const;

export const notificationListSchema = z.object({
  show: z.enum(["unread", "all"]).default("unread"),
  kind: z.enum(ALERT_KINDS).optional(),
});
export type NotificationListFilters = z.output<typeof notificationListSchema>;

export const markReadSchema = z.object({
  intent: z.literal("mark-read"),
  id: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.").max(2_147_483_647, "Reload the page and try again."),
});

export const markAllReadSchema = z.object({
  intent: z.literal("mark-all-read"),
  /** The newest alert the page showed: alerts that arrived after it stay unread. */
  upTo: z.coerce.number("Reload the page and try again.").int().min(0).max(2_147_483_647),
});

/** A checkbox per kind and channel: "<kind>:in-app", "<kind>:sms", "<kind>:email" ("on" when ticked). */
export const CHANNELS = [
  { value: "inApp", field: "in-app", label: "In the app" },
  { value: "sms", field: "sms", label: "SMS" },
  { value: "email", field: "email", label: "E-mail" },
] as const;

export const STALE_PREFERENCES_MESSAGE = "Your choices were changed in another window meanwhile. Reload the page to see them, then save again.";

const ticked = z.literal(["on", "yes"]).optional();

export const preferencesSchema = z
  .object({
    intent: z.literal("preferences"),
    /** When the choices shown were last saved ("" if never): a save from an older page is refused. */
    savedAt: z.string().max(40).default(""),
  })
  .catchall(ticked);

export type PreferencesInput = z.output<typeof preferencesSchema>;

export function isNotificationIntent(v: unknown): v is "mark-read" | "mark-all-read" | "preferences" {
  return v === "mark-read" || v === "mark-all-read" || v === "preferences";
}
