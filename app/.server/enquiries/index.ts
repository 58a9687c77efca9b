import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation, nextReference } from "~/.server/db/references.ts";
import { inboundMessages } from "~/.server/db/schema.ts";
import { checkForm, isUnreadable, keyFor, readForm, receiptPath, refusal, UNREADABLE_FORM, type PostOutcome } from "~/.server/forms/index.ts";
import { createTicket } from "~/.server/helpdesk/index.ts";
import { inboundNotifications, queueMessages } from "~/.server/notifications/index.ts";
import { privacyConsent } from "~/.server/legal/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { checkDocument, chosenFiles, removeStored, storeDocument, UploadError, type StoredFile } from "~/.server/uploads/index.ts";
import { ENQUIRY_FORM_FIELDS, isEnquiryForm, type EnquiryFormName } from "~/lib/forms/enquiry-fields.ts";
import { ENQUIRY_SCHEMAS } from "~/lib/forms/enquiries.ts";

export type InboundMessage = typeof inboundMessages.$inferSelect;

/** The columns every form shares; the rest of a form's fields go to details. */
const SHARED = ["name", "mobile", "email", "company", "subject", "message"] as const;
const NOT_STORED = new Set(["consent", "idempotencyKey"]);

type Parsed = Record<string, string | undefined>;

async function findByKey(key: string) {
  const [row] = await getDb()
    .select({ reference: inboundMessages.reference })
    .from(inboundMessages)
    .where(eq(inboundMessages.idempotencyKey, key));
  return row?.reference;
}

/** Stores one inbound message and queues its acknowledgements, once per idempotency key. */
export async function submitEnquiry(form: EnquiryFormName, input: Parsed, attachment?: File): Promise<string> {
  const spec = ENQUIRY_FORM_FIELDS[form];
  const key = keyFor(form, input.idempotencyKey, input);
  const existing = await findByKey(key);
  if (existing) return existing;
  if (attachment) await checkDocument(attachment);
  const [site, consent] = await Promise.all([getSiteSettings(), privacyConsent()]);
  const details = Object.fromEntries(
    Object.entries(input).filter(([k, v]) => v !== undefined && !NOT_STORED.has(k) && !(SHARED as readonly string[]).includes(k)),
  );
  const stored: StoredFile[] = attachment ? [await storeDocument(attachment)] : [];
  try {
    const reference = await getDb().transaction(async (tx) => {
      const reference = await nextReference(tx, spec.prefix);
      const [inbound] = await tx.insert(inboundMessages).values({
        reference,
        form,
        name: input.name ?? "",
        mobile: input.mobile ?? null,
        email: input.email ?? null,
        company: input.company ?? null,
        subject: input.subject ?? null,
        message: input.message ?? "",
        details,
        attachmentPath: stored[0]?.path ?? null,
        attachmentName: stored[0]?.originalName ?? null,
        ...consent,
        consentAt: new Date(),
        idempotencyKey: key,
      }).returning({ id: inboundMessages.id });
      // Help desk (issue 12 §5): a contact message is also a ticket, made with it (one per message: keyed
      // by the message). The form's acknowledgement below already gives the sender a reference, so the
      // ticket sends none of its own; the office's first reply brings the link to the thread.
      if (form === "contact") {
        await createTicket(tx, {
          source: "contact",
          subject: input.subject || "Contact message",
          body: input.message ?? "",
          inboundMessageId: inbound!.id,
          contactName: input.name ?? null,
          contactMobile: input.mobile ?? null,
          contactEmail: input.email ?? null,
          acknowledge: false,
        });
      }
      // End help desk
      await queueMessages(
        tx,
        inboundNotifications(
          {
            reference,
            form,
            formLabel: spec.label,
            name: input.name ?? "",
            mobile: input.mobile ?? null,
            email: input.email ?? null,
            subject: input.subject ?? null,
            message: input.message ?? "",
          },
          site,
        ),
      );
      return reference;
    });
    return reference;
  } catch (error) {
    await removeStored(stored);
    if (isUniqueViolation(error)) {
      const winner = await findByKey(key);
      if (winner) return winner;
    }
    throw error;
  }
}

/**
 * A page's form post: which form it is comes from the hidden `form` field, and must be one the page offers.
 * The refusal names the form, so that a page with two forms shows the messages beside the right one.
 */
export async function postEnquiry(request: Request, address: string, offered: readonly EnquiryFormName[]): Promise<PostOutcome> {
  const form = await readForm(request);
  const name = form.get("form");
  // Unreadable, or not one of this page's forms: the message goes to the page's first form, where the
  // visitor sees it.
  if (isUnreadable(form) || !isEnquiryForm(name) || !offered.includes(name)) {
    return refusal({ errors: { form: UNREADABLE_FORM }, values: {}, form: offered[0] });
  }
  const files = chosenFiles(form.getAll("cv"));
  const checked = await checkForm(form, ENQUIRY_SCHEMAS[name], {
    limit: { name, address },
    form: name,
    extraErrors: name === "career" && files.length === 0 ? { cv: "Attach your CV (PDF, DOC or DOCX, at most 5 MB)." } : {},
  });
  if (!checked.ok) return checked.outcome;
  try {
    const reference = await submitEnquiry(name, checked.data as Parsed, name === "career" ? files[0] : undefined);
    return { ok: true, location: receiptPath(reference) };
  } catch (error) {
    if (error instanceof UploadError) return refusal({ errors: { cv: error.message }, values: checked.values, form: name });
    throw error;
  }
}

export async function findEnquiry(reference: string): Promise<InboundMessage | undefined> {
  const [row] = await getDb().select().from(inboundMessages).where(eq(inboundMessages.reference, reference));
  return row;
}

/** Reviews that the office has checked and published, newest first. */
export async function publishedReviews(limit = 50) {
  const rows = await getDb()
    .select()
    .from(inboundMessages)
    .where(and(eq(inboundMessages.form, "review"), eq(inboundMessages.status, "published")))
    .orderBy(desc(inboundMessages.createdAt))
    .limit(limit);
  return rows.map((r) => ({
      reference: r.reference,
      name: r.name,
      company: r.company,
      city: String((r.details as Record<string, unknown>).city ?? ""),
      rating: Number((r.details as Record<string, unknown>).rating ?? 0),
      service: r.subject,
      text: r.message,
    date: r.createdAt.toISOString().slice(0, 10),
  }));
}
