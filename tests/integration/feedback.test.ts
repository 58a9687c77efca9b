import { randomUUID } from "node:crypto";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { findTopic, listTopics } from "~/.server/discussion/index.ts";
import { auditLog, discussionReplies, discussionTopics, feedback, inboundMessages, jobStageRequirements, outbox, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { submitEnquiry } from "~/.server/enquiries/index.ts";
import { checkClaim, RATING_GROUPS, ratingFigures } from "~/.server/feedback/figures.ts";
import { listFormReviews, listForumPosts, moderatePost, moderateReview } from "~/.server/feedback/moderation.ts";
import { changePublication, closeFollowUp, feedbackRecord, listFeedback } from "~/.server/feedback/office.ts";
import { submitRating } from "~/.server/feedback/rating.ts";
import { queueFeedbackRequest } from "~/.server/feedback/request.ts";
import { publicReviews } from "~/.server/feedback/reviews.ts";
import { getDb } from "~/.server/db/index.ts";
import { signLinkToken, verifyLinkToken } from "~/.server/links/signed.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { changeStatus } from "~/.server/requests/work.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { setStage } from "~/.server/technicians/field-work.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can, type StaffRole } from "~/lib/auth/permissions.ts";
import { NO_CONSENT_MESSAGE, STALE_FEEDBACK_MESSAGE, STALE_MODERATION_MESSAGE } from "~/lib/forms/admin/feedback.ts";
import { ratingSchema } from "~/lib/forms/feedback.ts";
import { stageSchema } from "~/lib/forms/technician-job.ts";
import { action as adminRatingAction } from "~/routes/admin/feedback/rating.tsx";
import { action as rateAction, loader as rateLoader } from "~/routes/documents/feedback.tsx";
import { loader as reviewsLoader } from "~/routes/public/reviews.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";

describe("the feedback screen", () => {
  it("is built, under the customers permission (owner and office; the rating pages and moderation below it too)", () => {
    for (const path of ["/admin/feedback", "/admin/feedback/12", "/admin/feedback/reviews", "/admin/feedback/forum"]) {
      expect(screenFor(path)).toMatchObject({ path: "/admin/feedback", permission: "customers", built: true });
    }
    expect(can("owner", "customers")).toBe(true);
    expect(can("office", "customers")).toBe(true);
  });

  it("the rating form explains a missing or wrong rating", () => {
    expect(ratingSchema.safeParse({}).error?.issues[0]?.message).toBe("Choose a rating from 1 to 5.");
    expect(ratingSchema.safeParse({ rating: "6" }).error?.issues[0]?.message).toBe("Choose a rating from 1 to 5.");
    expect(ratingSchema.parse({ rating: "4", comment: "  ", publish: "yes" })).toEqual({ rating: 4, comment: undefined, publish: true });
  });
});

describeEachEngine("feedback", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  let ownerMobile: string;
  let counter = 0;
  let technicianId: number;
  let technicianUser: { id: number; mobile: string };

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.7" });

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000301", "admin", db(), "Asha Office");
    const b = await upsertUserWithRole("+919000000302", "admin", db(), "Omkar Owner");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    await db().update(users).set({ staffRole: "owner", email: "owner@example.net" }).where(eq(users.id, b.id));
    office = staffMember(a.id, "office", "Asha Office");
    ownerMobile = "+919000000302";
    const t = await upsertUserWithRole("+919700000601", "technician", db(), "Srinivas Rao");
    technicianUser = { id: t.id, mobile: "+919700000601" };
    const [profile] = await db()
      .insert(technicianProfiles)
      .values({
        reference: "TA-2611-9601",
        mobile: "+919700000601",
        userId: t.id,
        name: "Srinivas Rao",
        city: "Hyderabad",
        skills: ["plc"],
        yearsExperience: 6,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "none.pdf",
        idProofName: "id.pdf",
        status: "approved",
        consentVersion: "test",
        consentAt: new Date(),
      })
      .returning();
    technicianId = profile!.id;
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
    counter += 1;
    const [row] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(8000 + counter)}`,
        kind: "full",
        status: "in_progress",
        contactName: "Ravi Kumar",
        mobile: `+9198481${String(10000 + counter)}`,
        email: "ravi@example.net",
        city: "Hyderabad",
        serviceSlug: "plc-repair-programming",
        serviceName: "PLC Repair & Programming",
        faultDescription: "PLC goes to STOP after a power dip.",
        urgency: "emergency",
        consentVersion: "1",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        assignedTechnicianId: technicianId,
        ...over,
      })
      .returning();
    return row!;
  }

  /** Completes the request as the office does, and returns its feedback row and the token sent by SMS. */
  async function complete(r: { reference: string; version: number; id: number }) {
    expect(await changeStatus(office, r.reference, { intent: "status", version: r.version, status: "completed", note: undefined })).toMatchObject({ ok: true });
    const [row] = await db().select().from(feedback).where(eq(feedback.requestId, r.id));
    const [message] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `feedback:${row!.id}:request-sms`));
    const token = /\/d\/feedback\/(\S+)$/.exec(message!.body)![1]!;
    return { row: row!, message: message!, token };
  }

  const args = (path: string, params: Record<string, string>, body?: Record<string, string>, staff?: StaffMember) => routeArgs(new URL(path, APP).href, { staff, params, body, origin: APP });

  const rate = (token: string, rating: number, comment?: string, publish = false) => submitRating(token, ratingSchema.parse({ rating: String(rating), comment, publish: publish ? "yes" : "" }));

  it("completing a job queues one SMS (and an e-mail) with a valid signed link; completing it again asks nothing", async () => {
    const r = await newRequest();
    const { row, message, token } = await complete(r);
    expect(row).toMatchObject({ requestId: r.id, technicianId, serviceSlug: "plc-repair-programming", rating: null, followUp: "none", publishStatus: "unpublished" });
    expect(message).toMatchObject({ channel: "sms", recipient: r.mobile, template: DLT_TEMPLATES.feedbackRequest.id });
    expect(message.body).toBe(`Deccan Automation Services: job ${r.reference} is complete. How did we do? Please rate it at ${APP}/d/feedback/${token}`);
    expect(token.length).toBeLessThanOrEqual(30);
    expect(verifyLinkToken("feedback", token)).toMatchObject({ ok: true, id: row.id });
    const email = await db().select().from(outbox).where(eq(outbox.dedupeKey, `feedback:${row.id}:request-email`));
    expect(email).toHaveLength(1);
    expect(email[0]).toMatchObject({ channel: "email", recipient: "ravi@example.net" });
    expect(email[0]!.body).toContain(`${APP}/d/feedback/${token}`);

    // The technician's "Work done" on the same job, or a second completion by any path: no second row, no second SMS.
    const site = await getSiteSettings();
    const again = await getDb().transaction((tx) => queueFeedbackRequest(tx, { request: r, site }));
    expect(again).toEqual({ queued: false });
    expect(await db().select().from(feedback).where(eq(feedback.requestId, r.id))).toHaveLength(1);
    expect(await db().select().from(outbox).where(like(outbox.dedupeKey, `feedback:${row.id}:%`))).toHaveLength(2);
  });

  it("the technician's Work done asks for a rating too, for the technician on the job", async () => {
    // This database's stage gates: Work done without the sign-off (tested in technician-job.test.ts).
    await db().delete(jobStageRequirements).where(eq(jobStageRequirements.stage, "work_done"));
    const r = await newRequest({ status: "scheduled" });
    const stage = stageSchema.parse({ intent: "stage", stage: "work_done", idempotencyKey: randomUUID() });
    expect(await setStage({ user: technicianUser, address: "203.0.113.7" } as never, r.id, stage)).toMatchObject({ ok: true });
    const rows = await db().select().from(feedback).where(eq(feedback.requestId, r.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.technicianId).toBe(technicianId);
    const sms = await db().select().from(outbox).where(eq(outbox.dedupeKey, `feedback:${rows[0]!.id}:request-sms`));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe(r.mobile);
  });

  it("the rating page: the job, a rating saved once (a second post keeps the first), and clear pages for bad links", async () => {
    const r = await newRequest();
    const { row, token } = await complete(r);
    const path = `/d/feedback/${token}`;
    const page = (await rateLoader(args(path, { token }))) as { data: { page: { reference: string; displayName: string; given: unknown }; problem: null }; init: { status?: number } };
    expect(page.data.problem).toBeNull();
    expect(page.data.page).toMatchObject({ reference: r.reference, displayName: "Ravi Kumar, Hyderabad", given: null, technicianName: "Srinivas Rao", serviceName: "PLC Repair & Programming" });

    // A wrong post: 400, the message beside the field, nothing saved.
    const bad = (await rateAction(args(path, { token }, { rating: "7", comment: "Great" }))) as { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors.rating).toBe("Choose a rating from 1 to 5.");
    expect(bad.data.values.comment).toBe("Great");

    const sent = (await rateAction(args(path, { token }, { rating: "5", comment: "Drive back on line in two hours.", publish: "yes" }))) as Response;
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${path}?sent=1`);
    // The same form again (a double tap, an old tab): the first rating stands.
    const again = (await rateAction(args(path, { token }, { rating: "1", comment: "Changed my mind" }))) as Response;
    expect(again.headers.get("location")).toBe(path);
    expect(await rate(token, 2)).toEqual({ ok: false, reason: "already-rated" });
    const saved = (await db().select().from(feedback).where(eq(feedback.id, row.id)))[0]!;
    expect(saved).toMatchObject({ rating: 5, comment: "Drive back on line in two hours.", publishConsent: true, displayName: "Ravi Kumar, Hyderabad", followUp: "none" });
    expect(saved.consentAt).not.toBeNull();
    const shown = (await rateLoader(args(`${path}?sent=1`, { token }))) as { data: { sent: boolean; page: { given: { rating: number; comment: string } } } };
    expect(shown.data.sent).toBe(true);
    expect(shown.data.page.given).toMatchObject({ rating: 5, comment: "Drive back on line in two hours.", publishConsent: true });

    // A changed token is refused with its own page (403), an expired one too (410); a good signature for no row is 404.
    const tampered = token.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(((await rateLoader(args(`/d/feedback/${tampered}`, { token: tampered }))) as { init: { status: number }; data: { problem: string } }).data.problem).toBe("tampered");
    expect(((await rateLoader(args(`/d/feedback/${tampered}`, { token: tampered }))) as { init: { status: number } }).init.status).toBe(403);
    const expired = signLinkToken("feedback", row.id, new Date(Date.now() - 1000));
    const old = (await rateLoader(args(`/d/feedback/${expired}`, { token: expired }))) as { init: { status: number }; data: { problem: string } };
    expect([old.init.status, old.data.problem]).toEqual([410, "expired"]);
    expect(await rate(expired, 4)).toEqual({ ok: false, reason: "expired" });
    const quoteToken = signLinkToken("quote", row.id);
    expect(await rate(quoteToken, 4)).toEqual({ ok: false, reason: "tampered" });
    const nobody = signLinkToken("feedback", 999_999);
    expect(await thrownStatus(rateLoader(args(`/d/feedback/${nobody}`, { token: nobody })))).toBe(404);
  });

  it("a rating of 1-2 alerts the owner (SMS and e-mail) and opens a follow-up the office closes with a note, audited", async () => {
    const r = await newRequest({ contactName: "Meena Rao" });
    const { row, token } = await complete(r);
    expect(await rate(token, 2, "Engineer came a day late.")).toEqual({ ok: true, low: true });
    const alerts = await db().select().from(outbox).where(like(outbox.dedupeKey, `feedback:${row.id}:low-rating:%`)).orderBy(asc(outbox.id));
    expect(alerts.map((m) => [m.channel, m.recipient])).toEqual([
      ["sms", ownerMobile],
      ["email", "owner@example.net"],
    ]);
    expect(alerts[0]!).toMatchObject({ template: DLT_TEMPLATES.lowRatingAlert.id, body: `Alert: job ${r.reference} was rated 2 of 5 by Meena Rao. A follow-up is open in the back office.` });
    expect(alerts[1]!.body).toContain("Engineer came a day late.");
    expect(alerts[1]!.body).toContain(`/admin/feedback/${row.id}`);

    let record = (await feedbackRecord(row.id))!;
    expect(record).toMatchObject({ followUp: "open", rating: 2, publishConsent: false });
    const list = await listFeedback({ show: "follow-up" }, undefined);
    expect(list.rows.map((x) => x.id)).toContain(row.id);

    // Stale: someone closed it meanwhile (or the page is old).
    expect(await closeFollowUp(office, row.id, { intent: "close-follow-up", version: record.version - 1, note: "Called." })).toMatchObject({ ok: false, message: STALE_FEEDBACK_MESSAGE });
    // Through the page's action: the note is required.
    const noNote = (await adminRatingAction(args(`/admin/feedback/${row.id}`, { id: String(row.id) }, { intent: "close-follow-up", version: String(record.version), note: " " }, office))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(noNote.init.status).toBe(400);
    expect(noNote.data.errors.note).toMatch(/Say what was done/);
    const closed = (await adminRatingAction(
      args(`/admin/feedback/${row.id}`, { id: String(row.id) }, { intent: "close-follow-up", version: String(record.version), note: "Called Meena: visit was rescheduled by us; apologised." }, office),
    )) as Response;
    expect(closed.status).toBe(303);
    record = (await feedbackRecord(row.id))!;
    expect(record).toMatchObject({ followUp: "closed", followUpNote: "Called Meena: visit was rescheduled by us; apologised.", closedByName: "Asha Office" });
    expect(await closeFollowUp(office, row.id, { intent: "close-follow-up", version: record.version, note: "Again" })).toMatchObject({ ok: false, message: "This follow-up is already closed." });
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "feedback"), eq(auditLog.entityId, String(row.id))));
    expect(entries.map((e) => [e.action, e.actorLabel])).toEqual([["feedback.follow-up-close", "Asha Office"]]);
    expect(entries[0]!.after).toMatchObject({ followUp: "closed" });
  });

  it("publishing needs the customer's consent; a published rating is on /reviews (its cached copy made stale) until hidden", async () => {
    const without = await newRequest();
    const a = await complete(without);
    await rate(a.token, 5, "Good work, but do not show my name.");
    const va = (await feedbackRecord(a.row.id))!.version;
    expect(await changePublication(office, a.row.id, { intent: "publish", version: va })).toEqual({ ok: false, reason: "refused", field: "form", message: NO_CONSENT_MESSAGE });
    expect((await feedbackRecord(a.row.id))!.publishStatus).toBe("unpublished");

    const consenting = await newRequest({ contactName: "Lakshmi Narayana", city: "Patancheru" });
    const b = await complete(consenting);
    // Not rated yet: nothing to publish.
    expect(await changePublication(office, b.row.id, { intent: "publish", version: 1 })).toMatchObject({ ok: false, message: /not rated this job yet/ });
    await rate(b.token, 4, "Quick diagnosis of the servo fault.", true);
    expect((await listFeedback({ show: "awaiting" }, undefined)).rows.map((x) => x.id)).toContain(b.row.id);
    const vb = (await feedbackRecord(b.row.id))!.version;
    const before = contentVersion();
    expect(await changePublication(office, b.row.id, { intent: "publish", version: vb })).toEqual({ ok: true, message: "Published: it shows on the reviews page." });
    expect(contentVersion()).toBeGreaterThan(before);
    // Two tabs: the second publish on the old version is refused.
    expect(await changePublication(office, b.row.id, { intent: "hide", version: vb })).toMatchObject({ ok: false, message: STALE_FEEDBACK_MESSAGE });

    const reviews = await publicReviews();
    expect(reviews[0]).toMatchObject({ key: `job-${b.row.id}`, source: "job", rating: 4, text: "Quick diagnosis of the servo fault.", byline: "Lakshmi Narayana, Patancheru", service: "PLC Repair & Programming" });
    expect(reviews.some((x) => x.text.includes("do not show my name"))).toBe(false);
    const page = (await reviewsLoader()) as { reviews: Array<{ key: string }>; meta: Array<Record<string, unknown>> };
    expect(page.reviews.map((x) => x.key)).toContain(`job-${b.row.id}`);
    // No self-serving AggregateRating markup for our own reviews.
    expect(JSON.stringify(page.meta)).not.toContain("AggregateRating");
    expect((await listFeedback({ show: "published" }, undefined)).rows.map((x) => x.id)).toEqual([b.row.id]);

    const hidden = await changePublication(office, b.row.id, { intent: "hide", version: vb + 1 });
    expect(hidden).toMatchObject({ ok: true });
    expect((await publicReviews()).map((x) => x.key)).not.toContain(`job-${b.row.id}`);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "feedback"), eq(auditLog.entityId, String(b.row.id)))).orderBy(asc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(["feedback.publish", "feedback.hide"]);
  });

  it("a review sent from /reviews is published or not by the office, on the status it saw, audited", async () => {
    const reference = await submitEnquiry("review", {
      rating: "5",
      message: "Repaired our Siemens S120 in two days.",
      subject: "Servo Drive Repair",
      name: "Arjun Reddy",
      company: "Sai Polymers",
      city: "Medak",
      mobile: "+919848099999",
      idempotencyKey: randomUUID(),
    });
    const [row] = await db().select().from(inboundMessages).where(eq(inboundMessages.reference, reference));
    const waiting = await listFormReviews("new", undefined);
    expect(waiting.rows.find((x) => x.id === row!.id)).toMatchObject({ rating: 5, city: "Medak", name: "Arjun Reddy", mobile: "+919848099999" });
    expect((await publicReviews()).map((x) => x.key)).not.toContain(reference);

    const before = contentVersion();
    expect(await moderateReview(office, { intent: "publish", id: row!.id, status: "new" })).toMatchObject({ ok: true });
    expect(contentVersion()).toBeGreaterThan(before);
    expect((await publicReviews()).find((x) => x.key === reference)).toMatchObject({ source: "form", rating: 5, byline: "Arjun Reddy, Sai Polymers, Medak", service: "Servo Drive Repair" });
    const [published] = await db().select().from(inboundMessages).where(eq(inboundMessages.id, row!.id));
    expect(published).toMatchObject({ status: "published", moderatedBy: office.userId });
    expect(published!.publishedAt).not.toBeNull();
    // A colleague's page drawn before: refused.
    expect(await moderateReview(office, { intent: "reject", id: row!.id, status: "new" })).toEqual({ ok: false, reason: "refused", message: STALE_MODERATION_MESSAGE });
    expect(await moderateReview(office, { intent: "reject", id: row!.id, status: "published" })).toMatchObject({ ok: true });
    expect((await publicReviews()).map((x) => x.key)).not.toContain(reference);
    expect(await moderateReview(office, { intent: "publish", id: 999_999, status: "new" })).toEqual({ ok: false, reason: "not-found" });
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "review"), eq(auditLog.entityId, String(row!.id)))).orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.after])).toEqual([
      ["review.publish", { status: "published" }],
      ["review.reject", { status: "rejected" }],
    ]);
  });

  it("forum questions and replies are published by the office; a reply only under a published question", async () => {
    const [topic] = await db()
      .insert(discussionTopics)
      .values({ slug: `acs580-trips-${counter}`, title: "ACS580 trips on 2310", category: "drives", body: "After bypass.", authorName: "Kiran", mobile: "+919848012300", consentVersion: "1", consentAt: new Date(), idempotencyKey: randomUUID() })
      .returning();
    const [reply] = await db()
      .insert(discussionReplies)
      .values({ topicId: topic!.id, body: "Check the DC bus voltage.", authorName: "Venkat", mobile: "+919848012301", idempotencyKey: randomUUID() })
      .returning();
    const pending = await listForumPosts("pending");
    expect(pending.topics.map((t) => t.id)).toContain(topic!.id);
    expect(pending.replies.map((r) => r.id)).toContain(reply!.id);

    expect(await moderatePost(office, { intent: "publish", kind: "reply", id: reply!.id, status: "pending" })).toMatchObject({ ok: false, message: /Publish the question "ACS580 trips on 2310" first/ });
    expect(await moderatePost(office, { intent: "publish", kind: "topic", id: topic!.id, status: "pending" })).toEqual({ ok: true, message: "Question published on the forum." });
    expect((await listTopics()).map((t) => t.slug)).toContain(topic!.slug);
    expect(await moderatePost(office, { intent: "publish", kind: "topic", id: topic!.id, status: "pending" })).toMatchObject({ ok: false, message: STALE_MODERATION_MESSAGE });
    expect(await moderatePost(office, { intent: "publish", kind: "reply", id: reply!.id, status: "pending" })).toMatchObject({ ok: true });
    expect((await findTopic(topic!.slug))!.replies.map((r) => r.body)).toEqual(["Check the DC bus voltage."]);
    expect(await moderatePost(office, { intent: "reject", kind: "reply", id: reply!.id, status: "published" })).toMatchObject({ ok: true, message: "Reply not published: it is off the forum." });
    expect((await findTopic(topic!.slug))!.replies).toEqual([]);
    const entries = await db().select().from(auditLog).where(like(auditLog.entityType, "forum-%")).orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.entityType])).toEqual([
      ["forum.publish", "forum-question"],
      ["forum.publish", "forum-reply"],
      ["forum.reject", "forum-reply"],
    ]);
  });

  it("figures: ratings per technician and per service, and the site's claim beside the real average", async () => {
    const figures = await ratingFigures();
    const given = (await db().select({ rating: feedback.rating }).from(feedback)).map((x) => x.rating).filter((x): x is number => x !== null);
    const average = Math.round((given.reduce((a, b) => a + b, 0) / given.length) * 100) / 100;
    expect(figures.overall.count).toBe(given.length);
    expect(figures.overall.average).toBe(average);
    expect(figures.overall.distribution).toEqual([1, 2, 3, 4, 5].map((n) => given.filter((g) => g === n).length));
    expect(figures.byTechnician).toEqual([expect.objectContaining({ technicianId, name: "Srinivas Rao", count: given.length, average })]);
    expect(figures.byService).toEqual([expect.objectContaining({ serviceSlug: "plc-repair-programming", name: "PLC Repair & Programming", count: given.length })]);
    // Counted from the ratings alone, in one pass: no rating is joined to its request (at volume that join was
    // most of the screen), and the ratings are read once for every figure (three aggregations of them were 100 ms).
    const plan = JSON.stringify(((await db().execute(sql`explain (format json) ${RATING_GROUPS}`)) as unknown as { rows: unknown[] }).rows);
    expect(plan).not.toMatch(/"Node Type":"(Nested Loop|Hash Join|Merge Join)"/);
    expect(plan.match(/"Relation Name":"feedback"/g)).toHaveLength(1);
    expect(plan).toMatch(/"Relation Name":"service_requests"/);

    const claims = (await getSiteSettings()).claims;
    expect(claims).toMatchObject({ ratingValue: 4.8, ratingCount: 2500 });
    const check = checkClaim(claims, figures.overall);
    expect(check.claimed).toEqual({ value: 4.8, best: 5, count: 2500 });
    expect(check.verdict).toBe("above");
    expect(checkClaim({ ...claims, ratingValue: 3, ratingCount: 2 }, figures.overall).verdict).toBe("honest");
    expect(checkClaim({ ...claims, ratingValue: 3 }, figures.overall).verdict).toBe("count-above");
    expect(checkClaim(claims, { average: null, count: 0, distribution: [0, 0, 0, 0, 0] }).verdict).toBe("no-ratings");
  });
});
