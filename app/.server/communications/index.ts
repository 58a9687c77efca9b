import { and, eq, isNull } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { conversationMessages, customers } from "~/.server/db/schema.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { indianMobile } from "~/lib/forms/fields.ts";

/**
 * What other areas call to put a message on a customer's thread (/admin/communications): WhatsApp in and
 * out, SMS replies, calls logged, notes. Inbound forms and the outbox's messages join the thread by
 * reference and are not recorded here (see ./thread.ts).
 */

export type ConversationChannel = (typeof conversationMessages.$inferInsert)["channel"];
export type ConversationDirection = (typeof conversationMessages.$inferInsert)["direction"];

export interface RecordConversationInput {
  customerId?: number | null;
  /** Any usual form of an Indian mobile; stored as +91 and ten digits. */
  mobile?: string | null;
  channel: ConversationChannel;
  direction: ConversationDirection;
  body: string;
  subject?: string | null;
  template?: string | null;
  status?: string;
  /** The provider's message id: a repeated webhook returns the row already stored. */
  externalId?: string | null;
  outboxId?: number | null;
  inboundMessageId?: number | null;
  serviceRequestId?: number | null;
  staffUserId?: number | null;
  meta?: Record<string, unknown>;
  /** A form's one-time key: a repeated submission returns the row already stored. */
  idempotencyKey?: string | null;
}

export type ConversationMessage = typeof conversationMessages.$inferSelect;

/** +91 and ten digits, or null when the text is not an Indian mobile number. */
export function normaliseMobile(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  const parsed = indianMobile.safeParse(mobile);
  return parsed.success ? parsed.data : null;
}

/** The customer (not erased) with this mobile number, or null. */
export async function customerIdForMobile(db: Database | Transaction, mobile: string | null | undefined): Promise<number | null> {
  const e164 = normaliseMobile(mobile);
  if (!e164) return null;
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.mobile, e164), isNull(customers.erasedAt)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Puts one message on a thread and tells the open communications screens (live, after commit). A repeat
 * (same externalId or idempotencyKey) returns the row stored the first time and publishes nothing.
 * Without a customerId the mobile's customer is looked up; an unknown sender's messages stay grouped by mobile.
 */
export async function recordConversation(db: Database | Transaction, input: RecordConversationInput): Promise<ConversationMessage> {
  const existing = await findRepeat(db, input);
  if (existing) return existing;
  const mobile = normaliseMobile(input.mobile);
  const customerId = input.customerId ?? (mobile ? await customerIdForMobile(db, mobile) : null);
  const [row] = await db
    .insert(conversationMessages)
    .values({
      customerId,
      mobile,
      channel: input.channel,
      direction: input.direction,
      body: input.body,
      subject: input.subject ?? null,
      template: input.template ?? null,
      status: input.status ?? "recorded",
      externalId: input.externalId ?? null,
      outboxId: input.outboxId ?? null,
      inboundMessageId: input.inboundMessageId ?? null,
      serviceRequestId: input.serviceRequestId ?? null,
      staffUserId: input.staffUserId ?? null,
      meta: input.meta ?? {},
      idempotencyKey: input.idempotencyKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent repeat won the race: return its row.
  if (!row) {
    const again = await findRepeat(db, input);
    if (again) return again;
    throw new Error("recordConversation: the message was neither stored nor found");
  }
  await publishLive(db, {
    audience: "staff:communications",
    kind: "conversation.message",
    data: { id: row.id, customerId: row.customerId, channel: row.channel, direction: row.direction },
  });
  return row;
}

async function findRepeat(db: Database | Transaction, input: RecordConversationInput): Promise<ConversationMessage | null> {
  if (input.externalId) {
    const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.externalId, input.externalId)).limit(1);
    if (row) return row;
  }
  if (input.idempotencyKey) {
    const [row] = await db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.idempotencyKey, input.idempotencyKey))
      .limit(1);
    if (row) return row;
  }
  return null;
}
