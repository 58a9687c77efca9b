import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { campaignRecipients, campaigns, contracts, customerSites, customers, outbox, serviceRequests, whatsappTemplates } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { signedPath } from "~/.server/links/signed.ts";
import { DLT_TEMPLATES, queueMessages, sms, type OutboxMessage } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { placeholderCount, sendWhatsApp } from "~/.server/whatsapp/index.ts";
import type { CampaignForm, CampaignSegment } from "~/lib/forms/admin/marketing.ts";
import { marketingAllowed } from "./consent.ts";

/**
 * Marketing campaigns (issue 12 §4): to customers with marketing consent only (./consent.ts), chosen by a
 * segment (a service they asked for, a city, an AMC ending within N days), sent through the outbox at the
 * campaign's rate per minute by a job on the one queue (~/.server/jobs). Every message carries STOP and a
 * signed opt-out link. Consent is checked when the audience is drawn AND again when each batch goes out:
 * an opt-out takes effect at once, even for a campaign already running.
 */

export const BATCH_JOB = "marketing.batch";
const BATCH_INTERVAL_MS = 60_000;
export const OPT_OUT_LINE = "Reply STOP to opt out";

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignStatus = Campaign["status"];
export type CampaignChannel = Campaign["channel"];

export function dayInIndia(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The customers a segment names, among those marketing may reach on this channel. */
export function audienceWhere(segment: CampaignSegment, channel: CampaignChannel, now = new Date()): SQL {
  // Never one in the trash (ADR 046): its number and e-mail are off the row anyway; said here too.
  const parts: SQL[] = [marketingAllowed!, isNull(customers.deletedAt), channel === "email" ? isNotNull(customers.email) : isNotNull(customers.mobile)];
  if (segment.service) {
    parts.push(sql`exists (select 1 from ${serviceRequests} where ${serviceRequests.customerId} = ${customers.id} and ${serviceRequests.serviceSlug} = ${segment.service})`);
  }
  if (segment.city) {
    const city = segment.city.trim().toLowerCase();
    parts.push(
      sql`(exists (select 1 from ${customerSites} where ${customerSites.customerId} = ${customers.id} and lower(${customerSites.city}) = ${city})
        or exists (select 1 from ${serviceRequests} where ${serviceRequests.customerId} = ${customers.id} and lower(${serviceRequests.city}) = ${city}))`,
    );
  }
  if (segment.amcExpiringWithinDays !== undefined) {
    const today = dayInIndia(now);
    const until = addDays(today, segment.amcExpiringWithinDays);
    parts.push(
      sql`exists (select 1 from ${contracts} where ${contracts.customerId} = ${customers.id} and ${contracts.status} = 'active' and ${contracts.endsOn} >= ${today} and ${contracts.endsOn} <= ${until})`,
    );
  }
  return and(...parts)!;
}

/** How many customers a campaign would reach now (consenting, not opted out, not erased, in the segment). */
export async function audienceCount(db: Database | Transaction, segment: CampaignSegment, channel: CampaignChannel, now = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(customers).where(audienceWhere(segment, channel, now));
  return row?.n ?? 0;
}

export type MarketingResult = { ok: true; message: string; id: number; reference: string } | { ok: false; reason: "not-found" | "refused"; field: string; message: string };

const refused = (field: string, message: string): MarketingResult => ({ ok: false, reason: "refused", field, message });

/** A WhatsApp campaign's template: approved, mentions STOP, and its last placeholder takes the opt-out link. */
async function checkWhatsAppTemplate(db: Database | Transaction, name: string | undefined): Promise<string | undefined> {
  if (!name) return "Choose an approved WhatsApp template";
  const [template] = await db.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, name)).orderBy(asc(whatsappTemplates.id)).limit(1);
  if (!template) return "There is no such template in the WhatsApp registry";
  if (template.status !== "approved") return `That template is ${template.status}: only an approved one can be sent`;
  if (!/\bSTOP\b/.test(template.body)) return "A marketing template must tell the customer to reply STOP to opt out";
  const n = placeholderCount(template.body);
  if (n < 1 || n > 2) return "A marketing template takes the opt-out link as its last value ({{1}}, or {{1}} the customer's name and {{2}} the link)";
  return undefined;
}

