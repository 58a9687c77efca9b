import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { tsvector } from "./tsvector.ts";

/**
 * The settings the whole site reads (identity, business details, claims, promises, charges).
 * One row per group; each group's value is validated by its Zod schema in ~/.server/settings.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The public website's content: services, articles, pages, FAQs, fault-code tables, courses, openings,
 * places, products, projects. One table, because every kind has the same editorial life (seeded, edited in
 * the back office, searched); each kind's own fields live in `data`, validated by the kind's Zod schema in
 * ~/.server/content. Bodies are Markdown.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull().default(""),
    data: jsonb("data").notNull().default({}),
    position: integer("position").notNull().default(0),
    publishedOn: text("published_on"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Moves on with each change in the back office: an edit made on an older one is refused. */
    version: integer("version").notNull().default(1),
    /**
     * draft | published | scheduled (/admin/cms). Only a published entry is on the site, its sitemap and its
     * search; a scheduled one is published by the job queue at `publish_at`. Seeded entries are published.
     */
    status: text("status").notNull().default("published"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Weighted full-text document: title, then summary, then body and the searchable text of `data`. */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("summary", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C') || setweight(jsonb_to_tsvector('english', "data", '["string"]'), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex("content_entries_kind_slug").on(t.kind, t.slug),
    index("content_entries_kind_position").on(t.kind, t.position),
    index("content_entries_search").using("gin", t.search),
  ],
);

/**
 * Every saved state of a content entry (/admin/cms): the entry as one change left it, numbered by the
 * entry's version then. The first change of a seeded entry also keeps the state it changed from. Restoring
 * one is itself a change, with its own revision and audit entry.
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    summary: text("summary").notNull(),
    body: text("body").notNull(),
    data: jsonb("data").notNull(),
    status: text("status").notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** What made it: "seed" (the state before the first change), "add", "edit", "publish", "restore", ... */
    cause: text("cause").notNull(),
    /** Who, as the audit log names them; null for the seed and the job queue. */
    actorLabel: text("actor_label"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_revisions_entry_version").on(t.entryId, t.version)],
);

/**
 * An address a content entry had: its old slug answers 301 to the entry's page now. It points at the entry,
 * not at a slug, so a second rename needs no chain; the seed never brings an old slug back.
 */
export const contentRedirects = pgTable(
  "content_redirects",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    fromSlug: text("from_slug").notNull(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => contentEntries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("content_redirects_kind_slug").on(t.kind, t.fromSlug), index("content_redirects_entry").on(t.entryId)],
);

/**
 * Every published version of a legal text (/privacy, /terms, /return-policy), kept for ever: consent records
 * point at the version the customer agreed to (consent_legal_version_id), and /privacy/versions/{n} shows it.
 * A version is never changed or deleted (a trigger refuses both, see the migration); publishing a new text
 * adds the next number. Version 1 of each is the text the site showed before versions were kept.
 */
export const legalVersions = pgTable(
  "legal_versions",
  {
    id: serial("id").primaryKey(),
    /** The page's slug: privacy, terms or return-policy. */
    slug: text("slug").notNull(),
    /** 1, 2, 3… per slug. */
    number: integer("number").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** Markdown, as published. */
    body: text("body").notNull(),
    /** YYYY-MM-DD (India): the day it took effect. */
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    /** What consent records store as consent_version text (version 1 keeps the seed's label, e.g. 2026-11-01). */
    label: text("label").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who published it (no foreign key: a version outlives its publisher's account); null for version 1. */
    publishedBy: integer("published_by"),
    publishedByName: text("published_by_name"),
  },
  (t) => [uniqueIndex("legal_versions_slug_number").on(t.slug, t.number)],
);

/**
 * Images for content bodies (/admin/cms/images): re-encoded like request photos (WebP, metadata dropped, at
 * most 2048 px a side), with their alt text; served to everyone from /media/{name} with a year's cache.
 */
export const contentImages = pgTable(
  "content_images",
  {
    id: serial("id").primaryKey(),
    /** <uuid>.webp: the public address is /media/{name}. */
    name: text("name").notNull(),
    /** Relative to the storage dir. */
    path: text("path").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    originalName: text("original_name").notNull(),
    alt: text("alt").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
  },
  (t) => [uniqueIndex("content_images_name").on(t.name), index("content_images_created").on(t.createdAt, t.id)],
);

/**
 * Service requests from /request (full) and the quick-request form (kind "quick"). Every field a visitor
 * typed is kept as typed after validation; the reference is what a customer reads out on the phone.
 */
export const serviceRequests = pgTable(
  "service_requests",
  {
    id: serial("id").primaryKey(),
    /** SR-YYMM-NNNN: year and month of receipt (IST), then the month's running number. */
    reference: text("reference").notNull().unique(),
    kind: text("kind", { enum: ["full", "quick"] }).notNull(),
    status: text("status").notNull().default("new"),
    contactName: text("contact_name").notNull(),
    /** +91 and ten digits. */
    mobile: text("mobile").notNull(),
    email: text("email"),
    company: text("company"),
    siteAddress: text("site_address"),
    city: text("city"),
    serviceSlug: text("service_slug"),
    /** The service's name when the request was made (a later rename does not rewrite history). */
    serviceName: text("service_name"),
    equipmentBrand: text("equipment_brand"),
    equipmentModel: text("equipment_model"),
    equipmentRating: text("equipment_rating"),
    faultDescription: text("fault_description").notNull(),
    faultCode: text("fault_code"),
    urgency: text("urgency", { enum: ["emergency", "within_24h", "planned"] }).notNull(),
    /** YYYY-MM-DD */
    preferredDate: text("preferred_date"),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** The legal_versions row of the text agreed to (the privacy notice); null on rows without a consent. */
    consentLegalVersionId: integer("consent_legal_version_id").references(() => legalVersions.id),
    /** The form's one-time key: a repeated submission finds the request it already made. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The technician the office sent (back office); their dashboard lists the job. */
    assignedTechnicianId: integer("assigned_technician_id").references((): AnyPgColumn => technicianProfiles.id, {
      onDelete: "set null",
    }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** Bumped by every back-office change: a change made on an older version is refused, never lost. */
    version: integer("version").notNull().default(1),
    /** The response promise: due by, from the urgency's target in the settings (~/.server/requests/sla.ts). */
    responseDueAt: timestamp("response_due_at", { withTimezone: true }),
    /** The first logged call or note stops the response clock. */
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }),
    /** Set while the job waits on the customer or on parts: the resolution clock is paused. */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** Time spent paused before pausedAt, in seconds. */
    pausedSeconds: integer("paused_seconds").notNull().default(0),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The owner was warned once that the response promise was about to be missed. */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    /** The agreed visit window. */
    visitStart: timestamp("visit_start", { withTimezone: true }),
    visitEnd: timestamp("visit_end", { withTimezone: true }),
    /** The customer's purchase-order number: many plants need one before work starts. */
    poNumber: text("po_number"),
    /**
     * The technician's stage on the job: on_the_way, on_site, work_done, needs_parts, needs_quote
     * (~/lib/requests/field-stages.ts). The request's status follows it (on site -> in progress, ...).
     */
    fieldStage: text("field_stage"),
    /** Set on arriving on site, cleared on leaving; minutes on site are added up in onSiteMinutes. */
    onSiteSince: timestamp("on_site_since", { withTimezone: true }),
    onSiteMinutes: integer("on_site_minutes").notNull().default(0),
    /**
     * The labour time the technician entered for the job (issue 17 §4), in minutes; null until entered, when
     * the time on site stands in for it. The invoice draft's labour line is this many hours.
     */
    labourMinutes: integer("labour_minutes"),
    duplicateOfId: integer("duplicate_of_id").references((): AnyPgColumn => serviceRequests.id, { onDelete: "set null" }),
    cancelReason: text("cancel_reason"),
    /** The customer's record (~/.server/customers): set at submission, or linked later by mobile number. */
    customerId: integer("customer_id").references((): AnyPgColumn => customers.id, { onDelete: "set null" }),
    /** The plant the work is at, once the office has picked or added it on the customer's record. */
    siteId: integer("site_id").references((): AnyPgColumn => customerSites.id, { onDelete: "set null" }),
    /** The annual maintenance contract the work falls under: its response time overrides the default. */
    contractId: integer("contract_id").references((): AnyPgColumn => contracts.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Requests by time received, carrying what analytics counts of each (ADR 038, ADR 070): a period's
    // figures (three years and the three before: every request) are read from this index alone, a tenth of the
    // table's pages. It replaces the index on created_at alone, which it serves as well, so a new request
    // writes no more index entries than before.
    index("service_requests_received_figures").on(
      t.createdAt,
      t.urgency,
      t.serviceName,
      t.city,
      t.duplicateOfId,
      t.firstContactAt,
      t.responseDueAt,
    ),
    index("service_requests_customer").on(t.customerId, t.createdAt),
    // The back office's list: newest first within a status, and the keyset tie-break on id.
    index("service_requests_created_id").on(t.createdAt, t.id),
    index("service_requests_status_created").on(t.status, t.createdAt, t.id),
    // The list's count per status tab under an urgency filter: an index-only scan instead of reading the table.
    index("service_requests_urgency_status").on(t.urgency, t.status),
    index("service_requests_response_due").on(t.responseDueAt),
    index("service_requests_visit").on(t.visitStart),
    index("service_requests_mobile").on(t.mobile),
    index("service_requests_email").on(t.email),
    // A technician's figures on the technicians list (current jobs, done this week, the last assignment): each
    // an index range per technician instead of reading all their requests (issue 17 §8).
    index("service_requests_assigned").on(t.assignedTechnicianId, t.assignedAt),
    index("service_requests_assigned_open").on(t.assignedTechnicianId).where(sql`${t.status} not in ('completed', 'cancelled')`),
    // With the time spent on each job in the key: analytics' utilisation (labour entered, else time on site, per
    // technician over a period) is read from the index alone, not from ~60,000 rows of the table for a year
    // (ADR 070). Completed jobs' times are written once, at completion and sign-off.
    index("service_requests_assigned_completed")
      .on(t.assignedTechnicianId, t.completedAt, t.labourMinutes, t.onSiteMinutes)
      .where(sql`${t.status} = 'completed'`),
    // A technician's past jobs, newest first, as their page lists them (ADR 024, 2026-11-28): the first 50 read
    // in index order instead of sorting all of a busy technician's 2,000 closed jobs. Partial on the closed
    // statuses, so a new request (always open) never writes to it.
    index("service_requests_assigned_closed")
      .on(t.assignedTechnicianId, sql`coalesce(${t.completedAt}, ${t.updatedAt})`, t.id)
      .where(sql`${t.status} in ('completed', 'cancelled')`),
    // A request's page lists the requests closed as its duplicates: without this, a read of every request.
    index("service_requests_duplicate_of").on(t.duplicateOfId).where(sql`${t.duplicateOfId} is not null`),
    // The customers list's open-request counts and its "open" tab: only the open requests (a few thousand of 100,000).
    index("service_requests_customer_open").on(t.customerId).where(sql`${t.status} not in ('completed', 'cancelled')`),
    // The search box's "any part of a name or company" (ILIKE '%...%') is answered by trigram indexes
    // (pg_trgm, gin_trgm_ops): they are in the migration's custom SQL, after CREATE EXTENSION (ADR 024).
  ],
);

/**
 * Analytics' per-day rollups of the requests (ADR 070, the dated section): for each CLOSED India day (a day number,
 * days since 1970-01-01 in India), the requests received per service, per city and per urgency; the urgency rows
 * also carry the response figures of the non-duplicate requests and their response seconds (float8, as
 * date_part gives them) for the exact median and p90. Built lazily by the screen for the days it needs that are
 * missing or stale (~/.server/analytics/rollup.ts); today's open day is always counted from service_requests.
 */
export const analyticsRequestDays = pgTable(
  "analytics_request_days",
  {
    day: integer("day").notNull(),
    dimension: text("dimension", { enum: ["service", "urgency", "city"] }).notNull(),
    /** service_name, urgency or city as stored (null: no service chosen, no city). */
    value: text("value"),
    received: integer("received").notNull(),
    /** Urgency rows only: the non-duplicate requests and their response figures. */
    answered: integer("answered"),
    responded: integer("responded"),
    within2: integer("within2"),
    within4: integer("within4"),
    promised: integer("promised"),
    kept: integer("kept"),
    responseSeconds: doublePrecision("response_seconds").array(),
  },
  (t) => [index("analytics_request_days_day").on(t.day, t.dimension)],
);

/**
 * Whether a closed day's rollup is current: a trigger on service_requests (migration
 * 0041_analytics-request-day-rollups) adds one to `changes` whenever a request of a closed day is inserted,
 * deleted or has a counted column changed; a build records the `changes` it saw in `built`. A day is current
 * when built = changes; a day without a row was never built. A write committed after a build's snapshot leaves
 * built behind changes, so the next read rebuilds the day.
 */
export const analyticsRequestDayState = pgTable("analytics_request_day_state", {
  day: integer("day").primaryKey(),
  changes: integer("changes").notNull().default(0),
  built: integer("built"),
});

/** Photos attached to a service request, stored re-encoded under the storage directory. */
export const requestPhotos = pgTable(
  "request_photos",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** Relative to the storage directory. */
    path: text("path").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    originalName: text("original_name").notNull(),
    /** Who added it: the customer with the request, or a technician on site (then uploadedBy is set). */
    source: text("source", { enum: ["customer", "technician", "office", "video"] }).notNull().default("customer"),
    uploadedBy: integer("uploaded_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    caption: text("caption"),
    /** Set for a photo of a unit booked in for bench repair (its condition on arrival, a test). */
    benchJobId: integer("bench_job_id").references((): AnyPgColumn => benchJobs.id, { onDelete: "set null" }),
    /** A snapshot the engineer took during a video diagnosis call (source "video"). */
    videoCallId: integer("video_call_id").references((): AnyPgColumn => videoCalls.id, { onDelete: "set null" }),
    /** A photo sent again from a phone's offline queue is stored once. */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("request_photos_request").on(t.requestId)],
);

/**
 * Every other inbound form: contact message, callback, quote, careers application, training enrolment,
 * investor and product enquiries, reviews. The fields all forms share are columns; each form's own
 * fields are in `details`, validated by that form's Zod schema.
 */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: serial("id").primaryKey(),
    /** e.g. EN-2611-0007: what the acknowledgement quotes. */
    reference: text("reference").notNull().unique(),
    form: text("form").notNull(),
    status: text("status").notNull().default("new"),
    name: text("name").notNull(),
    mobile: text("mobile"),
    email: text("email"),
    company: text("company"),
    /** What it is about: a product, course, opening or service name. */
    subject: text("subject"),
    message: text("message").notNull().default(""),
    details: jsonb("details").notNull().default({}),
    /** A CV, relative to the storage directory. */
    attachmentPath: text("attachment_path"),
    attachmentName: text("attachment_name"),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** The legal_versions row of the text agreed to (the privacy notice); null on rows without a consent. */
    consentLegalVersionId: integer("consent_legal_version_id").references(() => legalVersions.id),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** A review (form "review") the office published to /reviews; status "published" or "rejected" then. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    moderatedBy: integer("moderated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inbound_messages_form_created").on(t.form, t.createdAt),
    // A thread's forms, by the sender's mobile or e-mail (ADR 033), and the forms sent since the threads' last catch-up.
    index("inbound_messages_mobile").on(t.mobile),
    index("inbound_messages_email").on(sql`lower(${t.email})`),
    index("inbound_messages_created").on(t.createdAt),
  ],
);

