import { and, eq } from "drizzle-orm";
import { publishRequestUpdated } from "~/.server/live/requests.ts";
import { sendCode, verifyCode } from "~/.server/auth/otp.ts";
import { Refusal, refusedBy } from "~/.server/admin/changes.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { benchEvents, benchJobs, customers, quoteResponses, quotes, requestEvents, serviceRequests } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES, queueMessages, sms } from "~/.server/notifications/index.ts";
import { raiseStaffAlerts, type StaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { backOfficeUrl } from "~/.server/notifications/links.ts";
import { statusChanges } from "~/.server/requests/work.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { missingFor } from "~/lib/bench/stages.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { ANSWERABLE_STATES, quoteState, type QuoteStatus } from "~/lib/forms/admin/quotes.ts";
import type { LinkConfirmInput, LinkResponseInput, QuoteDecision } from "~/lib/forms/quote-response.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { adminQuotePath, maskedMobile, today, type Quote } from "./shared.ts";
import { keyedMac, keyedMacMatches } from "~/.server/signing/keyed-mac.ts";

/**
 * The customer's answer to a quote: approve, ask for changes (with a comment) or decline. From the portal
 * (the signed-in customer) or through the signed link, where a one-time code sent to the mobile on file
 * confirms it. Only the current version, only while the quote is valid. The answer is one quote_responses
 * row (who, when, from where, how), the quote's new status, and on approval the job moves on in the same
 * transaction: a request waiting for the quote becomes "scheduled", a bench unit at "estimate" goes to
 * "repair". The office is told by e-mail.
 */

export type AnswerResult = { ok: true; decision: QuoteDecision; repeated?: boolean } | { ok: false; field: string; message: string };

export interface Respondent {
  name: string | null;
  mobile: string | null;
  userId: number | null;
}

export interface AnswerInput {
  quoteId: number;
  version: number;
  decision: QuoteDecision;
  comment?: string | undefined;
  respondent: Respondent;
  via: "portal" | "link";
  ipAddress: string | null;
  userAgent: string | null;
  idempotencyKey: string;
}

const DECISION_STATUS: Record<QuoteDecision, QuoteStatus> = { approve: "approved", changes: "changes_requested", decline: "declined" };
const DECISION_WORDS: Record<QuoteDecision, string> = { approve: "approved", changes: "asked for changes to", decline: "declined" };

/** Why the quote cannot be answered now (or null when it can). */
export function answerRefusal(quote: Pick<Quote, "status" | "validUntil" | "currentVersion">, version: number, now = new Date()): string | null {
  const state = quoteState(quote.status, quote.validUntil, today(now));
  if (!ANSWERABLE_STATES.includes(state)) {
    switch (state) {
      case "approved":
        return "This quote has already been approved.";
      case "declined":
        return "This quote was declined. Call us if you would like a new one.";
      case "expired":
        return `This quote expired on ${formatDate(quote.validUntil)}. Call us and we will send you a new one.`;
      default:
        return "We are revising this quote: you will get the new version shortly.";
    }
  }
  if (version !== quote.currentVersion) return `A newer version of this quote (v${quote.currentVersion}) has been sent: please read it before you answer.`;
  return null;
}

/** Approval moves the work on: the request's status, or the bench job's stage, with an event the customer reads. */
async function moveJobOn(tx: Transaction, quote: Quote, version: number, userId: number | null, now: Date): Promise<string | null> {
  const label = `quote ${quote.reference}${version > 1 ? ` (v${version})` : ""}`;
  if (quote.benchJobId !== null) {
    const [job] = await tx.select().from(benchJobs).where(eq(benchJobs.id, quote.benchJobId)).for("update");
    if (!job) return null;
    const canRepair = job.stage === "estimate" && missingFor("repair", { ...job, estimatePaise: job.estimatePaise ?? quote.totalPaise, testResult: job.testResult ?? null }).length === 0;
    if (canRepair) {
      await tx
        .update(benchJobs)
        .set({ stage: "repair", estimatePaise: job.estimatePaise ?? Math.min(quote.totalPaise, 2_147_483_647), version: job.version + 1, updatedAt: now })
        .where(eq(benchJobs.id, job.id));
      await tx.insert(benchEvents).values({ benchJobId: job.id, stage: "repair", note: `You approved ${label}: the repair goes ahead.`, internal: false, actorUserId: userId, createdAt: now });
      return `bench ${job.jobCard} to repair`;
    }
    await tx.insert(benchEvents).values({ benchJobId: job.id, stage: job.stage, note: `You approved ${label}.`, internal: false, actorUserId: userId, createdAt: now });
    return null;
  }
  if (quote.requestId !== null) {
    const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, quote.requestId)).for("update");
    if (!request) return null;
    // Waiting for the quote: received, called, on site (needs a quote) or waiting for the customer's approval.
    if (["new", "contacted", "in_progress", "awaiting_customer"].includes(request.status)) {
      const changes = statusChanges(request, "scheduled", now);
      await tx.update(serviceRequests).set({ ...changes, version: request.version + 1, updatedAt: now }).where(eq(serviceRequests.id, request.id));
      // Live (issue 12 §1): the office's request list and page show the approval's new status.
      await publishRequestUpdated(tx, request.id);
      await tx.insert(requestEvents).values({
        requestId: request.id,
        kind: "status",
        status: "scheduled",
        note: `You approved ${label}. We will confirm the date and the engineer by SMS.`,
        internal: false,
        actorUserId: userId,
        createdAt: now,
      });
      return `request ${request.reference} to scheduled`;
    }
    await tx.insert(requestEvents).values({ requestId: request.id, kind: "note", status: request.status, note: `You approved ${label}.`, internal: false, actorUserId: userId, createdAt: now });
  }
  return null;
}

