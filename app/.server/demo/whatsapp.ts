import { asc, isNotNull, isNull, and, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { conversationMessages, customers, whatsappTemplates } from "~/.server/db/schema.ts";
import { renderTemplate } from "~/.server/whatsapp/index.ts";

/**
 * The demo's WhatsApp and marketing (issue 12 §4): the approved templates (two for service, one marketing
 * offer that offers STOP and takes the opt-out link, one still pending at Meta), two conversations (one whose
 * 24-hour window is open, answered; one closed since yesterday), and marketing consent recorded for three of
 * the demo's customers (one of whom later opted out), so that /admin/marketing counts a real audience.
 */

export interface DemoWhatsAppSummary {
  templates: number;
  conversations: number;
  consenting: number;
}

const TEMPLATES = [
  { name: "service_update", language: "en", category: "utility" as const, status: "approved" as const, body: "Hello {{1}}, an update on your service request {{2}}: {{3}}. Reply here to talk to us." },
  { name: "visit_reminder", language: "en", category: "utility" as const, status: "approved" as const, body: "Hello {{1}}, our engineer visits you on {{2}} for request {{3}}. Reply here to change the time." },
  {
    name: "drive_health_offer",
    language: "en",
    category: "marketing" as const,
    status: "approved" as const,
    body: "Hello {{1}}, a drive health check at half price this month: thermal scan, capacitor test and a report. Reply STOP to opt out or open {{2}}",
  },
  { name: "amc_renewal_offer", language: "en", category: "marketing" as const, status: "pending" as const, body: "Hello {{1}}, renew your AMC before it ends and get one extra visit. Reply STOP to opt out or open {{2}}" },
];

export async function seedDemoWhatsApp(db: Database, options: { now: Date; officeUserId: number | null }): Promise<DemoWhatsAppSummary> {
  const { now } = options;
  const HOUR = 3_600_000;
  await db.insert(whatsappTemplates).values(TEMPLATES.map((t) => ({ ...t, updatedAt: new Date(now.getTime() - 20 * 24 * HOUR) }))).onConflictDoNothing();
  const people = await db
    .select({ id: customers.id, name: customers.name, mobile: customers.mobile })
    .from(customers)
    .where(and(isNotNull(customers.mobile), isNull(customers.erasedAt)))
    .orderBy(asc(customers.id))
    .limit(4);
  if (people.length < 2) return { templates: TEMPLATES.length, conversations: 0, consenting: 0 };
  const [open, closed] = people as [(typeof people)[number], (typeof people)[number]];
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const wamid = (n: number) => `wamid.DEMO${now.getTime().toString(36)}${n}`;
  const first = (name: string) => name.split(" ")[0] ?? name;
  await db.insert(conversationMessages).values([
    // Open: they wrote two hours ago, the office answered.
    { customerId: open.id, mobile: open.mobile, channel: "whatsapp", direction: "in", body: "Good morning. The drive on our extruder tripped again at start-up, same code as last week.", status: "received", externalId: wamid(1), meta: { name: open.name, type: "text", timestamp: Math.floor(at(2).getTime() / 1000) }, createdAt: at(2) },
    { customerId: open.id, mobile: open.mobile, channel: "whatsapp", direction: "out", body: `Thank you ${first(open.name)}. Please send a photo of the drive's display; our engineer will call you within the hour.`, status: "read", externalId: wamid(2), staffUserId: options.officeUserId, createdAt: at(1.8) },
    { customerId: open.id, mobile: open.mobile, channel: "whatsapp", direction: "in", body: "[image: Display shows F0001]", status: "received", externalId: wamid(3), meta: { name: open.name, type: "image", timestamp: Math.floor(at(1.5).getTime() / 1000) }, createdAt: at(1.5) },
    // Closed: they wrote yesterday morning; only a template may go now.
    { customerId: closed.id, mobile: closed.mobile, channel: "whatsapp", direction: "in", body: "Is the quote for the panel rewiring ready?", status: "received", externalId: wamid(4), meta: { name: closed.name, type: "text", timestamp: Math.floor(at(30).getTime() / 1000) }, createdAt: at(30) },
    {
      customerId: closed.id,
      mobile: closed.mobile,
      channel: "whatsapp",
      direction: "out",
      body: renderTemplate(TEMPLATES[0]!.body, [first(closed.name), "the panel rewiring", "the quote is being prepared"]),
      template: "service_update",
      status: "delivered",
      externalId: wamid(5),
      staffUserId: options.officeUserId,
      createdAt: at(29),
    },
  ]);
  // Marketing consent, separate from the service consent: given by three customers on the request form; one later opted out.
  let consenting = 0;
  for (const [i, p] of people.slice(0, 3).entries()) {
    await db
      .update(customers)
      .set({ marketingConsentAt: at(24 * (20 - i)), marketingConsentVersion: "1", marketingConsentSource: "form", marketingOptedOutAt: i === 2 ? at(24 * 3) : null })
      .where(eq(customers.id, p.id));
    if (i !== 2) consenting += 1;
  }
  return { templates: TEMPLATES.length, conversations: 2, consenting };
}
