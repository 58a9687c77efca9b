/** Pieces shared by the marketing screens. */

export const STATUS_WORDS = {
  draft: "Draft",
  sending: "Sending",
  paused: "Paused",
  finished: "Finished",
  cancelled: "Cancelled",
} as const;

export const CHANNEL_WORDS = { sms: "SMS", email: "E-mail", whatsapp: "WhatsApp" } as const;