function officeEmail(quote: Quote, input: AnswerInput, settings: SiteSettings, responseId: number) {
  const who = [input.respondent.name, input.respondent.mobile ? formatIndianPhone(input.respondent.mobile) : null].filter(Boolean).join(", ");
  return {
    channel: "email" as const,
    recipient: settings.identity.supportEmail,
    subject: `Quote ${quote.reference} ${DECISION_STATUS[input.decision] === "approved" ? "approved" : DECISION_STATUS[input.decision] === "declined" ? "declined" : "changes asked"} by ${input.respondent.name ?? "the customer"}`.slice(0, 120),
    body: [
      `${who || "The customer"} ${DECISION_WORDS[input.decision]} quote ${quote.reference} (v${input.version}, ${formatPaise(quote.totalPaise)}) ${input.via === "portal" ? "in the customer portal" : "through the quote's link, confirmed with a code sent to their mobile"}.`,
      ...(input.comment ? ["", "Their comment:", input.comment] : []),
      "",
      `Open it: ${backOfficeUrl(adminQuotePath(quote.reference), settings.identity.siteUrl)}`,
    ].join("\n"),
    template: "quote-answered",
    variables: { reference: quote.reference, decision: input.decision },
    dedupeKey: `quote:${quote.reference}:response:${responseId}:office-email`,
  };
}

/**
 * The staff alert for an approval or a request for changes (a decline is in the office's e-mail and the
 * list): those who handle money, and on approval those who schedule the work, each once.
 */
function quoteAnswerAlerts(quote: Quote, input: AnswerInput, settings: SiteSettings): StaffAlert[] {
  if (input.decision === "decline") return [];
  const approved = input.decision === "approve";
  const base = {
    kind: approved ? ("quote.approved" as const) : ("quote.changes" as const),
    title: `Quote ${quote.reference} ${approved ? "approved" : "changes asked"} by ${input.respondent.name ?? "the customer"}`,
    body: [`v${input.version}, ${formatPaise(quote.totalPaise)}.`, input.comment ?? ""].filter(Boolean).join("\n"),
    link: adminQuotePath(quote.reference),
    dedupeKey: `quote:${quote.reference}:v${input.version}:${input.decision}`,
    alreadySent: [settings.identity.supportEmail],
    about: { reference: quote.reference, name: input.respondent.name, mobile: input.respondent.mobile },
  };
  return approved ? [{ ...base, permission: "money" }, { ...base, permission: "requests" }] : [{ ...base, permission: "money" }];
}

