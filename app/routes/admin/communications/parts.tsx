import { link } from "~/components/admin/styles.ts";

/** Labels shared by the communications screens (/admin/communications, /admin/sms, /admin/emails). */

export const CHANNEL_LABELS: Record<string, string> = {
  sms: "SMS",
  email: "E-mail",
  whatsapp: "WhatsApp",
  call: "Call",
  form: "Form",
  note: "Note",
  request: "Service request",
  helpdesk: "Help desk",
};

const STATUS_LABELS: Record<string, string> = {
  pending: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  delivered: "Delivered",
  read: "Read",
  queued: "Queued",
  logged: "Logged",
  recorded: "Recorded",
  received: "Received",
  internal: "Internal",
};

export function statusLabel(status: string | null): string {
  if (!status) return "";
  return STATUS_LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** A message's status as a small badge: failures stand out. */
export function StatusBadge({ status }: { status: string | null }) {
  if (!status) return null;
  const bad = status === "failed";
  const good = status === "delivered" || status === "read";
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${
        bad
          ? "border-red-700 text-red-800 dark:border-red-400 dark:text-red-300"
          : good
            ? "border-green-700 text-green-800 dark:border-green-400 dark:text-green-300"
            : "border-slate-400 text-slate-700 dark:text-slate-300"
      }`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** A logged message's customer, linking to their thread (none when the message matched no customer). */
export function ThreadLink({ reference, name }: { reference: string | null; name: string | null }) {
  if (!reference) return null;
  return (
    <a href={`/admin/communications/${reference}`} className={`${link} text-sm`}>
      {name ?? reference}
    </a>
  );
}