/** Creates a draft campaign, audited. A repeat of the same form (its idempotency key) returns the first. */
export async function createCampaign(actor: AuditActor, input: CampaignForm, now = new Date()): Promise<MarketingResult> {
  return getDb().transaction(async (tx) => {
    const [repeat] = await tx
      .select({ id: campaigns.id, reference: campaigns.reference })
      .from(campaigns)
      .where(sql`${campaigns.segment} ->> 'formKey' = ${input.idempotencyKey}`)
      .limit(1);
    if (repeat) return { ok: true, message: `Campaign ${repeat.reference} is saved.`, id: repeat.id, reference: repeat.reference };
    if (input.channel === "whatsapp") {
      const problem = await checkWhatsAppTemplate(tx, input.template);
      if (problem) return refused("template", problem);
    }
    const reference = await nextReference(tx, "MC", now);
    const [row] = await tx
      .insert(campaigns)
      .values({
        reference,
        name: input.name,
        channel: input.channel,
        template: input.channel === "sms" ? "marketingOffer" : input.channel === "whatsapp" ? input.template! : null,
        subject: input.channel === "email" ? input.subject! : null,
        body: input.body ?? "",
        segment: { ...input.segment, formKey: input.idempotencyKey },
        ratePerMinute: input.ratePerMinute,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning();
    await audit(tx, actor, { action: "campaign.create", entityType: "campaign", entityId: row!.id, entityLabel: reference, after: { name: row!.name, channel: row!.channel, segment: input.segment, ratePerMinute: row!.ratePerMinute } }, now);
    return { ok: true, message: `Campaign ${reference} is saved as a draft. Check its audience, then start it.`, id: row!.id, reference };
  });
}

export function segmentOf(campaign: Pick<Campaign, "segment">): CampaignSegment {
  const s = campaign.segment as Record<string, unknown>;
  return {
    service: typeof s.service === "string" ? s.service : undefined,
    city: typeof s.city === "string" ? s.city : undefined,
    amcExpiringWithinDays: typeof s.amcExpiringWithinDays === "number" ? s.amcExpiringWithinDays : undefined,
  };
}

type Change = "start" | "pause" | "cancel";

/**
 * Start (a draft: its audience is drawn now; a paused one: resumes), pause or cancel, on the version the
 * staff member saw (a stale page is refused). Each run's batches carry the campaign's version: a batch of an
 * earlier run (before a pause) finds the version moved on and does nothing, so a resume never doubles the rate.
 */
export async function changeCampaign(actor: AuditActor, id: number, change: Change, version: number, now = new Date()): Promise<MarketingResult> {
  return getDb().transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
    if (!c) return { ok: false, reason: "not-found", field: "form", message: "No such campaign" };
    if (c.version !== version) return refused("form", "Someone changed this campaign meanwhile: reload the page to see it, then try again.");
    const allowed: Record<Change, CampaignStatus[]> = { start: ["draft", "paused"], pause: ["sending"], cancel: ["draft", "sending", "paused"] };
    if (!allowed[change].includes(c.status)) return refused("form", `A campaign that is ${c.status} cannot be ${change === "start" ? "started" : change === "pause" ? "paused" : "cancelled"}.`);
    const nextVersion = c.version + 1;
    let status: CampaignStatus;
    let message: string;
    if (change === "start") {
      if (c.status === "draft") {
        await tx.execute(sql`
          insert into ${campaignRecipients} (campaign_id, customer_id, status)
          select ${c.id}, ${customers.id}, 'queued' from ${customers} where ${audienceWhere(segmentOf(c), c.channel, now)}
          on conflict do nothing`);
      }
      const [queued] = await tx
        .select({ n: count() })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, "queued")));
      if ((queued?.n ?? 0) === 0 && c.status === "draft") {
        status = "finished";
        message = "Nobody in this audience has given marketing consent: nothing was sent.";
      } else {
        status = "sending";
        await scheduleJobs(tx, [{ name: BATCH_JOB, payload: { campaignId: c.id, version: nextVersion }, runAt: now, dedupeKey: `marketing:${c.id}:run:${nextVersion}` }]);
        message = `Campaign ${c.reference} is sending to ${queued?.n ?? 0} customer(s), ${c.ratePerMinute} a minute.`;
      }
    } else if (change === "pause") {
      status = "paused";
      message = `Campaign ${c.reference} is paused: start it again to send the rest.`;
    } else {
      status = "cancelled";
      await tx
        .update(campaignRecipients)
        .set({ status: "skipped" })
        .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, "queued")));
      message = `Campaign ${c.reference} is cancelled: nothing more will be sent.`;
    }
    await tx
      .update(campaigns)
      .set({
        status,
        version: nextVersion,
        ...(change === "start" && !c.startedAt ? { startedAt: now } : {}),
        ...(status === "finished" || status === "cancelled" ? { finishedAt: now } : {}),
      })
      .where(eq(campaigns.id, c.id));
    await audit(tx, actor, { action: `campaign.${change}`, entityType: "campaign", entityId: c.id, entityLabel: c.reference, before: { status: c.status }, after: { status } }, now);
    return { ok: true, message, id: c.id, reference: c.reference };
  });
}