/** Records the answer (once per key) and moves the quote, and on approval the job, on. */
export async function answerQuote(input: AnswerInput, now = new Date()): Promise<AnswerResult> {
  const settings = await getSiteSettings();
  const repeated = async (): Promise<AnswerResult | undefined> => {
    const [r] = await getDb().select({ decision: quoteResponses.decision }).from(quoteResponses).where(eq(quoteResponses.idempotencyKey, input.idempotencyKey));
    return r ? { ok: true, decision: r.decision, repeated: true } : undefined;
  };
  const seen = await repeated();
  if (seen) return seen;
  try {
    return await getDb().transaction(async (tx): Promise<AnswerResult> => {
      const [quote] = await tx.select().from(quotes).where(eq(quotes.id, input.quoteId)).for("update");
      if (!quote) throw new Refusal("form", "This quote no longer exists.");
      const problem = answerRefusal(quote, input.version, now);
      if (problem) throw new Refusal("form", problem);
      const [response] = await tx
        .insert(quoteResponses)
        .values({
          quoteId: quote.id,
          versionNumber: input.version,
          decision: input.decision,
          comment: input.comment ?? null,
          respondentName: input.respondent.name,
          respondentMobile: input.respondent.mobile,
          via: input.via,
          userId: input.respondent.userId,
          ipAddress: input.ipAddress,
          userAgent: input.userAgent?.slice(0, 500) ?? null,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        })
        .returning({ id: quoteResponses.id });
      const status = DECISION_STATUS[input.decision];
      await tx
        .update(quotes)
        .set({ status, decidedAt: now, approvedVersion: input.decision === "approve" ? input.version : quote.approvedVersion, version: quote.version + 1, updatedAt: now })
        .where(and(eq(quotes.id, quote.id), eq(quotes.version, quote.version)));
      if (input.decision === "approve") await moveJobOn(tx, quote, input.version, input.respondent.userId, now);
      await queueMessages(tx, [officeEmail(quote, input, settings, response!.id)]);
      await raiseStaffAlerts(tx, quoteAnswerAlerts(quote, input, settings));
      return { ok: true, decision: input.decision };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await repeated();
      if (again) return again;
    }
    const refused = refusedBy(error);
    if (refused) return { ok: false, field: refused.field, message: refused.message };
    throw error;
  }
}

// ── The signed link: the answer confirmed by a one-time code ─────────────────────────────────────

/** Binds a code's challenge to the quote and the version it answers: a code asked for one quote opens no other. */
const challengeMessage = (quoteId: number, version: number, challengeId: number) => `quote-answer:${quoteId}:${version}:${challengeId}`;

function challengeMac(quoteId: number, version: number, challengeId: number): string {
  return keyedMac(challengeMessage(quoteId, version, challengeId), 22);
}

export function challengeToken(quoteId: number, version: number, challengeId: number): string {
  return `${challengeId}.${challengeMac(quoteId, version, challengeId)}`;
}

function readChallenge(token: string, quoteId: number, version: number): number | null {
  const [idText, mac] = token.split(".");
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id < 1 || !mac) return null;
  return keyedMacMatches(challengeMessage(quoteId, version, id), mac, 22) ? id : null;
}

export type CodeStart = { ok: true; challenge: string; sentTo: string } | { ok: false; field: string; message: string };

async function quoteAndMobile(quoteId: number) {
  const [row] = await getDb()
    .select({ quote: quotes, mobile: customers.mobile, userId: customers.userId })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .where(eq(quotes.id, quoteId));
  return row;
}

/** Step 1 of an answer by link: checks it can be answered, then sends the code to the mobile on file. */
export async function startLinkAnswer(quoteId: number, input: Pick<LinkResponseInput, "version">, address: string, now = new Date()): Promise<CodeStart> {
  const row = await quoteAndMobile(quoteId);
  if (!row) return { ok: false, field: "form", message: "This quote no longer exists." };
  const problem = answerRefusal(row.quote, input.version, now);
  if (problem) return { ok: false, field: "form", message: problem };
  const mobile = row.mobile;
  if (!mobile) return { ok: false, field: "form", message: "We have no mobile number on record to send a code to. Please call us to answer this quote." };
  const reference = row.quote.reference;
  const sent = await sendCode({
    mobile,
    purpose: "quote-approval",
    address,
    now,
    message: (code, challengeId) => sms(DLT_TEMPLATES.quoteApprovalCode, mobile, { code, reference }, `otp:${challengeId}`),
  });
  if (!sent.ok) return { ok: false, field: "form", message: sent.message };
  return { ok: true, challenge: challengeToken(quoteId, input.version, sent.challengeId), sentTo: maskedMobile(mobile) };
}

/** Step 2: the code checked against the challenge it was sent for, then the answer recorded (via "link"). */
export async function confirmLinkAnswer(quoteId: number, input: LinkConfirmInput, meta: { address: string; userAgent: string | null }, now = new Date()): Promise<AnswerResult> {
  // The same confirmation sent twice: the first recorded it (its code is used up now), the second finds it.
  const [done] = await getDb().select({ decision: quoteResponses.decision }).from(quoteResponses).where(eq(quoteResponses.idempotencyKey, input.idempotencyKey));
  if (done) return { ok: true, decision: done.decision, repeated: true };
  const challengeId = readChallenge(input.challenge, quoteId, input.version);
  if (challengeId === null) return { ok: false, field: "form", message: "This form has expired. Please start again." };
  const row = await quoteAndMobile(quoteId);
  if (!row?.mobile) return { ok: false, field: "form", message: "We have no mobile number on record for this quote. Please call us." };
  const checked = await verifyCode({ challengeId, mobile: row.mobile, purpose: "quote-approval", code: input.code, address: meta.address, now });
  if (!checked.ok) return { ok: false, field: "code", message: checked.message };
  return answerQuote(
    {
      quoteId,
      version: input.version,
      decision: input.decision,
      comment: input.comment,
      respondent: { name: input.name, mobile: row.mobile, userId: null },
      via: "link",
      ipAddress: meta.address,
      userAgent: meta.userAgent,
      idempotencyKey: input.idempotencyKey,
    },
    now,
  );
}
