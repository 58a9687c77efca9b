import { desc, eq, lt } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { discussionReplies, discussionTopics, inboundMessages, serviceRequests } from "~/.server/db/schema.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { ENQUIRY_FORM_FIELDS, isEnquiryForm } from "~/lib/forms/enquiry-fields.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import type { InboxKind } from "~/lib/inbox.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";

/**
 * The back office's inbox (/admin): everything visitors have sent, of every kind, newest first, with every
 * field it came with. The three sources are read newest-first up to the page size and merged.
 */


export interface InboxItem {
  kind: InboxKind;
  /** What it is: "Service request", "Callback request", "Forum question"... */
  label: string;
  reference: string;
  status: string;
  name: string;
  summary: string;
  fields: Array<[string, string]>;
  createdAt: Date;
  /** Its own page in the back office, where there is one. */
  href?: string;
  /** A file that came with it (a CV). */
  attachment?: { href: string; name: string };
}

export const INBOX_PAGE_SIZE = 50;

function present(fields: Array<[string, string | null | undefined]>): Array<[string, string]> {
  return fields.filter((f): f is [string, string] => typeof f[1] === "string" && f[1].trim() !== "");
}

async function requests(before: Date, limit: number): Promise<InboxItem[]> {
  const rows = await getDb()
    .select()
    .from(serviceRequests)
    .where(lt(serviceRequests.createdAt, before))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    kind: "request",
    label: r.kind === "quick" ? "Quick request" : "Service request",
    reference: r.reference,
    status: officeStatusLabel(r.status),
    name: r.contactName,
    summary: `${[r.serviceName, urgencyLabel(r.urgency), r.city].filter(Boolean).join(" · ")}: ${r.faultDescription.slice(0, 160)}`,
    fields: present([
      ["Mobile", formatIndianPhone(r.mobile)],
      ["E-mail", r.email],
      ["Company", r.company],
      ["Site", [r.siteAddress, r.city].filter(Boolean).join(", ")],
      ["Service", r.serviceName],
      ["Equipment", [r.equipmentBrand, r.equipmentModel, r.equipmentRating].filter(Boolean).join(", ")],
      ["Fault", r.faultDescription],
      ["Fault code", r.faultCode],
      ["Urgency", urgencyLabel(r.urgency)],
      ["Preferred date", r.preferredDate],
    ]),
    createdAt: r.createdAt,
    href: `/admin/service-requests/${encodeURIComponent(r.reference)}`,
  }));
}

async function messages(before: Date, limit: number): Promise<InboxItem[]> {
  const rows = await getDb()
    .select()
    .from(inboundMessages)
    .where(lt(inboundMessages.createdAt, before))
    .orderBy(desc(inboundMessages.createdAt))
    .limit(limit);
  return rows.map((m) => {
    const spec = isEnquiryForm(m.form) ? ENQUIRY_FORM_FIELDS[m.form] : undefined;
    const details = (m.details ?? {}) as Record<string, unknown>;
    const detailFields = (spec?.fields ?? [])
      .filter((f) => !["name", "mobile", "email", "company", "subject", "message"].includes(f.name) && f.kind !== "file")
      .map((f): [string, string | null] => [f.label, details[f.name] == null ? null : String(details[f.name])]);
    return {
      kind: "message",
      label: spec?.label ?? m.form,
      reference: m.reference,
      status: m.status,
      name: m.name,
      summary: m.subject ?? m.message.slice(0, 120),
      fields: present([
        ["Mobile", m.mobile ? formatIndianPhone(m.mobile) : null],
        ["E-mail", m.email],
        ["Company", m.company],
        ["About", m.subject],
        ...detailFields,
        ["Message", m.message],
      ]),
      createdAt: m.createdAt,
      attachment:
        m.attachmentPath && m.attachmentName
          ? { href: `/admin/messages/${encodeURIComponent(m.reference)}/attachment`, name: m.attachmentName }
          : undefined,
    };
  });
}

async function forum(before: Date, limit: number): Promise<InboxItem[]> {
  const [topics, replies] = await Promise.all([
    getDb()
      .select()
      .from(discussionTopics)
      .where(lt(discussionTopics.createdAt, before))
      .orderBy(desc(discussionTopics.createdAt))
      .limit(limit),
    getDb()
      .select({ reply: discussionReplies, topicTitle: discussionTopics.title, topicSlug: discussionTopics.slug })
      .from(discussionReplies)
      .innerJoin(discussionTopics, eq(discussionTopics.id, discussionReplies.topicId))
      .where(lt(discussionReplies.createdAt, before))
      .orderBy(desc(discussionReplies.createdAt))
      .limit(limit),
  ]);
  return [
    ...topics.map((t): InboxItem => ({
      kind: "forum",
      label: "Forum question",
      reference: `Q-${t.id}`,
      status: t.status,
      name: t.authorName,
      summary: t.title,
      fields: present([
        ["Mobile", formatIndianPhone(t.mobile)],
        ["City", t.authorCity],
        ["Category", t.category],
        ["Question", t.body],
      ]),
      createdAt: t.createdAt,
      href: t.status === "published" ? `/discussion/${t.slug}` : undefined,
    })),
    ...replies.map(({ reply: r, topicTitle, topicSlug }): InboxItem => ({
      kind: "forum",
      label: "Forum reply",
      reference: `R-${r.id}`,
      status: r.status,
      name: r.authorName,
      summary: `Re: ${topicTitle}`,
      fields: present([
        ["Mobile", r.mobile ? formatIndianPhone(r.mobile) : null],
        ["Reply", r.body],
      ]),
      createdAt: r.createdAt,
      href: `/discussion/${topicSlug}`,
    })),
  ];
}

const SOURCES: Record<InboxKind, (before: Date, limit: number) => Promise<InboxItem[]>> = { request: requests, message: messages, forum };

/** One page of the inbox, newest first: everything (or one kind) sent before `before`. */
export async function listInbox(options: { kind?: InboxKind; before?: Date } = {}) {
  const before = options.before ?? new Date(Date.now() + 60_000);
  const kinds = options.kind ? [options.kind] : (Object.keys(SOURCES) as InboxKind[]);
  const lists = await Promise.all(kinds.map((k) => SOURCES[k](before, INBOX_PAGE_SIZE)));
  const items = lists
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, INBOX_PAGE_SIZE);
  const more = items.length === INBOX_PAGE_SIZE;
  return { items, nextBefore: more ? items.at(-1)!.createdAt : undefined };
}