/** Splits a campaign's SMS text into the template's two 30-character variables, at a space. */
export function splitOffer(text: string): [string, string] {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= 30) return [clean, ""];
  let cut = clean.lastIndexOf(" ", 30);
  if (cut <= 0) cut = 30;
  return [clean.slice(0, cut).trim(), clean.slice(cut).trim().slice(0, 30)];
}

/**
 * One batch of a running campaign: at most ratePerMinute messages, to recipients still queued whose consent
 * still holds (checked again now), then the next batch a minute later, or the campaign finished.
 * Idempotent: a recipient is marked sent in the same transaction that queues its message (dedupe keys).
 */
export async function runCampaignBatch(campaignId: number, version: number | null, now = new Date()): Promise<{ sent: number; skipped: number; remaining: number }> {
  const site = await getSiteSettings();
  return getDb().transaction(async (tx) => {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!c || c.status !== "sending" || (version !== null && c.version !== version)) return { sent: 0, skipped: 0, remaining: 0 };
    const batch = await tx
      .select({
        customerId: customers.id,
        name: customers.name,
        mobile: customers.mobile,
        email: customers.email,
        allowed: sql<boolean>`(${audienceWhere({}, c.channel, now)})`,
      })
      .from(campaignRecipients)
      .innerJoin(customers, eq(customers.id, campaignRecipients.customerId))
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, "queued")))
      .orderBy(asc(campaignRecipients.customerId))
      .limit(c.ratePerMinute);
    const business = site.identity.legalName;
    const siteUrl = site.identity.siteUrl;
    const messages: OutboxMessage[] = [];
    const sentIds: number[] = [];
    const skippedIds: number[] = [];
    for (const r of batch) {
      // The rule, again at send time: consent withdrawn, opted out or erased since the audience was drawn.
      if (!r.allowed) {
        skippedIds.push(r.customerId);
        continue;
      }
      const optOutPath = signedPath("optout", r.customerId, { now });
      const token = optOutPath.split("/").pop()!;
      const dedupeKey = `campaign:${c.id}:${r.customerId}`;
      if (c.channel === "sms") {
        const [offer, offerMore] = splitOffer(c.body);
        messages.push(sms(DLT_TEMPLATES.marketingOffer, r.mobile!, { business, offer, offerMore, siteUrl, token }, dedupeKey));
      } else if (c.channel === "email") {
        messages.push({
          channel: "email",
          recipient: r.email!,
          subject: c.subject ?? c.name,
          body: [`Dear ${r.name.trim()},`, "", c.body, "", "Regards,", business, siteUrl, "", `${OPT_OUT_LINE} (reply with the word STOP), or open ${siteUrl}${optOutPath}`].join("\n"),
          template: "marketing-campaign",
          variables: { campaign: c.reference },
          dedupeKey,
        });
      } else {
        const [template] = await tx.select().from(whatsappTemplates).where(eq(whatsappTemplates.name, c.template ?? "")).orderBy(asc(whatsappTemplates.id)).limit(1);
        if (!template || template.status !== "approved") {
          skippedIds.push(r.customerId);
          continue;
        }
        const link = `${siteUrl}${optOutPath}`;
        const params = placeholderCount(template.body) === 2 ? [r.name.trim() || "Customer", link] : [link];
        await sendWhatsApp(tx, { customerId: r.customerId, mobile: r.mobile!, template: { name: template.name, language: template.language, params }, idempotencyKey: dedupeKey, meta: { campaignId: c.id } }, now);
      }
      sentIds.push(r.customerId);
    }
    await queueMessages(tx, messages);
    if (sentIds.length > 0) {
      await tx
        .update(campaignRecipients)
        .set({ status: "sent", sentAt: now })
        .where(and(eq(campaignRecipients.campaignId, c.id), inArray(campaignRecipients.customerId, sentIds)));
      if (messages.length > 0) {
        // The outbox row of each message: the SMS delivery report finds the recipient through it.
        await tx.execute(sql`
          update ${campaignRecipients} set outbox_id = o.id
          from ${outbox} o
          where ${campaignRecipients.campaignId} = ${c.id} and o.dedupe_key = 'campaign:' || ${c.id} || ':' || ${campaignRecipients.customerId}
            and ${inArray(campaignRecipients.customerId, sentIds)}`);
        await tx.execute(sql`update ${outbox} set customer_id = split_part(dedupe_key, ':', 3)::int where dedupe_key like ${`campaign:${c.id}:%`} and customer_id is null`);
      }
    }
    if (skippedIds.length > 0) {
      await tx
        .update(campaignRecipients)
        .set({ status: "skipped" })
        .where(and(eq(campaignRecipients.campaignId, c.id), inArray(campaignRecipients.customerId, skippedIds)));
    }
    const [left] = await tx
      .select({ n: count() })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, c.id), eq(campaignRecipients.status, "queued")));
    const remaining = left?.n ?? 0;
    if (remaining === 0) {
      await tx.update(campaigns).set({ status: "finished", finishedAt: now, version: c.version + 1 }).where(eq(campaigns.id, c.id));
    } else {
      const last = batch.at(-1)?.customerId ?? 0;
      await scheduleJobs(tx, [
        { name: BATCH_JOB, payload: { campaignId: c.id, version: c.version }, runAt: new Date(now.getTime() + BATCH_INTERVAL_MS), dedupeKey: `marketing:${c.id}:v${c.version}:after:${last}` },
      ]);
    }
    return { sent: sentIds.length, skipped: skippedIds.length, remaining };
  });
}