/** Running numbers behind the references, one row per prefix and month (e.g. "SR-2611"). */
export const referenceCounters = pgTable("reference_counters", {
  prefix: text("prefix").primaryKey(),
  value: integer("value").notNull(),
});

/**
 * The one queue of deferred work. Messages to send (e-mail, SMS), written in the same transaction as what
 * they report, and scheduled jobs (channel "job": a response-promise escalation, later reminders and
 * contract visits), due at next_attempt_at. The background worker claims what is due with FOR UPDATE SKIP
 * LOCKED and retries with back-off: a failing provider or job never fails or loses what queued it.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "sms", "job"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    /** SMS: the DLT template's id (India's rules); e-mail: the template's name; job: the job's name. */
    template: text("template").notNull(),
    /** The template's variables, for providers that take them separately; a job's payload. */
    variables: jsonb("variables").notNull().default({}),
    /**
     * A message that carries a one-time code: body and variables above hold the text with the code masked
     * (what every screen and export shows); the real text is here, encrypted (AES-256-GCM, ~/.server/notifications/sealed.ts),
     * only until the message is sent or given up, then set to null (ADR 025).
     */
    sealed: text("sealed"),
    status: text("status", { enum: ["pending", "sending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the message; a stale lock (crashed worker) is taken over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The provider's id for the sent message: what its delivery report quotes. */
    providerMessageId: text("provider_message_id"),
    /** From the provider's delivery report (SMS, WhatsApp): "delivered", "failed", "read"... */
    deliveryStatus: text("delivery_status"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** The customer the message went to, when known: it joins their thread in /admin/communications. */
    customerId: integer("customer_id").references((): AnyPgColumn => customers.id, { onDelete: "set null" }),
    /** One message per event and recipient, however often the event is reported. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The message's own key, the same on every attempt: the provider adapter sends it as its client
     * reference / idempotency key, so that a resend after a crash is recognised as the same message (ADR 055).
     */
    messageKey: uuid("message_key").notNull().defaultRandom(),
    /** The current claim on a 'sending' row: only its holder renews the hold or records the outcome. */
    claimToken: uuid("claim_token"),
  },
  // Partial indexes (issue 17 §8): each message is written twice (queued, then marked sent), and an update
  // that changes an indexed column writes a new entry in every index whose condition the row meets. Sent
  // messages (nearly all of them) are left out of the worker's index, jobs out of the message lists', rows
  // without a provider id or a customer out of those lookups: the queries below still read them, as each
  // asks only for rows the condition keeps (EXPLAINed in tests/integration/outbox-indexes.test.ts).
  (t) => [
    // The worker's claim (pending and due, or held past the hold) and the dashboard's failed and retrying items.
    index("outbox_due").on(t.status, t.nextAttemptAt).where(sql`${t.status} <> 'sent'`),
    // /admin/sms and /admin/emails, newest first, and the e-mail templates' last use.
    index("outbox_created").on(t.channel, t.createdAt, t.id).where(sql`${t.channel} <> 'job'`),
    // The SMS provider's delivery reports.
    index("outbox_provider_message").on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    // A customer's thread in /admin/communications.
    index("outbox_customer").on(t.customerId, t.createdAt).where(sql`${t.customerId} is not null`),
    // A thread's messages to an address no customer id was stored with (ADR 033): only those rows, so the
    // request form's acknowledgements to a linked customer never write to it.
    index("outbox_unlinked_recipient")
      .on(sql`lower(${t.recipient})`)
      .where(sql`${t.customerId} is null and ${t.channel} in ('sms', 'email')`),
  ],
);

/**
 * The discussion forum (/discussion): questions from plant engineers and technicians, answered by the
 * community and our engineers. Posts are published after the office checks them; the poster's mobile
 * number is kept for that check and never shown.
 */
export const discussionTopics = pgTable(
  "discussion_topics",
  {
    id: serial("id").primaryKey(),
    /** e.g. acs580-trips-on-2310-after-bypass-7 (title slug + id): readable and unique. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    body: text("body").notNull(),
    authorName: text("author_name").notNull(),
    authorCity: text("author_city"),
    mobile: text("mobile").notNull(),
    status: text("status", { enum: ["pending", "published", "rejected"] }).notNull().default("pending"),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** The legal_versions row of the text agreed to (the privacy notice); null on rows without a consent. */
    consentLegalVersionId: integer("consent_legal_version_id").references(() => legalVersions.id),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [index("discussion_topics_status_published").on(t.status, t.publishedAt)],
);

export const discussionReplies = pgTable(
  "discussion_replies",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => discussionTopics.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    authorName: text("author_name").notNull(),
    mobile: text("mobile"),
    /** Written by one of our engineers from the back office. */
    isStaff: boolean("is_staff").notNull().default(false),
    status: text("status", { enum: ["pending", "published", "rejected"] }).notNull().default("pending"),
    consentVersion: text("consent_version"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** The legal_versions row of the text agreed to (the privacy notice); null on rows without a consent. */
    consentLegalVersionId: integer("consent_legal_version_id").references(() => legalVersions.id),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [index("discussion_replies_topic").on(t.topicId, t.status)],
);

// ── Accounts ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A person who signs in: by mobile one-time code (customers, technicians, admins) or through the external
 * OpenID Connect provider. Roles say which portals they may enter; a customer account is made on the first
 * customer sign-in, a technician account by registration, an admin by `npm run admin:add` or ADMIN_PHONES.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** +91 and ten digits; absent for someone known only through the OpenID provider. */
    mobile: text("mobile").unique(),
    name: text("name"),
    email: text("email"),
    /** Set when the provider said the e-mail address is verified: requests made with it are theirs. */
    emailVerified: boolean("email_verified").notNull().default(false),
    roles: text("roles", { enum: ["customer", "technician", "admin"] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The OpenID provider's issuer and subject (sub): who this is there. */
    /**
     * The back-office role (owner, office, accounts) of a user who holds the "admin" portal role: what they
     * may open and change there. See ~/lib/auth/permissions.ts.
     */
    staffRole: text("staff_role", { enum: ["owner", "office", "accounts"] }),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("users_oidc_identity").on(t.oidcIssuer, t.oidcSubject)],
);

/**
 * One-time sign-in codes. Only a keyed hash of the code is kept; a code is good for 5 minutes and 5
 * attempts, and a new one replaces it.
 */
export const otpChallenges = pgTable(
  "otp_challenges",
  {
    id: serial("id").primaryKey(),
    mobile: text("mobile").notNull(),
    /** What the code is for: signing in to a portal, or verifying a technician's registration. */
    purpose: text("purpose", { enum: ["customer", "technician", "admin", "technician-registration", "job-signoff", "quote-approval"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the code was used, or replaced by a newer one. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (t) => [index("otp_challenges_mobile_created").on(t.mobile, t.createdAt)],
);

/**
 * Server-side sessions. The browser holds a random token in an httpOnly cookie; only its SHA-256 is stored,
 * so a copy of the database signs nobody in. Revoking a session (sign-out, "sign out everywhere", an admin)
 * sets revokedAt and the cookie stops working at once.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The portal this session was opened for. */
    role: text("role", { enum: ["customer", "technician", "admin"] }).notNull(),
    method: text("method", { enum: ["otp", "oidc"] }).notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The OpenID provider's tokens for this session (id_token for the end-session redirect, access and
     * refresh tokens to revoke at sign-out). They stay on the server; the browser never sees them.
     */
    oidcTokens: jsonb("oidc_tokens"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/**
 * A technician's application and profile. It is written when the form is sent, becomes "pending" once the
 * mobile number is verified by a code, and the office approves or rejects it with a note.
 */
export const technicianProfiles = pgTable(
  "technician_profiles",
  {
    id: serial("id").primaryKey(),
    /** e.g. TA-2611-0003: what the office and the technician quote. */
    reference: text("reference").notNull().unique(),
    mobile: text("mobile").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email"),
    city: text("city").notNull(),
    skills: text("skills").array().notNull(),
    /** The catalogue services (slugs) the office trusts this technician with: ranks assignment suggestions. */
    serviceSlugs: text("service_slugs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsExperience: integer("years_experience").notNull(),
    currentEmployer: text("current_employer"),
    /** What they can offer: full_time, part_time, weekends, on_call. */
    availability: text("availability").notNull(),
    /** The on/off switch on the dashboard: free to take jobs now. */
    availableNow: boolean("available_now").notNull().default(true),
    idProofType: text("id_proof_type").notNull(),
    /** Relative to the storage directory. */
    idProofPath: text("id_proof_path").notNull(),
    idProofName: text("id_proof_name").notNull(),
    status: text("status", { enum: ["unverified", "pending", "approved", "rejected"] }).notNull().default("unverified"),
    reviewNote: text("review_note"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    /** The legal_versions row of the text agreed to (the privacy notice); null on rows without a consent. */
    consentLegalVersionId: integer("consent_legal_version_id").references(() => legalVersions.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
  },
  (t) => [index("technician_profiles_status").on(t.status, t.createdAt)],
);

/**
 * What happened to a service request after it came in: each status change, with who made it and an
 * optional note the customer may read. The request's current status is on the request itself.
 */
export const requestEvents = pgTable(
  "request_events",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /**
     * What happened: "status" (a status change), "call" and "note" (logged contact), "assign", "schedule",
     * "po", "duplicate". Only status events, and notes not marked internal, reach the customer.
     */
    kind: text("kind").notNull().default("status"),
    /** The request's status after the event. */
    status: text("status").notNull(),
    /** Shown to the customer on their request page, unless internal. */
    note: text("note"),
    internal: boolean("internal").notNull().default(false),
    /** Set for writes replayed from a technician's offline queue: a replay finds the event it made. */
    idempotencyKey: text("idempotency_key").unique(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("request_events_request").on(t.requestId, t.createdAt),
    // A technician's page averages the time to their first update on each job: their own events, found by
    // their account instead of reading every event (ADR 024, 2026-11-28). Partial: the events a form
    // submission writes have no actor and never write to it.
    index("request_events_actor").on(t.actorUserId, t.requestId, t.createdAt).where(sql`${t.actorUserId} is not null`),
  ],
);

// ── Back office ──────────────────────────────────────────────────────────────────────────────────

/**
 * Who did what in the back office (and every sign-in and sign-out), written in the same transaction as the
 * change it records: a change is never without its entry, nor an entry without its change.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name or number when it happened: the entry still reads right after a rename or erasure. */
    actorLabel: text("actor_label").notNull(),
    /** e.g. "request.status", "request.assign", "staff.add", "settings.update", "auth.sign-in". */
    action: text("action").notNull(),
    /** The kind of record: "request", "user", "settings", "technician", "customer". */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** What a person reads for the record (a reference, a name). */
    entityLabel: text("entity_label"),
    before: jsonb("before"),
    after: jsonb("after"),
    ipAddress: text("ip_address"),
  },
  (t) => [
    index("audit_log_at").on(t.at, t.id),
    index("audit_log_actor_at").on(t.actorUserId, t.at),
    index("audit_log_entity_at").on(t.entityType, t.entityId, t.at),
    // The activity screen's "record" box (an id, or any part of its label through audit_log_entity_label_trgm):
    // with both indexed, the OR is one BitmapOr instead of a read of the whole log.
    index("audit_log_entity_id").on(t.entityId),
    // The activity filter's list of actions: one probe per distinct action (a loose index scan), not a read
    // of the whole log on every view (ADR 024, 2026-11-28).
    index("audit_log_action").on(t.action),
  ],
);

// ── Field work ───────────────────────────────────────────────────────────────────────────────────

/**
 * Parts used on a job, recorded by the technician (or the office): picked from the products list once it
 * exists (productId, next issue) or typed as free text.
 */
export const jobParts = pgTable(
  "job_parts",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    /** The product picked from the products list (/admin/products); null for a part typed as free text. */
    productId: integer("product_id").references((): AnyPgColumn => products.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unit: text("unit").notNull().default("nos"),
    addedBy: integer("added_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    /** How many of the quantity came off our shelf (a stock movement "used"); the rest was bought on site. */
    stockQuantity: integer("stock_quantity").notNull().default(0),
    /** How many of those were brought back unused (a stock movement "returned"). */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_parts_request").on(t.requestId), check("job_parts_returned", sql`${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.stockQuantity}`)],
);

/**
 * The customer's sign-off of the finished work: a name and a signature drawn on the technician's phone
 * (stored as an image), or, without JavaScript, a typed name confirmed by a one-time code sent to the
 * customer's mobile.
 */
export const jobSignoffs = pgTable("job_signoffs", {
  id: serial("id").primaryKey(),
  requestId: integer("request_id")
    .notNull()
    .unique()
    .references(() => serviceRequests.id, { onDelete: "cascade" }),
  signerName: text("signer_name").notNull(),
  method: text("method", { enum: ["drawn", "otp"] }).notNull(),
  /** The drawn signature (PNG), relative to the storage directory. */
  signaturePath: text("signature_path"),
  /** The mobile the confirming code went to (method otp). */
  confirmedMobile: text("confirmed_mobile"),
  technicianUserId: integer("technician_user_id").references(() => users.id, { onDelete: "set null" }),
  idempotencyKey: text("idempotency_key").unique(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each field stage requires before a technician may set it (the office edits these): e.g. "work done"
 * needs the customer's sign-off and at least one note or photo.
 */
export const jobStageRequirements = pgTable("job_stage_requirements", {
  stage: text("stage").primaryKey(),
  requireSignoff: boolean("require_signoff").notNull().default(false),
  requireNoteOrPhoto: boolean("require_note_or_photo").notNull().default(false),
  requirePhoto: boolean("require_photo").notNull().default(false),
  requireParts: boolean("require_parts").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

// ── Customers, their sites and their equipment ──────────────────────────────────────────────────

/**
 * One record per customer, keyed by mobile number (how customers sign in and how requests arrive). Requests
 * made before the record existed are linked to it by mobile. Erasure (DPDP Act) anonymises the personal
 * fields and sets erasedAt; the records the tax law says to keep stay, without the person's details.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    /** e.g. CU-2611-0007: what the office quotes on the phone and on paper. */
    reference: text("reference").notNull().unique(),
    /** +91 and ten digits; null once erased. */
    mobile: text("mobile").unique(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email"),
    /** 15 characters, check digit validated (~/lib/gstin.ts). */
    gstin: text("gstin"),
    /**
     * The address registered with the GSTIN (its state is the GSTIN's): what a tax invoice to a registered
     * customer prints, rather than the address of the site the work was done at.
     */
    billingAddress: text("billing_address"),
    billingCity: text("billing_city"),
    billingPincode: text("billing_pincode"),
    /** The office's notes about the customer: never shown to them. */
    notes: text("notes"),
    /** The portal account with the same mobile, once the customer has signed in. */
    userId: integer("user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    /** Bumped by every change: a change made on an older version is refused, never lost. */
    version: integer("version").notNull().default(1),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * Marketing consent, separate from the service consent given with a request (DPDP Act: one purpose per
     * consent). Campaigns reach only a customer with marketingConsentAt set and marketingOptedOutAt null.
     */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    marketingConsentVersion: text("marketing_consent_version"),
    /** The legal_versions row of the privacy notice the marketing consent was given on. */
    marketingConsentLegalVersionId: integer("marketing_consent_legal_version_id").references(() => legalVersions.id),
    /** How the consent was given: "portal", "form", "office" (recorded on the customer's word). */
    marketingConsentSource: text("marketing_consent_source"),
    marketingOptedOutAt: timestamp("marketing_opted_out_at", { withTimezone: true }),
    /**
     * In the trash (~/.server/trash, ADR 046): hidden from every list, search, count and portal, its mobile,
     * e-mail and portal account held in its trash entry (so they are free for a new record), until restored or
     * purged (erased, as above). The row stays because invoices, quotes and payments point at it.
     */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customers_created").on(t.createdAt, t.id),
    index("customers_gstin").on(t.gstin),
    // The customers list's "Erased" tab counted without reading every customer (ADR 024, 2026-11-28); partial,
    // so only an erasure writes to it.
    index("customers_erased").on(t.erasedAt).where(sql`${t.erasedAt} is not null`),
    // A message to an e-mail address joins the thread of the customer with that address (ADR 033).
    index("customers_email_lower").on(sql`lower(${t.email})`),
  ],
);

/** A customer's plant or premises: where engineers go, and where their units are. */
export const customerSites = pgTable(
  "customer_sites",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address"),
    city: text("city"),
    /** Six digits. */
    pincode: text("pincode"),
    /** GST state code of the site ("36" Telangana): the place of supply for a customer without a GSTIN. */
    stateCode: text("state_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_sites_customer").on(t.customerId)],
);

/** A unit of equipment (a drive, a PLC, an HMI, a motor) at a customer's site: what repairs are made on. */
export const equipmentUnits = pgTable(
  "equipment_units",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    siteId: integer("site_id").references(() => customerSites.id, { onDelete: "set null" }),
    /** The kind of equipment: "VFD", "Servo drive", "PLC", "HMI", ... */
    kind: text("kind"),
    make: text("make").notNull(),
    model: text("model"),
    /** e.g. "7.5 kW 415 V". */
    rating: text("rating"),
    serialNumber: text("serial_number"),
    /** Where it sits in the plant, e.g. "Extruder line 2". */
    location: text("location"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("equipment_units_customer").on(t.customerId),
    // Search and the warranty check find a unit by its serial number, whatever its case.
    // A serial as compared (serialKey, ~/.server/customers/units.ts): no spaces, one case (issue 17 §4).
    index("equipment_units_serial_key").on(sql`upper(regexp_replace(${t.serialNumber}, '[[:space:]]', '', 'g'))`),
    // One unit per serial per customer, compared the same way; units without a serial are not compared. The
    // duplicates made before the form compared serials were merged by migration 0020 (merge-duplicate-units).
    uniqueIndex("equipment_units_customer_serial")
      .on(t.customerId, sql`upper(regexp_replace(${t.serialNumber}, '[[:space:]]', '', 'g'))`)
      .where(sql`upper(regexp_replace(${t.serialNumber}, '[[:space:]]', '', 'g')) <> ''`),
  ],
);

/**
 * What a customer asked about their personal data (DPDP Act): a copy (export), a correction or erasure.
 * Asked from the portal's "My data" page or logged by the office; the office closes each one.
 */
export const customerDataRequests = pgTable(
  "customer_data_requests",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["export", "correction", "erasure"] }).notNull(),
    /** What the customer said (for a correction: what is wrong and what it should be). */
    detail: text("detail"),
    status: text("status", { enum: ["open", "done", "declined"] }).notNull().default("open"),
    /** The office's answer, shown to the customer. */
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_data_requests_customer").on(t.customerId, t.createdAt), index("customer_data_requests_status").on(t.status)],
);

// ── Bench repair (the workshop) ──────────────────────────────────────────────────────────────────

/**
 * A unit booked into the workshop for repair: its job card. The stage moves received -> diagnosis ->
 * estimate -> repair -> testing -> ready -> returned (~/lib/bench/stages.ts); each move is a bench event.
 * On return the warranty runs for the months in the settings; a unit with the same serial number that comes
 * back within it is flagged (warrantyRepeatOfId).
 */
export const benchJobs = pgTable(
  "bench_jobs",
  {
    id: serial("id").primaryKey(),
    /** e.g. JC-2611-0012: written on the unit's label, with a QR code that opens its page. */
    jobCard: text("job_card").notNull().unique(),
    requestId: integer("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => equipmentUnits.id, { onDelete: "restrict" }),
    stage: text("stage").notNull().default("received"),
    faultReported: text("fault_reported").notNull(),
    conditionOnArrival: text("condition_on_arrival").notNull(),
    /** What came with the unit: cables, keypad, manual, ... */
    accessories: text("accessories"),
    diagnosis: text("diagnosis"),
    /** The estimate given before repair, in paise (the quote itself comes with issue 11). */
    estimatePaise: integer("estimate_paise"),
    repairNotes: text("repair_notes"),
    /** The test report: pass or fail under load, and the parameters measured. */
    testResult: text("test_result", { enum: ["pass", "fail"] }),
    testParameters: jsonb("test_parameters"),
    testNotes: text("test_notes"),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    warrantyUntil: timestamp("warranty_until", { withTimezone: true }),
    /** The earlier repair of the same serial number whose warranty was still running at intake. */
    warrantyRepeatOfId: integer("warranty_repeat_of_id").references((): AnyPgColumn => benchJobs.id, { onDelete: "set null" }),
    receivedBy: integer("received_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("bench_jobs_request").on(t.requestId),
    index("bench_jobs_unit").on(t.unitId, t.createdAt),
    index("bench_jobs_stage").on(t.stage, t.createdAt, t.id),
  ],
);

/** Each step of a bench job, with who made it and a note the customer may read (unless internal). */
export const benchEvents = pgTable(
  "bench_events",
  {
    id: serial("id").primaryKey(),
    benchJobId: integer("bench_job_id")
      .notNull()
      .references(() => benchJobs.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    note: text("note"),
    internal: boolean("internal").notNull().default(false),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bench_events_job").on(t.benchJobId, t.createdAt)],
);

// ── Products and parts (what the business sells and fits) ───────────────────────────────────────

/**
 * A product or part with its price and tax: drives, PLCs, HMIs, panels and spares. Quotes and invoices
 * (issue 11) price their lines from here; technicians pick parts used on a job from here; the public
 * /products page lists the published ones under their category (a "product" content entry's slug).
 */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** The public catalogue's category: the slug of a "product" content entry (AC drives, PLCs, ...). */
    category: text("category"),
    make: text("make"),
    /** Model or part number. */
    model: text("model"),
    /** HSN code (goods) or SAC (services), digits only: 4, 6 or 8 (~/lib/money/gst.ts). */
    hsnSac: text("hsn_sac").notNull(),
    /** GST rate in percent: 0, 5, 18 or 40. */
    gstRate: integer("gst_rate").notNull(),
    unit: text("unit").notNull().default("nos"),
    /** Price per unit before tax, in paise. */
    pricePaise: integer("price_paise").notNull(),
    description: text("description"),
    /** Listed on the public /products page. */
    published: boolean("published").notNull().default(true),
    /** Withdrawn items stay on old jobs and documents but are no longer offered. */
    active: boolean("active").notNull().default(true),
    /**
     * Stock (issue 19 §5), changed only through the stock_movements ledger (~/.server/stock): units on the
     * shelf, of which `reserved` are set aside for jobs; available = on hand - reserved. Never negative.
     */
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    /** Below this many available, the office is told to reorder (0: not watched). */
    reorderLevel: integer("reorder_level").notNull().default(0),
    /** When available last fell below the reorder level (the alert was raised then); null while above it. */
    belowReorderSince: timestamp("below_reorder_since", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_stock", sql`${t.onHand} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand} and ${t.reorderLevel} >= 0`),
    index("products_below_reorder").on(t.belowReorderSince),
    index("products_name").on(sql`lower(${t.name})`, t.id),
    index("products_category").on(t.category),
    uniqueIndex("products_make_model").on(sql`lower(coalesce(${t.make}, ''))`, sql`lower(coalesce(${t.model}, ''))`, sql`lower(${t.name})`),
  ],
);

// ── Money: quotes, GST tax invoices and credit notes, payments (issue 11) ───────────────────────
// Amounts are integer paise (bigint columns read as numbers: a document never nears 2^53 paise).

const paise = (name: string) => bigint(name, { mode: "number" });

/**
 * A quote to a customer: made from a request, a bench unit's diagnosis, or for the customer directly. Its
 * content lives in numbered versions (quote_versions): a revision adds v2 and v1 stays readable. The status
 * moves draft -> sent -> approved | changes_requested | declined; a sent quote past its validity is expired.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    /** e.g. QT-2611-0004. */
    reference: text("reference").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    requestId: integer("request_id").references(() => serviceRequests.id, { onDelete: "set null" }),
    benchJobId: integer("bench_job_id").references(() => benchJobs.id, { onDelete: "set null" }),
    siteId: integer("site_id").references(() => customerSites.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "sent", "approved", "changes_requested", "expired", "declined"] })
      .notNull()
      .default("draft"),
    /** The latest version's number: what is sent, and what an approval approves. */
    currentVersion: integer("current_version").notNull().default(1),
    /** What it is for, one line: "Repair of ABB ACS580 7.5 kW". */
    title: text("title").notNull(),
    /** The latest version's payable total, for the list. */
    totalPaise: paise("total_paise").notNull().default(0),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the customer approved, changed or declined (the details are in quote_responses). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    approvedVersion: integer("approved_version"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quotes_status_created").on(t.status, t.createdAt, t.id),
    index("quotes_created").on(t.createdAt, t.id),
    index("quotes_customer").on(t.customerId, t.createdAt),
    index("quotes_request").on(t.requestId),
    index("quotes_bench_job").on(t.benchJobId),
  ],
);

/**
 * One version of a quote, never changed once a later version exists or it has been sent. `lines` holds the
 * priced lines as entered (~/lib/money/document.ts DocumentLine); the totals are computed by
 * ~/lib/money/gst.ts and stored as shown.
 */
export const quoteVersions = pgTable(
  "quote_versions",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** The recipient as quoted (~/lib/money/document.ts DocumentParty). */
    recipient: jsonb("recipient").notNull(),
    placeOfSupplyCode: text("place_of_supply_code").notNull(),
    /** Which rule decided the place of supply: recipient-gstin, recipient-address or supplier. */
    placeOfSupplyBasis: text("place_of_supply_basis").notNull(),
    lines: jsonb("lines").notNull(),
    taxablePaise: paise("taxable_paise").notNull(),
    taxPaise: paise("tax_paise").notNull(),
    roundOffPaise: integer("round_off_paise").notNull().default(0),
    totalPaise: paise("total_paise").notNull(),
    terms: text("terms").notNull().default(""),
    /** A note to the customer printed on the quote. */
    notes: text("notes"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    /** Why the office revised it (v2 onwards). */
    revisionReason: text("revision_reason"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("quote_versions_number").on(t.quoteId, t.number)],
);

/** The customer's answer to a quote version: who, when, from where, and how (portal, signed link, office). */
export const quoteResponses = pgTable(
  "quote_responses",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    versionNumber: integer("version_number").notNull(),
    decision: text("decision", { enum: ["approve", "changes", "decline"] }).notNull(),
    comment: text("comment"),
    respondentName: text("respondent_name"),
    /** The mobile the confirming one-time code went to, or the signed-in customer's. */
    respondentMobile: text("respondent_mobile"),
    via: text("via", { enum: ["portal", "link", "office"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_responses_quote").on(t.quoteId, t.createdAt)],
);

/**
 * GST tax invoices and credit notes (CGST rule 46 and 53). Never edited once issued: a mistake is corrected
 * by a credit note (kind credit_note, creditOfId set), which has its own series. The number is a consecutive
 * serial per kind and financial year, taken from reference_counters ("INV/2026-27") in the issuing
 * transaction, so a rolled-back issue gives its number back: no gaps, no duplicates.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["invoice", "credit_note"] }).notNull().default("invoice"),
    /** e.g. INV/2026-27/0001 or CN/2026-27/0001. */
    number: text("number").notNull().unique(),
    /** e.g. 2026-27 (1 April to 31 March). */
    financialYear: text("financial_year").notNull(),
    serial: integer("serial").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    requestId: integer("request_id").references(() => serviceRequests.id, { onDelete: "set null" }),
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    benchJobId: integer("bench_job_id").references(() => benchJobs.id, { onDelete: "set null" }),
    contractId: integer("contract_id").references((): AnyPgColumn => contracts.id, { onDelete: "restrict" }),
    /**
     * What the invoice bills, once: "request:<id>" (a completed job), "contract-billing:<id>" (a contract's
     * billing date); "request:<id>/2" and on for a second invoice the office chose to issue deliberately (audited).
     * Unique, so however many people press "Issue" at once there is one invoice per source. Null for a quote's
     * invoice (invoices_one_per_quote) and for one made out to a customer directly.
     */
    sourceKey: text("source_key"),
    /** A credit note's invoice. */
    creditOfId: integer("credit_of_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** The supplier as issued (name, address, GSTIN, state): a later settings change does not rewrite it. */
    supplier: jsonb("supplier").notNull(),
    recipient: jsonb("recipient").notNull(),
    placeOfSupplyCode: text("place_of_supply_code").notNull(),
    placeOfSupplyName: text("place_of_supply_name").notNull(),
    placeOfSupplyBasis: text("place_of_supply_basis").notNull(),
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    /** The customer's purchase-order number, where given. */
    poNumber: text("po_number"),
    lines: jsonb("lines").notNull(),
    taxablePaise: paise("taxable_paise").notNull(),
    cgstPaise: paise("cgst_paise").notNull(),
    sgstPaise: paise("sgst_paise").notNull(),
    igstPaise: paise("igst_paise").notNull(),
    taxPaise: paise("tax_paise").notNull(),
    roundOffPaise: integer("round_off_paise").notNull().default(0),
    /** What is payable (a credit note: what is credited). */
    totalPaise: paise("total_paise").notNull(),
    amountInWords: text("amount_in_words").notNull(),
    /** Sums of payment allocations and of credit notes against this invoice, kept in the same transaction. */
    paidPaise: paise("paid_paise").notNull().default(0),
    creditedPaise: paise("credited_paise").notNull().default(0),
    /** issued -> partly_paid -> paid; cancelled once credit notes cover it in full. */
    status: text("status", { enum: ["issued", "partly_paid", "paid", "cancelled"] })
      .notNull()
      .default("issued"),
    /** A credit note's reason; an invoice's note to the customer. */
    reason: text("reason"),
    notes: text("notes"),
    terms: text("terms").notNull().default(""),
    /** The payment gateway's link for this invoice, once made. */
    gatewayLinkId: text("gateway_link_id").unique(),
    gatewayLinkUrl: text("gateway_link_url"),
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastReminderAt: timestamp("last_reminder_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_series_serial").on(t.kind, t.financialYear, t.serial),
    // One invoice per quote, however many people press "Issue" at once.
    uniqueIndex("invoices_one_per_quote").on(t.quoteId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex("invoices_one_per_source").on(t.sourceKey).where(sql`${t.sourceKey} is not null`),
    index("invoices_issue_date").on(t.issueDate, t.id),
    index("invoices_customer").on(t.customerId, t.issueDate),
    index("invoices_status_due").on(t.status, t.dueDate),
    index("invoices_request").on(t.requestId),
    index("invoices_credit_of").on(t.creditOfId),
  ],
);

/**
 * Money received: UPI (with its UTR), bank transfer, cash, cheque, or through the payment gateway. The
 * reference is the receipt's number. One UTR, cheque or gateway payment is recorded once, however many people
 * record it at the same moment (the unique index).
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    /** e.g. RC-2611-0009: the receipt's number. */
    reference: text("reference").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    method: text("method", { enum: ["upi", "bank", "cash", "cheque", "gateway"] }).notNull(),
    amountPaise: paise("amount_paise").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    /** UPI: the UTR; bank: the transfer's reference; cheque: its number; gateway: the gateway's payment id. */
    instrumentRef: text("instrument_ref"),
    /**
     * The part not allocated to an invoice: the customer's credit (an advance, an overpayment, a gateway amount
     * that did not match, or what a credit note returned of an invoice already paid). The customer's credit
     * balance is the sum of this over their payments; applying it to an invoice or refunding it lowers it.
     */
    unallocatedPaise: paise("unallocated_paise").notNull().default(0),
    note: text("note"),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_instrument").on(t.method, sql`lower(${t.instrumentRef})`).where(sql`${t.instrumentRef} is not null`),
    index("payments_received").on(t.receivedOn, t.id),
    index("payments_customer").on(t.customerId, t.receivedOn),
  ],
);

/** How a payment is spread over invoices: a payment may settle several, an invoice be paid in parts. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    amountPaise: paise("amount_paise").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index("payment_allocations_invoice").on(t.invoiceId)],
);

/**
 * Every call the payment gateway made to the webhook, accepted or not: a bad signature, a replay (the same
 * event id again) or an unknown invoice is refused, logged here, and changes nothing else.
 */
export const gatewayEvents = pgTable(
  "gateway_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    /** The gateway's event id; null when the body could not be read. Unique: a replay is refused. */
    eventId: text("event_id").unique(),
    event: text("event"),
    /** held: recorded, but not as asked (an amount other than the amount due, an invoice already settled): the accounts staff were alerted. */
    outcome: text("outcome", { enum: ["accepted", "held", "refused", "replayed"] }).notNull(),
    reason: text("reason"),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    payload: jsonb("payload"),
    ipAddress: text("ip_address"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gateway_events_received").on(t.receivedAt, t.id)],
);

/**
 * Money paid back to a customer out of their credit balance: a refund voucher, RV/2026-27/0001, a
 * consecutive serial per financial year from reference_counters like invoice numbers (no gaps, no duplicates).
 * refund_sources says which payments' unallocated credit it used, so received = allocated + credit + refunded.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    serial: integer("serial").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    method: text("method", { enum: ["upi", "bank", "cash", "cheque"] }).notNull(),
    amountPaise: paise("amount_paise").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** UPI: the UTR; bank: the transfer's reference; cheque: its number. */
    instrumentRef: text("instrument_ref"),
    note: text("note"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("refunds_series_serial").on(t.financialYear, t.serial), index("refunds_paid_on").on(t.paidOn, t.id), index("refunds_customer").on(t.customerId)],
);

export const refundSources = pgTable(
  "refund_sources",
  {
    refundId: integer("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountPaise: paise("amount_paise").notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.paymentId] }), index("refund_sources_payment").on(t.paymentId)],
);

/** A bank or UPI statement imported as CSV for reconciliation; the same file imported twice is one import. */
export const statementImports = pgTable("statement_imports", {
  id: serial("id").primaryKey(),
  fileName: text("file_name").notNull(),
  /** SHA-256 of the file. */
  fileHash: text("file_hash").notNull().unique(),
  lineCount: integer("line_count").notNull(),
  matchedCount: integer("matched_count").notNull().default(0),
  importedBy: integer("imported_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One credit line of an imported statement: matched to an invoice (by the tr reference and amount) or left for a person. */
export const statementLines = pgTable(
  "statement_lines",
  {
    id: serial("id").primaryKey(),
    importId: integer("import_id")
      .notNull()
      .references(() => statementImports.id, { onDelete: "cascade" }),
    lineNo: integer("line_no").notNull(),
    valueDate: date("value_date", { mode: "string" }).notNull(),
    amountPaise: paise("amount_paise").notNull(),
    /** The UTR or bank reference. */
    instrumentRef: text("instrument_ref"),
    /** The narration as the bank printed it (it carries the UPI note and tr). */
    description: text("description").notNull().default(""),
    status: text("status", { enum: ["matched", "unmatched", "ignored"] }).notNull().default("unmatched"),
    invoiceId: integer("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** Who matched it by hand; null when matched automatically. */
    matchedBy: integer("matched_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("statement_lines_line").on(t.importId, t.lineNo), index("statement_lines_status").on(t.status, t.id)],
);

// ── Annual maintenance contracts (AMC) ────────────────────────────────────────────────────────────

/**
 * An annual maintenance contract for a customer's site: the equipment it covers (contract_units), its period,
 * the preventive visits per year (contract_visits, made into jobs on schedule), the response time it promises
 * (overriding the default on the customer's requests) and its billing plan (contract_billings).
 */
export const contracts = pgTable(
  "contracts",
  {
    id: serial("id").primaryKey(),
    /** e.g. AMC-2611-0002. */
    reference: text("reference").notNull().unique(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    siteId: integer("site_id").references(() => customerSites.id, { onDelete: "set null" }),
    plan: text("plan", { enum: ["bronze", "silver", "gold"] }).notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    visitsPerYear: integer("visits_per_year").notNull(),
    /** The response promise in hours, round the clock: overrides the default on this customer's requests. */
    responseHours: integer("response_hours").notNull(),
    /** The contract's price for its period, before GST. */
    pricePaise: paise("price_paise").notNull(),
    gstRate: integer("gst_rate").notNull().default(18),
    sacCode: text("sac_code").notNull().default("998719"),
    billing: text("billing", { enum: ["advance", "quarterly"] }).notNull(),
    status: text("status", { enum: ["active", "cancelled"] }).notNull().default("active"),
    /** What it covers beyond the units: "Breakdown visits, labour; parts charged". */
    scope: text("scope"),
    renewalRemindedAt: timestamp("renewal_reminded_at", { withTimezone: true }),
    renewedFromId: integer("renewed_from_id").references((): AnyPgColumn => contracts.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contracts_customer").on(t.customerId), index("contracts_ends").on(t.status, t.endsOn), index("contracts_created").on(t.createdAt, t.id)],
);

export const contractUnits = pgTable(
  "contract_units",
  {
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => equipmentUnits.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.unitId] })],
);

/** A preventive-maintenance visit: made into a job (a service request) once, when it falls due. */
export const contractVisits = pgTable(
  "contract_visits",
  {
    id: serial("id").primaryKey(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    /** The job made for it; unique, so a visit is made into a job exactly once. */
    requestId: integer("request_id")
      .unique()
      .references(() => serviceRequests.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("contract_visits_seq").on(t.contractId, t.seq), index("contract_visits_due").on(t.dueOn)],
);

/** A billing date of a contract's plan: invoiced once, on the day. */
export const contractBillings = pgTable(
  "contract_billings",
  {
    id: serial("id").primaryKey(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    /** Before GST. */
    amountPaise: paise("amount_paise").notNull(),
    invoiceId: integer("invoice_id")
      .unique()
      .references(() => invoices.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("contract_billings_seq").on(t.contractId, t.seq), index("contract_billings_due").on(t.dueOn)],
);

// ── Feedback and reviews ─────────────────────────────────────────────────────────────────────────

/**
 * The customer's rating of a finished job (1-5 and a comment): one per job, asked for by SMS with a signed
 * link when the job is completed. A rating of 1-2 alerts the owner and opens a follow-up the office closes.
 * The office may publish it to /reviews when the customer consented to that (recorded with the rating).
 */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .unique()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    technicianId: integer("technician_id").references(() => technicianProfiles.id, { onDelete: "set null" }),
    serviceSlug: text("service_slug"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    rating: integer("rating"),
    comment: text("comment"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    /** The customer agreed that the rating and comment may be shown on /reviews, under displayName. */
    publishConsent: boolean("publish_consent").notNull().default(false),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** The legal_versions row of the text agreed to (the privacy notice); null on rows without a consent. */
    consentLegalVersionId: integer("consent_legal_version_id").references(() => legalVersions.id),
    displayName: text("display_name"),
    publishStatus: text("publish_status", { enum: ["unpublished", "published", "hidden"] })
      .notNull()
      .default("unpublished"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
    followUp: text("follow_up", { enum: ["none", "open", "closed"] }).notNull().default("none"),
    followUpNote: text("follow_up_note"),
    followUpClosedAt: timestamp("follow_up_closed_at", { withTimezone: true }),
    followUpClosedBy: integer("follow_up_closed_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("feedback_rated").on(t.ratedAt, t.id),
    index("feedback_technician").on(t.technicianId, t.ratedAt),
    index("feedback_published").on(t.publishStatus, t.publishedAt),
    index("feedback_follow_up").on(t.followUp),
  ],
);

// ── Issue 12: the live layer and every conversation ──────────────────────────────────────────────────

/**
 * Every live event, kept for a day so that a stream that reconnects with Last-Event-ID catches up on what
 * it missed. `audience` says who may read it (checked per event and per stream on the server):
 * "staff:<permission>", "customer:<customerId>", "technician:<technicianProfileId>", "user:<userId>",
 * "video:<callId>" or "public".
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    audience: text("audience").notNull(),
    /** e.g. "request.created", "request.updated", "notification", "ticket.message", "video.signal". */
    kind: text("kind").notNull(),
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("live_events_created").on(t.createdAt)],
);

/**
 * One row per browser session of the public site (spec §7: sessionId is "session-" + a timestamp + random
 * text, kept in sessionStorage). No cookie and no address: only the page it was last on and when.
 */
export const visitorSessions = pgTable(
  "visitor_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    pagePath: text("page_path").notNull(),
    pings: integer("pings").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visitor_sessions_last_seen").on(t.lastSeenAt), index("visitor_sessions_first_seen").on(t.firstSeenAt)],
);

/** A staff member's alert: a new request, an emergency, a response time near or past, a quote answer... */
export const staffNotifications = pgTable(
  "staff_notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The kind of alert (~/.server/notifications/staff-alerts.ts): "request.new", "request.emergency"... */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** The record it is about, a back-office path. */
    link: text("link").notNull(),
    /** One alert per event and person, however often the event is reported. */
    dedupeKey: text("dedupe_key").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_notifications_dedupe").on(t.userId, t.dedupeKey),
    index("staff_notifications_user").on(t.userId, t.createdAt, t.id),
    index("staff_notifications_unread").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** Per person and kind of alert: which channels it goes to (in-app, SMS, e-mail). No row: the defaults. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull().default(true),
    sms: boolean("sms").notNull().default(false),
    email: boolean("email").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One customer's conversation across every channel (/admin/communications): SMS, e-mail and WhatsApp sent
 * and received, calls logged, notes. Inbound forms and the outbox's messages join the thread by reference
 * (inboundMessageId, outboxId), so nothing is stored twice.
 */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** +91 and ten digits: how an unknown sender's messages are grouped until they are a customer. */
    mobile: text("mobile"),
    channel: text("channel", { enum: ["sms", "email", "whatsapp", "call", "form", "note"] }).notNull(),
    direction: text("direction", { enum: ["in", "out"] }).notNull(),
    body: text("body").notNull().default(""),
    subject: text("subject"),
    /** A WhatsApp template's name or an SMS template's name, when sent from one. */
    template: text("template"),
    status: text("status").notNull().default("recorded"),
    /** The provider's message id (WhatsApp wamid, SMS id): a repeated webhook is stored once. */
    externalId: text("external_id").unique(),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    inboundMessageId: integer("inbound_message_id").references(() => inboundMessages.id, { onDelete: "set null" }),
    serviceRequestId: integer("service_request_id").references(() => serviceRequests.id, { onDelete: "set null" }),
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A call's length; a message's media or provider details. */
    meta: jsonb("meta").notNull().default({}),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversation_messages_customer").on(t.customerId, t.createdAt, t.id),
    index("conversation_messages_mobile").on(t.mobile, t.createdAt),
    index("conversation_messages_created").on(t.createdAt, t.id),
    // A thread page leaves out the outbox rows and forms a conversation row stands for (ADR 049): probed per row.
    index("conversation_messages_outbox").on(t.outboxId).where(sql`${t.outboxId} is not null`),
    index("conversation_messages_inbound").on(t.inboundMessageId).where(sql`${t.inboundMessageId} is not null`),
  ],
);

/**
 * The thread list of /admin/communications, stored (ADR 033): one row per thread (a customer, or an unknown
 * sender's mobile), its latest line and whether it awaits a reply, worked out from the messages by
 * ~/.server/communications/thread-summary.ts. Nothing on the request form writes it: the screen catches up
 * with what was written since its last read, and the office's own actions refresh the threads they change.
 */
export const communicationThreads = pgTable(
  "communication_threads",
  {
    /** The customer's id as text, or the unknown sender's +91 mobile. */
    thread: text("thread").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** An unknown sender's mobile (null for a customer's thread). */
    mobile: text("mobile"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    channel: text("channel").notNull(),
    direction: text("direction").notNull(),
    preview: text("preview").notNull(),
    awaiting: boolean("awaiting").notNull(),
    /** Name, company, e-mail and mobile, lower case, one per line: what the search box matches (trigram index). */
    search: text("search").notNull(),
    /** The keyset order's tie-break: the customer id, 0 for an unknown sender. */
    sortId: integer("sort_id").notNull(),
  },
  (t) => [
    // Newest first is these read backwards (ORDER BY at DESC, sort_id DESC).
    index("communication_threads_latest").on(t.at, t.sortId),
    index("communication_threads_awaiting").on(t.at, t.sortId).where(sql`${t.awaiting}`),
    index("communication_threads_customer").on(t.customerId),
    // The search box's trigram index (gin_trgm_ops) on `search` is in the migration's custom SQL (ADR 024).
  ],
);

/**
 * How far /admin/communications has caught up: the last id read of each source table, and when (one row).
 * It also holds the list's two tab counts (counting 100,000 threads on each read took longer than the page),
 * kept by every refresh, which takes this row's lock first: refreshes never interleave.
 */
export const communicationThreadsSync = pgTable("communication_threads_sync", {
  id: integer("id").primaryKey(),
  lastIds: jsonb("last_ids").notNull().$type<Record<string, unknown>>(),
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull(),
  threads: integer("threads").notNull().default(0),
  awaiting: integer("awaiting").notNull().default(0),
});

/**
 * The SMS and e-mail logs' read side (/admin/sms, /admin/emails; ADR 035), kept beside the outbox so that
 * queueing a message writes nothing more: ~/.server/communications/log-summary.ts catches these up when a
 * log is read. message_log_search: each SMS's and e-mail's recipient and subject (what the logs' search box
 * matches), with trigram indexes (in the migration's custom SQL).
 */
export const messageLogSearch = pgTable(
  "message_log_search",
  {
    outboxId: integer("outbox_id")
      .primaryKey()
      .references(() => outbox.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
  },
  // The trigram (gin_trgm_ops) indexes on recipient and subject are in the migration's custom SQL (ADR 024).
  () => [],
);

/**
 * The logs' tab counts per channel and India calendar day, for the days before yesterday (ADR 035): `counts`
 * holds each tab's count ({ all, delivered, awaiting, failed } for SMS, { all, sent, pending, failed } for
 * e-mail); `unsettled` how many of the day's messages were still pending or being sent (such a day is
 * counted again at each read until none is).
 */
export const messageLogDays = pgTable(
  "message_log_days",
  {
    channel: text("channel").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    counts: jsonb("counts").notNull().$type<Record<string, number>>(),
    unsettled: integer("unsettled").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.channel, t.day] }),
    // The days still holding a message not yet sent: each catch-up looks for them.
    index("message_log_days_unsettled").on(t.channel, t.day).where(sql`${t.unsettled} > 0`),
  ],
);

/**
 * The days whose counts a change made stale (a late delivery report, a retry, an erasure): counted again at
 * the next read, which deletes them.
 */
export const messageLogStale = pgTable(
  "message_log_stale",
  {
    channel: text("channel").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.day] })],
);

/**
 * One row: the newest outbox id the read side has seen, when, and the first day not yet counted in
 * message_log_days (every earlier day is, but for the stale ones).
 */
export const messageLogSync = pgTable("message_log_sync", {
  id: integer("id").primaryKey(),
  lastId: integer("last_id").notNull(),
  syncedAt: timestamp("synced_at", { withTimezone: true }).notNull(),
  countedBefore: date("counted_before", { mode: "string" }).notNull(),
});

/**
 * Every inbound webhook (SMS delivery reports, WhatsApp, and later others): its id is unique per provider,
 * so a replay changes nothing; refusals are kept too, with why.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    /** The provider's event id, or a hash of the body when it has none. */
    externalId: text("external_id").notNull(),
    outcome: text("outcome", { enum: ["applied", "refused", "ignored"] }).notNull(),
    reason: text("reason"),
    payload: jsonb("payload").notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webhook_events_external").on(t.provider, t.externalId), index("webhook_events_received").on(t.receivedAt)],
);

/**
 * The DLT template registry (/admin/sms): each SMS text registered on the DLT platform, with its template id
 * and sender id. An SMS is sent only from an active template here; the names match ~/.server/notifications/templates.ts.
 */
export const smsTemplates = pgTable("sms_templates", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  dltTemplateId: text("dlt_template_id").notNull().unique(),
  senderId: text("sender_id").notNull(),
  /** The registered text, one `{#var#}` per variable. */
  text: text("text").notNull(),
  variables: jsonb("variables").$type<string[]>().notNull().default([]),
  category: text("category", { enum: ["service", "transactional", "promotional"] }).notNull().default("service"),
  active: boolean("active").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** E-mail templates (/admin/emails), editable with a preview; a row overrides the built-in text of that name. */
export const emailTemplates = pgTable("email_templates", {
  name: text("name").primaryKey(),
  subject: text("subject").notNull(),
  /** Markdown, with {{variable}} placeholders. */
  body: text("body").notNull(),
  version: integer("version").notNull().default(1),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** WhatsApp message templates approved by Meta: the only messages allowed outside the 24-hour window. */
export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    language: text("language").notNull().default("en"),
    category: text("category", { enum: ["utility", "marketing", "authentication"] }).notNull().default("utility"),
    /** The body with {{1}}, {{2}}... */
    body: text("body").notNull(),
    status: text("status", { enum: ["approved", "pending", "rejected", "paused"] }).notNull().default("approved"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("whatsapp_templates_name_language").on(t.name, t.language)],
);

/** A marketing campaign (/admin/marketing): to customers with marketing consent only, at a set rate. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    channel: text("channel", { enum: ["sms", "email", "whatsapp"] }).notNull(),
    /** SMS: an sms_templates name (promotional); WhatsApp: a whatsapp_templates name; e-mail: null. */
    template: text("template"),
    subject: text("subject"),
    body: text("body").notNull().default(""),
    /** The segment: { service?, city?, amcExpiringWithinDays? }. */
    segment: jsonb("segment").notNull().default({}),
    status: text("status", { enum: ["draft", "sending", "paused", "finished", "cancelled"] }).notNull().default("draft"),
    ratePerMinute: integer("rate_per_minute").notNull().default(60),
    version: integer("version").notNull().default(1),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("campaigns_created").on(t.createdAt, t.id)],
);

export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "sent", "delivered", "opted_out", "failed", "skipped"] }).notNull().default("queued"),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.customerId] }), index("campaign_recipients_status").on(t.campaignId, t.status)],
);

/**
 * A help-desk ticket (/admin/help-desk): from the customer portal's "Get help", the contact form, inbound
 * WhatsApp or the chatbot's hand-off. Its SLA is its first-response and resolution targets.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    /** e.g. TK-2611-0007. */
    reference: text("reference").notNull().unique(),
    source: text("source", { enum: ["portal", "contact", "whatsapp", "chatbot", "office"] }).notNull(),
    subject: text("subject").notNull(),
    status: text("status", { enum: ["open", "pending", "resolved", "closed"] }).notNull().default("open"),
    priority: text("priority", { enum: ["low", "normal", "high", "urgent"] }).notNull().default("normal"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    serviceRequestId: integer("service_request_id").references(() => serviceRequests.id, { onDelete: "set null" }),
    inboundMessageId: integer("inbound_message_id").references(() => inboundMessages.id, { onDelete: "set null" }),
    contactName: text("contact_name"),
    contactMobile: text("contact_mobile"),
    contactEmail: text("contact_email"),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    firstResponseDueAt: timestamp("first_response_due_at", { withTimezone: true }).notNull(),
    resolutionDueAt: timestamp("resolution_due_at", { withTimezone: true }).notNull(),
    firstRespondedAt: timestamp("first_responded_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key").unique(),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tickets_status").on(t.status, t.createdAt, t.id),
    index("tickets_customer").on(t.customerId, t.createdAt),
    index("tickets_assignee").on(t.assigneeId, t.status),
  ],
);

export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["customer", "staff", "bot", "system"] }).notNull(),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** An internal note: never shown to the customer. */
    internal: boolean("internal").notNull().default(false),
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ticket_messages_ticket").on(t.ticketId, t.createdAt, t.id),
    // The messages written since the threads' last catch-up (ADR 033).
    index("ticket_messages_created").on(t.createdAt),
  ],
);

/** The help desk's canned replies. */
export const cannedReplies = pgTable("canned_replies", {
  id: serial("id").primaryKey(),
  title: text("title").notNull().unique(),
  body: text("body").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A remote video diagnosis call (/admin/video-calls): scheduled from a request, browser to browser. */
export const videoCalls = pgTable(
  "video_calls",
  {
    id: serial("id").primaryKey(),
    /** e.g. VC-2611-0007. */
    reference: text("reference").notNull().unique(),
    serviceRequestId: integer("service_request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["scheduled", "live", "ended", "cancelled", "missed"] }).notNull().default("scheduled"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The engineer who took the call. */
    engineerId: integer("engineer_id").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    durationSeconds: integer("duration_seconds"),
    /** Who joined and when: [{ role, name, joinedAt, leftAt }]. */
    participants: jsonb("participants").notNull().default([]),
    notes: text("notes"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("video_calls_scheduled").on(t.scheduledAt, t.id), index("video_calls_request").on(t.serviceRequestId)],
);

/** Reports and documents that /investors publishes (PDF), uploaded in /admin/investors. */
export const investorDocuments = pgTable(
  "investor_documents",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** e.g. "FY 2025-26", "Q2 FY 2026-27". */
    period: text("period"),
    /** Relative to the storage directory. */
    path: text("path").notNull(),
    fileName: text("file_name").notNull(),
    bytes: integer("bytes").notNull(),
    published: boolean("published").notNull().default(true),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("investor_documents_published").on(t.published, t.createdAt)],
);

/**
 * The backups made of this installation (issue 19 §8, ~/.server/backup, ADR 040): one archive per row in the
 * storage directory's `backups/` folder, with its SHA-256 and its manifest's figures (rows per table), and
 * the last time it was restored into a scratch database to prove that it restores. Deleted with its file.
 */
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    /** The archive's name in the backups folder: backup-<UTC time>-<engine>.tar.gz. */
    fileName: text("file_name").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** "scheduled" (the nightly job) or "manual" (run from the screen). */
    trigger: text("trigger", { enum: ["scheduled", "manual"] }).notNull(),
    /** The job's own key: a job run twice (its hold expired mid-run) makes one backup, not two. */
    jobKey: text("job_key").notNull().unique(),
    engine: text("engine", { enum: ["pglite", "postgres"] }).notNull(),
    /** The last migration applied when it was made: a restore refuses another schema version. */
    schemaVersion: text("schema_version").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** Hex SHA-256 of the whole archive (also beside it as <file>.sha256). */
    sha256: text("sha256").notNull(),
    /** Rows in the database's tables when it was made (the manifest's figures). */
    totalRows: bigint("total_rows", { mode: "number" }).notNull(),
    uploadFiles: integer("upload_files").notNull(),
    durationMs: integer("duration_ms").notNull(),
    testRestoredAt: timestamp("test_restored_at", { withTimezone: true }),
    /** Whether that test's row counts and checksums matched the manifest. */
    testRestoreMatched: boolean("test_restore_matched"),
    /** What the test found: "every table matched", or the tables that differ, or why it could not run. */
    testRestoreDetail: text("test_restore_detail"),
  },
  (t) => [index("backups_created_at").on(t.createdAt)],
);

/**
 * SEO audits (/admin/seo-audit, ~/.server/seo-audit): one row per run. The run walks the sitemap in short
 * steps of the job queue; `status` says which step it is in, and `counts` holds the number of findings of
 * each kind once it has finished (the trend compares them with the previous finished run).
 */
export const seoAuditRuns = pgTable(
  "seo_audit_runs",
  {
    id: serial("id").primaryKey(),
    status: text("status", { enum: ["queued", "crawling", "checking-links", "finished", "failed"] }).notNull().default("queued"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Sitemap URLs crawled, and internal links outside the sitemap checked. */
    pageCount: integer("page_count").notNull().default(0),
    linkCount: integer("link_count").notNull().default(0),
    /** Finding kind -> how many, written when the run finishes. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
  },
  (t) => [index("seo_audit_runs_requested").on(t.requestedAt, t.id)],
);

/**
 * Each URL a run fetched: the sitemap's pages (kind "page", with what was read from them), the internal links
 * outside the sitemap (kind "link", status only) and the scripts and style sheets the pages load (kind
 * "asset", for the page weight). `status` is null until fetched; 0 when the server could not be reached.
 */
export const seoAuditPages = pgTable(
  "seo_audit_pages",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id")
      .notNull()
      .references(() => seoAuditRuns.id, { onDelete: "cascade" }),
    /** Path and query, e.g. /services/vfd-repair. */
    path: text("path").notNull(),
    kind: text("kind", { enum: ["page", "link", "asset"] }).notNull(),
    status: integer("status"),
    title: text("title"),
    description: text("description"),
    canonical: text("canonical"),
    /** Bytes as sent (compressed when the server compresses it). */
    bytes: integer("bytes"),
    /** A page's HTML plus the scripts and style sheets it loads, as sent (images are not counted). */
    totalBytes: integer("total_bytes"),
    /** JSON-LD types found on the page. */
    jsonLdTypes: jsonb("json_ld_types").$type<string[]>().notNull().default([]),
    /** The distinct internal paths the page links to. */
    links: jsonb("links").$type<string[]>().notNull().default([]),
    /** The scripts and style sheets it loads (paths). */
    assets: jsonb("assets").$type<string[]>().notNull().default([]),
    fetchMs: integer("fetch_ms"),
  },
  (t) => [uniqueIndex("seo_audit_pages_run_path").on(t.runId, t.path), index("seo_audit_pages_run_kind").on(t.runId, t.kind, t.id)],
);

/** What a run found wrong, one row per problem on a page (kinds: FINDING_KINDS in ~/lib/forms/admin/seo-audit.ts). */
export const seoAuditFindings = pgTable(
  "seo_audit_findings",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id")
      .notNull()
      .references(() => seoAuditRuns.id, { onDelete: "cascade" }),
    pageId: integer("page_id")
      .notNull()
      .references(() => seoAuditPages.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: text("detail").notNull(),
  },
  (t) => [index("seo_audit_findings_run_kind").on(t.runId, t.kind, t.id), index("seo_audit_findings_page").on(t.pageId)],
);

// ── Data import (/admin/data-import, issue 19 §7) ─────────────────────────────────────────────────

/**
 * One file brought in by the office: its cells as read (kept until the import is committed or dropped, so
 * that the steps upload -> map -> preview -> dry run -> commit are separate posts that need no client state),
 * the column mapping chosen, the dry run's counts, and what the commit did. A committed batch can be undone
 * from its rows' effects (import_batch_rows).
 */
export const importBatches = pgTable(
  "import_batches",
  {
    id: serial("id").primaryKey(),
    /** The kind of record imported: "customers", "products", ... (IMPORT_KINDS in ~/.server/data-import/batches.ts). */
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["uploaded", "committed", "undone"] }).notNull().default("uploaded"),
    /** The header row as in the file. */
    headers: jsonb("headers").$type<string[]>().notNull(),
    /** The data rows as text, emptied once the batch is committed (its effects are what is kept). */
    rows: jsonb("rows").$type<string[][]>().notNull(),
    rowCount: integer("row_count").notNull(),
    /** The kind's field -> the index of the file's column holding it. */
    mapping: jsonb("mapping").$type<Record<string, number>>().notNull(),
    /** The last dry run's counts (new, updated, unchanged, refused), made with the mapping as it is now. */
    dryRun: jsonb("dry_run").$type<Record<string, number> | null>(),
    /** What the commit did: counts per record type and effect. */
    result: jsonb("result").$type<Record<string, number> | null>(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("import_batches_created").on(t.createdAt, t.id)],
);

/** A record a committed import made or changed: what undo removes or puts back. */
export const importBatchRows = pgTable(
  "import_batch_rows",
  {
    id: serial("id").primaryKey(),
    batchId: integer("batch_id")
      .notNull()
      .references(() => importBatches.id, { onDelete: "cascade" }),
    /** The table's record type: "customer", "site", "unit", "product". */
    entity: text("entity").notNull(),
    entityId: integer("entity_id").notNull(),
    effect: text("effect", { enum: ["created", "updated"] }).notNull(),
    /** An updated record's fields before the import (only those the import set). */
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    /** The record's version right after the import, where it has one: a later edit makes undo refuse. */
    versionAfter: integer("version_after"),
  },
  (t) => [index("import_batch_rows_batch").on(t.batchId, t.entity)],
);

/** The column mapping last used for a kind, by header name: the next file with the same headers maps itself. */
export const importMappings = pgTable("import_mappings", {
  kind: text("kind").primaryKey(),
  /** The kind's field -> the header (normalised) it was read from. */
  mapping: jsonb("mapping").$type<Record<string, string>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit windows on PostgreSQL, shared by every instance (ADR 050): one row per key (a form and an
 * address, a number, a call), counted by an atomic upsert in ~/.server/forms/rate-limit.ts. Rows whose
 * window ended an hour ago are swept. PGlite counts in memory (one process) and leaves this table empty.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_windows_reset_at").on(t.resetAt)],
);

// ── Vendors: who the business buys parts from, and their bills (/admin/vendors, issue 19 §5) ─────

/** One person to call or write to at a vendor: the office keeps several (sales, accounts, dispatch). */
export type VendorContact = { name: string; phone: string | null; email: string | null };

/**
 * A supplier of parts. Its GSTIN (check character validated, ~/lib/settings-schema.ts) is unique: the same vendor
 * is never entered twice. The state comes from the GSTIN's first two digits (an unregistered vendor's is picked);
 * it decides whether a bill's input tax is CGST + SGST or IGST. Archived, never deleted: bills keep pointing at it.
 */
export const vendors = pgTable(
  "vendors",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** 15 characters, upper case; null for an unregistered vendor (whose bills carry no GST). */
    gstin: text("gstin"),
    /** GST state code ("36" Telangana): the GSTIN's first two digits, or picked for an unregistered vendor. */
    stateCode: text("state_code"),
    address: text("address"),
    city: text("city"),
    pincode: text("pincode"),
    contacts: jsonb("contacts").$type<VendorContact[]>().notNull().default([]),
    /** Days from the bill's date by which it is to be paid (0: on delivery). */
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    notes: text("notes"),
    /** Bumped by every change: a change made on an older version is refused, never lost. */
    version: integer("version").notNull().default(1),
    /** No longer bought from: out of the list's "Active" tab and of new purchase orders, still on old bills. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vendors_gstin").on(t.gstin),
    index("vendors_name").on(sql`lower(${t.name})`, t.id),
    index("vendors_name_trgm").using("gin", t.name.op("gin_trgm_ops")),
    index("vendors_city_trgm").using("gin", t.city.op("gin_trgm_ops")),
  ],
);

/** What a vendor supplies: one of the business's products, under the vendor's own part number, at their price. */
export const vendorParts = pgTable(
  "vendor_parts",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    /** The vendor's part number (what goes on a purchase order to them). */
    partNumber: text("part_number"),
    /** Their price per unit before tax, in paise. */
    pricePaise: bigint("price_paise", { mode: "number" }).notNull(),
    leadTimeDays: integer("lead_time_days"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("vendor_parts_vendor_product").on(t.vendorId, t.productId), index("vendor_parts_product").on(t.productId)],
);

/**
 * A vendor's bill (purchase invoice) as the office records it: the accountant's purchases and input tax. Integer
 * paise; the GST is CGST + SGST when the vendor's state is the business's, IGST otherwise. A bill number is unique
 * per vendor (case-insensitive): the same bill is never entered twice.
 */
export const vendorBills = pgTable(
  "vendor_bills",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "restrict" }),
    billNumber: text("bill_number").notNull(),
    billDate: date("bill_date", { mode: "string" }).notNull(),
    /** GST rate in percent (0, 5, 18 or 40); 0 for an unregistered vendor. */
    gstRate: integer("gst_rate").notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    cgstPaise: bigint("cgst_paise", { mode: "number" }).notNull().default(0),
    sgstPaise: bigint("sgst_paise", { mode: "number" }).notNull().default(0),
    igstPaise: bigint("igst_paise", { mode: "number" }).notNull().default(0),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    /** The vendor's GST state code when the bill was recorded (the split was decided by it). */
    supplierStateCode: text("supplier_state_code"),
    /** The purchase order this bill is for (the purchase orders screen adds the reference). */
    purchaseOrderId: integer("purchase_order_id"),
    notes: text("notes"),
    version: integer("version").notNull().default(1),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("vendor_bills_vendor_number").on(t.vendorId, sql`lower(${t.billNumber})`),
    index("vendor_bills_date").on(t.billDate, t.id),
    index("vendor_bills_vendor_date").on(t.vendorId, t.billDate),
  ],
);

// ── Stock and purchasing: from the job to the shelf (issue 19 §5; ~/.server/stock, ~/.server/purchasing) ──

export const STOCK_MOVEMENT_KINDS = ["received", "used", "returned", "adjusted", "reserved", "released"] as const;

/**
 * The stock ledger: every change to a product's on-hand or reserved count is one row, with who, when, why and
 * the job. The product's counts are the running totals (kept on the row, locked FOR UPDATE while a movement is
 * written); each row also keeps the totals after it, so the ledger reads like a bank statement.
 */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** Signed: +5 received, -2 used. */
    onHandChange: integer("on_hand_change").notNull().default(0),
    /** Signed: +2 reserved for a job, -2 released or used. */
    reservedChange: integer("reserved_change").notNull().default(0),
    onHandAfter: integer("on_hand_after").notNull(),
    reservedAfter: integer("reserved_after").notNull(),
    requestId: integer("request_id").references(() => serviceRequests.id, { onDelete: "set null" }),
    partsRequestId: integer("parts_request_id").references((): AnyPgColumn => partsRequests.id, { onDelete: "set null" }),
    purchaseOrderId: integer("purchase_order_id").references((): AnyPgColumn => purchaseOrders.id, { onDelete: "set null" }),
    jobPartId: integer("job_part_id").references(() => jobParts.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_movements_product").on(t.productId, t.id), index("stock_movements_request").on(t.requestId)],
);

/**
 * A part a job is waiting for: raised by the technician ("parts needed") or the office, for one of our
 * products or typed as free text. Stock on the shelf is reserved for it; what is missing goes on a purchase
 * order. It is ready when reserved + used (a product) or received (free text) reach the quantity.
 */
export const partsRequests = pgTable(
  "parts_requests",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => serviceRequests.id, { onDelete: "cascade" }),
    productId: integer("product_id").references((): AnyPgColumn => products.id, { onDelete: "restrict" }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull(),
    unit: text("unit").notNull().default("nos"),
    reservedQuantity: integer("reserved_quantity").notNull().default(0),
    /** Reserved units since used on the job (the technician recorded them). */
    usedQuantity: integer("used_quantity").notNull().default(0),
    /** Free-text parts only: units received on a purchase order (they are not stocked). */
    receivedQuantity: integer("received_quantity").notNull().default(0),
    source: text("source", { enum: ["technician", "office"] }).notNull(),
    note: text("note"),
    raisedBy: integer("raised_by").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").unique(),
    /** When it became ready (the office was told the job can be scheduled again). */
    readyAt: timestamp("ready_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("parts_requests_request").on(t.requestId),
    index("parts_requests_open").on(t.createdAt, t.id).where(sql`${t.readyAt} is null and ${t.cancelledAt} is null`),
    check("parts_requests_quantities", sql`${t.quantity} > 0 and ${t.reservedQuantity} >= 0 and ${t.usedQuantity} >= 0 and ${t.receivedQuantity} >= 0`),
  ],
);

export const PURCHASE_ORDER_STATUSES = ["ordered", "part_received", "received", "cancelled"] as const;

/**
 * A purchase order to a vendor, PO-YYMM-NNNN: consecutive within the month (reference_counters, the row held
 * until the order's transaction commits, so no gaps) and unique (purchase_orders_number).
 */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id, { onDelete: "restrict" }),
    status: text("status", { enum: PURCHASE_ORDER_STATUSES }).notNull().default("ordered"),
    orderDate: date("order_date", { mode: "string" }).notNull(),
    taxablePaise: bigint("taxable_paise", { mode: "number" }).notNull(),
    gstPaise: bigint("gst_paise", { mode: "number" }).notNull(),
    totalPaise: bigint("total_paise", { mode: "number" }).notNull(),
    notes: text("notes"),
    /** When it was last sent to the vendor, and how ("email", "whatsapp"). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentVia: text("sent_via"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("purchase_orders_number").on(t.number), index("purchase_orders_created").on(t.createdAt, t.id), index("purchase_orders_vendor").on(t.vendorId)],
);

/** One line of a purchase order: a product (with the vendor's part number and price) or a free-text part. */
export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    id: serial("id").primaryKey(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    /** The job's parts request it orders (one order per request: a repeated form never orders it twice). */
    partsRequestId: integer("parts_request_id").references(() => partsRequests.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "restrict" }),
    description: text("description").notNull(),
    partNumber: text("part_number"),
    hsnSac: text("hsn_sac"),
    quantity: integer("quantity").notNull(),
    receivedQuantity: integer("received_quantity").notNull().default(0),
    unit: text("unit").notNull().default("nos"),
    unitPricePaise: bigint("unit_price_paise", { mode: "number" }).notNull(),
    gstRate: integer("gst_rate").notNull(),
  },
  (t) => [
    index("purchase_order_lines_order").on(t.purchaseOrderId, t.id),
    uniqueIndex("purchase_order_lines_parts_request").on(t.partsRequestId),
    check("purchase_order_lines_received", sql`${t.quantity} > 0 and ${t.receivedQuantity} >= 0 and ${t.receivedQuantity} <= ${t.quantity}`),
  ],
);

/**
 * The trash (issue 19 §8, ~/.server/trash, ADR 046): one row per deleted record, restorable for 30 days, then
 * purged by the daily job. A record that can leave its table (a request, a product, a content entry) is moved
 * here whole: `snapshot` holds its row and the rows that belong to it, table by table, so no query anywhere can
 * still find it. A customer stays in its table (invoices point at it) with `deleted_at` set, and `snapshot`
 * holds the contact details taken off it. The kinds are registered in ~/.server/trash/kinds.ts.
 */
export const trash = pgTable(
  "trash",
  {
    id: serial("id").primaryKey(),
    /** The kind's key in the registry: "request", "customer", "product", "content". */
    kind: text("kind").notNull(),
    /** The record's id in its own table (kept on restore). */
    recordId: integer("record_id").notNull(),
    /** What the trash page names it by: the reference, the product's name, the entry's title. */
    label: text("label").notNull(),
    /** A second line: the content kind, the customer's company, the request's service. */
    detail: text("detail"),
    /** For a moved record, `{ tables: { <table>: rows[] } }`; for a marked one, what was taken off the row. */
    snapshot: jsonb("snapshot").notNull().default({}),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
    deletedBy: integer("deleted_by").references(() => users.id, { onDelete: "set null" }),
    /** The staff member's name when they deleted it (kept if the account goes). */
    deletedByName: text("deleted_by_name").notNull(),
    /** Restore and "Delete forever" are made on the version the owner saw. */
    version: integer("version").notNull().default(1),
    /**
     * The record's natural key where something else could make it again: a content entry's "kind/slug", which
     * the start-up seed would otherwise put back. Kept after the purge (below), so a deleted seeded page stays deleted.
     */
    naturalKey: text("natural_key"),
    /** Purged: only a tombstone is left (label, natural key; the snapshot emptied), for a kind that keeps one. */
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("trash_kind_record").on(t.kind, t.recordId),
    index("trash_deleted_at").on(t.deletedAt, t.id).where(sql`${t.purgedAt} is null`),
    index("trash_natural_key").on(t.kind, t.naturalKey).where(sql`${t.naturalKey} is not null`),
  ],
);

/**
 * The technical library's manuals and datasheets (issue 19 §3, ~/.server/technical-library/documents.ts,
 * ADR 047): one PDF per row, by brand and model, in the storage directory's `library/` folder (named by the
 * upload form's one-time key, so the same form sent twice stores one document). Public ones are listed on
 * /technical-data; the others only reach staff and approved technicians.
 */
export const libraryDocuments = pgTable(
  "library_documents",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    brand: text("brand").notNull(),
    model: text("model").notNull(),
    kind: text("kind", { enum: ["manual", "datasheet"] }).notNull(),
    public: boolean("public").notNull().default(false),
    /** Relative to the storage directory. */
    path: text("path").notNull(),
    /** The name the download is saved under (the uploaded name, ending in .pdf). */
    fileName: text("file_name").notNull(),
    bytes: integer("bytes").notNull(),
    pages: integer("pages").notNull(),
    version: integer("version").notNull().default(1),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("library_documents_path").on(t.path), index("library_documents_brand_model").on(t.brand, t.model, t.id)],
);

/** The documents a technician pinned: kept on their phone by the portal's service worker, for reading offline. */
export const libraryPins = pgTable(
  "library_pins",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => libraryDocuments.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentId] }), index("library_pins_document").on(t.documentId)],
);

