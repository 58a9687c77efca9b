/** What the back office's inbox lists, by kind (its filter tabs). */
export const INBOX_KINDS = {
  request: "Service requests",
  message: "Messages and enquiries",
  forum: "Forum posts",
} as const;
export type InboxKind = keyof typeof INBOX_KINDS;