registerJob(BATCH_JOB, async (payload) => {
  const id = Number(payload.campaignId);
  const version = payload.version === undefined || payload.version === null ? null : Number(payload.version);
  if (Number.isSafeInteger(id) && id > 0) await runCampaignBatch(id, version);
});

export interface CampaignResults {
  audience: number;
  queued: number;
  sent: number;
  delivered: number;
  optedOut: number;
  skipped: number;
  failed: number;
}

type ResultRow = { campaignId: number; status: string; n: number; optedOut: number };

function resultsOf(rows: ResultRow[]): CampaignResults {
  const by = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return {
    audience: rows.reduce((t, r) => t + r.n, 0),
    queued: by("queued"),
    // Delivered messages were sent too.
    sent: by("sent") + by("delivered"),
    delivered: by("delivered"),
    optedOut: rows.reduce((t, r) => t + r.optedOut, 0),
    skipped: by("skipped") + by("opted_out"),
    failed: by("failed"),
  };
}

/** The recipients' counts of campaigns, by status, in one query. */
async function resultRows(db: Database | Transaction, campaignIds: number[]): Promise<ResultRow[]> {
  if (campaignIds.length === 0) return [];
  return db
    .select({
      campaignId: campaignRecipients.campaignId,
      status: campaignRecipients.status,
      n: count(),
      optedOut: sql<number>`count(${campaignRecipients.optedOutAt})`.mapWith(Number),
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, campaignIds))
    .groupBy(campaignRecipients.campaignId, campaignRecipients.status);
}

export async function campaignResults(db: Database | Transaction, campaignId: number): Promise<CampaignResults> {
  return resultsOf(await resultRows(db, [campaignId]));
}

export interface CampaignRow {
  id: number;
  reference: string;
  name: string;
  channel: CampaignChannel;
  status: CampaignStatus;
  ratePerMinute: number;
  createdAt: string;
  results: CampaignResults;
}

export async function listCampaigns(limit = 50): Promise<CampaignRow[]> {
  const db = getDb();
  const rows = await db.select().from(campaigns).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit);
  const results = await resultRows(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) => ({
    id: c.id,
    reference: c.reference,
    name: c.name,
    channel: c.channel,
    status: c.status,
    ratePerMinute: c.ratePerMinute,
    createdAt: c.createdAt.toISOString(),
    results: resultsOf(results.filter((r) => r.campaignId === c.id)),
  }));
}

export async function campaignByReference(reference: string): Promise<Campaign | undefined> {
  const [row] = await getDb().select().from(campaigns).where(eq(campaigns.reference, reference));
  return row;
}

/** Recently opted out customers (the screen's evidence that STOP and the link work). */
export async function recentOptOuts(limit = 10): Promise<Array<{ reference: string; name: string; at: string }>> {
  const rows = await getDb()
    .select({ reference: customers.reference, name: customers.name, at: customers.marketingOptedOutAt })
    .from(customers)
    .where(and(isNotNull(customers.marketingOptedOutAt), gte(customers.marketingOptedOutAt, new Date(Date.now() - 90 * 86_400_000)), lte(customers.marketingOptedOutAt, new Date())))
    .orderBy(desc(customers.marketingOptedOutAt))
    .limit(limit);
  return rows.map((r) => ({ reference: r.reference, name: r.name, at: r.at!.toISOString() }));
}