/**
 * A technician's leave and unavailable hours (issue 21 §2): marked by the technician from their portal or by the
 * office for them. The schedule board greys these hours, and the clash check of a move reads them.
 */
export const technicianTimeOff = pgTable(
  "technician_time_off",
  {
    id: serial("id").primaryKey(),
    technicianId: integer("technician_id")
      .notNull()
      .references(() => technicianProfiles.id, { onDelete: "cascade" }),
    /** leave: whole days away; unavailable: some hours (a training, a doctor's visit). */
    kind: text("kind", { enum: ["leave", "unavailable"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note"),
    /** Who marked it: the technician's own account, or the staff member's. */
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("technician_time_off_technician").on(t.technicianId, t.startsAt), check("technician_time_off_order", sql`${t.endsAt} > ${t.startsAt}`)],
);

/**
 * Calendar feeds (issue 21 §2, ADR 066): a secret link a phone's calendar subscribes to. The token is
 * random and stored only as its SHA-256 hash, so a copy of the database gives no working link. A technician's
 * feed holds their own visits; a board feed (technician_id null) every technician's, for the staff member who
 * owns it, checked to still hold the dispatch permission at each fetch. At most one live feed per technician and
 * per staff member's board: a new link revokes the old, whose address then answers 410.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial("id").primaryKey(),
    scope: text("scope", { enum: ["technician", "board"] }).notNull(),
    technicianId: integer("technician_id").references(() => technicianProfiles.id, { onDelete: "cascade" }),
    /** The board feed's owner (a staff member); null for a technician's feed. */
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("calendar_feeds_one_live_technician").on(t.technicianId).where(sql`${t.revokedAt} is null and ${t.scope} = 'technician'`),
    uniqueIndex("calendar_feeds_one_live_board").on(t.ownerUserId).where(sql`${t.revokedAt} is null and ${t.scope} = 'board'`),
    check("calendar_feeds_subject", sql`(${t.scope} = 'technician' and ${t.technicianId} is not null) or (${t.scope} = 'board' and ${t.ownerUserId} is not null)`),
  ],
);
