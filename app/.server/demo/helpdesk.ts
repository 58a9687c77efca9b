import { asc, desc, eq, isNotNull } from "drizzle-orm";
import type { StaffMember } from "~/.server/auth/staff.ts";
import type { Database } from "~/.server/db/index.ts";
import { cannedReplies, customers, serviceRequests } from "~/.server/db/schema.ts";
import { STARTER_CANNED_REPLIES } from "~/.server/helpdesk/canned.ts";
import { createTicket, type CreateTicketInput } from "~/.server/helpdesk/index.ts";
import { addTicketNote, replyToTicket, updateTicket } from "~/.server/helpdesk/office.ts";
import { STAFF_ROLE_INFO, type StaffRole } from "~/lib/auth/permissions.ts";
import type { TicketPriority, TicketStatus } from "~/lib/helpdesk.ts";

/**
 * The demo's help desk (issue 12 §5): the office's canned replies, and tickets from every source in every
 * state, made through the help desk's own functions (so their SLA, alerts, audit entries and jobs are real):
 * one answered on time and waiting on the customer, one past its first-reply target, an urgent one due within
 * the hour, a chat hand-off with its transcript and an internal note, a resolved one and a closed one. The
 * customers are the demo's own, found by their records; the contact form's sender is a prospect.
 */

export interface DemoHelpDeskSummary {
  tickets: number;
  cannedReplies: number;
}

interface DemoTicket {
  input: Omit<CreateTicketInput, "now" | "acknowledge">;
  hoursAgo: number;
  reply?: { body: string; afterHours: number };
  note?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  assign?: boolean;
}

export async function seedDemoHelpDesk(
  db: Database,
  options: { now: Date; office: { userId: number; name: string; mobile: string; role: StaffRole } },
): Promise<DemoHelpDeskSummary> {
  const { now } = options;
  const staff: StaffMember = { ...options.office, sessionId: 0, permissions: STAFF_ROLE_INFO[options.office.role].permissions, ipAddress: "10.0.0.12" };
  await db
    .insert(cannedReplies)
    .values(STARTER_CANNED_REPLIES.map((c) => ({ ...c, updatedBy: staff.userId, updatedAt: now })))
    .onConflictDoNothing({ target: cannedReplies.title });

  const people = await db
    .select({ id: customers.id, name: customers.name, mobile: customers.mobile, email: customers.email })
    .from(customers)
    .where(isNotNull(customers.mobile))
    .orderBy(asc(customers.id))
    .limit(5);
  const requestOf = async (customerId: number) =>
    (await db.select({ id: serviceRequests.id, reference: serviceRequests.reference }).from(serviceRequests).where(eq(serviceRequests.customerId, customerId)).orderBy(desc(serviceRequests.createdAt)).limit(1))[0];
  const who = (i: number) => people[i % Math.max(people.length, 1)];

  const plan: DemoTicket[] = [];
  const a = who(0);
  if (a) {
    const request = await requestOf(a.id);
    plan.push({
      input: {
        source: "portal",
        subject: request ? `Help with request ${request.reference}` : "Spare part for our drive",
        body: "The engineer said a spare IGBT module had to be ordered. When will he come back to fit it? The line runs on the standby drive.",
        customerId: a.id,
        serviceRequestId: request?.id ?? null,
        idempotencyKey: "demo:ticket:1",
      },
      hoursAgo: 26,
      reply: { body: "The IGBT module reached our workshop this morning. Our engineer can fit it tomorrow at 10 am: please confirm the line can be stopped for two hours.", afterHours: 1.5 },
      status: "pending",
      assign: true,
    });
  }
  plan.push({
    input: {
      source: "contact",
      subject: "AMC for 12 VFDs at our Pashamylaram plant",
      body: "We run twelve ABB and Danfoss drives on our extrusion lines and want a yearly maintenance contract with quarterly visits. Please send the plans and prices.",
      contactName: "Deepika Rao",
      contactMobile: "+919849011223",
      contactEmail: "purchase@example.in",
      priority: "high",
      idempotencyKey: "demo:ticket:2",
    },
    hoursAgo: 5,
  });
  const b = who(1);
  if (b) {
    plan.push({
      input: {
        source: "whatsapp",
        subject: "Drive shows F0002 overvoltage when the conveyor stops",
        body: "Drive on conveyor C-3 trips with F0002 every time we stop the belt. Production is affected.",
        customerId: b.id,
        priority: "urgent",
        idempotencyKey: "demo:ticket:3",
      },
      hoursAgo: 0.6,
    });
  }
  const c = who(2);
  if (c) {
    plan.push({
      input: {
        source: "chatbot",
        subject: "Wants an engineer to call about PLC battery",
        body: "Please ask an engineer to call me before we change the battery.",
        customerId: c.id,
        transcript: [
          { author: "customer", body: "Our S7-300 shows a BATF light. Will we lose the program if we change the battery?" },
          { author: "bot", body: "Change it with the CPU powered on and the program stays. Shall I ask an engineer to call you?" },
        ],
        idempotencyKey: "demo:ticket:4",
      },
      hoursAgo: 2,
      note: "Customer has no backup of the PLC program. Offer a backup visit with the battery change.",
      assign: true,
    });
  }
  const d = who(3);
  if (d) {
    plan.push({
      input: { source: "portal", subject: "GST number on our invoice", body: "Our GSTIN is missing on the last invoice. Please reissue it.", customerId: d.id, priority: "low", idempotencyKey: "demo:ticket:5" },
      hoursAgo: 96,
      reply: { body: "We have reissued the invoice with your GSTIN; it is in your portal under Invoices.", afterHours: 3 },
      status: "resolved",
    });
  }
  plan.push({
    input: { source: "office", subject: "Caller asked for our bank details", body: "Caller wanted our account number for an advance; gave it from the invoice footer.", contactName: "Ramesh (caller)", contactMobile: "+919866044556", priority: "low", staffUserId: staff.userId, idempotencyKey: "demo:ticket:6" },
    hoursAgo: 30,
    status: "closed",
  });

  for (const t of plan) {
    const opened = new Date(now.getTime() - t.hoursAgo * 3_600_000);
    const made = await db.transaction((tx) => createTicket(tx, { ...t.input, now: opened, acknowledge: false }));
    if (!made.created) continue;
    if (t.reply) {
      await replyToTicket(staff, made.reference, { intent: "reply", then: undefined, body: t.reply.body, idempotencyKey: undefined }, new Date(opened.getTime() + t.reply.afterHours * 3_600_000));
    }
    if (t.note) await addTicketNote(staff, made.reference, { intent: "note", body: t.note, idempotencyKey: undefined }, new Date(opened.getTime() + 600_000));
    if (t.status || t.assign) {
      await updateTicket(
        staff,
        made.reference,
        { intent: "update", version: 1, status: t.status ?? "open", priority: t.input.priority ?? "normal", assignee: t.assign ? staff.userId : (t.input.staffUserId ?? null) },
        new Date(opened.getTime() + (t.reply?.afterHours ?? 0.2) * 3_600_000 + 60_000),
      );
    }
  }
  return { tickets: plan.length, cannedReplies: STARTER_CANNED_REPLIES.length };
}
