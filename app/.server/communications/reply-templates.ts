import { desc, eq, or, and, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { serviceRequests, smsTemplates, technicianProfiles } from "~/.server/db/schema.ts";
import type { DltTemplateName } from "~/.server/notifications/templates.ts";
import { visitText } from "~/.server/requests/work.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { fillForReply, isBuiltInSmsTemplate, listSmsTemplates, type SmsTemplateView } from "~/.server/notifications/sms-registry.ts";
import type { ThreadRef } from "./thread.ts";

/**
 * Which SMS the office may send by hand from a customer's thread, and with what. The DLT registry holds every
 * text the site sends, staff and technician alerts and one-time codes among them; a customer is sent only
 * the ones written for them, offered by a plain name, their variables filled by the server from the thread's
 * service request and the site's settings (the business name, the visit, the engineer, the warranty), never
 * typed. A message whose facts are not true yet is refused: "your visit is booked" only for a request whose
 * visit is booked, "completed" only once it is. Templates the office registered itself are offered by their
 * name; the business name and a request's reference are filled in, the office types the rest.
 * Templates that carry a signed link (quotes, invoices, tickets, feedback) go from their own screens, which
 * make the link; the automatic acknowledgements went when the message came in.
 */

export interface ThreadRequest {
  reference: string;
  status: string;
  statusLabel: string;
  serviceName: string | null;
  visitStart: Date | null;
  visitEnd: Date | null;
  engineer: string | null;
}

interface CustomerTemplate {
  label: string;
  /** Why the message would not be true of the request yet, or null when it is. */
  refuse(r: ThreadRequest): string | null;
  values(r: ThreadRequest, site: SiteSettings): Record<string, string>;
}

const notYet = (r: ThreadRequest, what: string) => `${r.reference} is "${r.statusLabel}": ${what}`;

const CUSTOMER_TEMPLATES: Partial<Record<DltTemplateName, CustomerTemplate>> = {
  requestScheduled: {
    label: "Visit booked: date, time and engineer",
    refuse: (r) =>
      (r.status === "scheduled" || r.status === "on_the_way") && r.visitStart && r.visitEnd && r.engineer ? null : notYet(r, "no visit is booked. Book it on the request first (technician, date and window)."),
    values: (r, site) => ({ business: site.identity.legalName, reference: r.reference, ...visitText(r.visitStart!, r.visitEnd!), engineer: r.engineer! }),
  },
  requestAwaitingCustomer: {
    label: "On hold until we hear from the customer",
    refuse: (r) => (r.status === "awaiting_customer" ? null : notYet(r, 'it is not waiting on the customer. Set the request to "Waiting for customer" first.')),
    values: (r, site) => ({ business: site.identity.legalName, reference: r.reference }),
  },
  requestCompleted: {
    label: "Job completed, with the warranty",
    refuse: (r) => (r.status === "completed" ? null : notYet(r, "the job is not completed yet.")),
    values: (r, site) => ({ business: site.identity.legalName, reference: r.reference, warranty: String(site.promises.warrantyMonths) }),
  },
  requestCancelled: {
    label: "Request cancelled",
    refuse: (r) => (r.status === "cancelled" ? null : notYet(r, "it is not cancelled.")),
    values: (r, site) => ({ business: site.identity.legalName, reference: r.reference }),
  },
};

/** What the office's own templates get filled with, when they have a variable of that name. */
const FILLED_NAMES = new Set(["business", "reference"]);

export interface ReplyChoice {
  name: string;
  label: string;
  text: string;
  /** Filled from a service request of the thread: one must be chosen. */
  needsRequest: boolean;
  /** The variables the office types (its own templates' other variables). */
  typed: string[];
}

function choiceOf(t: SmsTemplateView): ReplyChoice | null {
  if (!t.active || t.category === "promotional") return null;
  if (t.builtIn) {
    const spec = CUSTOMER_TEMPLATES[t.name as DltTemplateName];
    return spec ? { name: t.name, label: spec.label, text: t.text, needsRequest: true, typed: [] } : null;
  }
  return { name: t.name, label: t.name, text: t.text, needsRequest: t.variables.includes("reference"), typed: t.variables.filter((v) => !FILLED_NAMES.has(v)) };
}

/** The templates a thread's reply offers: the customer's own, by plain name, then the office's. */
export async function replyChoices(): Promise<ReplyChoice[]> {
  const all = (await listSmsTemplates()).map(choiceOf).filter((c): c is ReplyChoice => c !== null);
  return [...all.filter((c) => isBuiltInSmsTemplate(c.name)), ...all.filter((c) => !isBuiltInSmsTemplate(c.name))];
}

/** The thread's service requests, newest first (the reply's facts come from one of them). */
export async function threadRequests(t: ThreadRef, limit = 20): Promise<ThreadRequest[]> {
  const mine = t.customerId
    ? or(eq(serviceRequests.customerId, t.customerId), and(isNull(serviceRequests.customerId), eq(serviceRequests.mobile, t.mobile ?? "")))
    : and(isNull(serviceRequests.customerId), eq(serviceRequests.mobile, t.mobile ?? ""));
  const rows = await getDb()
    .select({
      reference: serviceRequests.reference,
      status: serviceRequests.status,
      serviceName: serviceRequests.serviceName,
      visitStart: serviceRequests.visitStart,
      visitEnd: serviceRequests.visitEnd,
      engineer: technicianProfiles.name,
    })
    .from(serviceRequests)
    .leftJoin(technicianProfiles, eq(technicianProfiles.id, serviceRequests.assignedTechnicianId))
    .where(mine)
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, statusLabel: officeStatusLabel(r.status) }));
}

export type PreparedReply =
  | { ok: true; template: SmsTemplateView; body: string; variables: Record<string, string> }
  | { ok: false; errors: Record<string, string> };

/**
 * The SMS a thread's reply would send: the template (read fresh, so one deactivated a moment ago is refused),
 * checked against the thread's request, filled. `typed` holds only the office's own variables.
 */
export async function prepareReply(t: ThreadRef, input: { template: string; request: string | null; typed: Record<string, string> }): Promise<PreparedReply> {
  const [row] = await getDb().select().from(smsTemplates).where(eq(smsTemplates.name, input.template));
  if (!row) return { ok: false, errors: { template: "That template is not in the DLT registry: an SMS goes out only from a registered template." } };
  if (!row.active) return { ok: false, errors: { template: `The template ${row.name} is deactivated in the DLT registry: it cannot be sent.` } };
  const view: SmsTemplateView = { ...row, builtIn: isBuiltInSmsTemplate(row.name), updatedAt: row.updatedAt.toISOString(), differsFromCode: false };
  const choice = choiceOf(view);
  if (!choice) return { ok: false, errors: { template: "That template is not one the office sends a customer by hand." } };
  let request: ThreadRequest | undefined;
  if (choice.needsRequest) {
    if (!input.request) return { ok: false, errors: { request: "Choose the service request the message is about." } };
    request = (await threadRequests(t, 200)).find((r) => r.reference === input.request);
    if (!request) return { ok: false, errors: { request: "That service request is not this customer's." } };
  }
  const site = await getSiteSettings();
  let values: Record<string, string>;
  if (view.builtIn) {
    const spec = CUSTOMER_TEMPLATES[row.name as DltTemplateName]!;
    const refusal = spec.refuse(request!);
    if (refusal) return { ok: false, errors: { template: refusal } };
    values = spec.values(request!, site);
  } else {
    values = { ...Object.fromEntries(choice.typed.map((v) => [v, input.typed[v] ?? ""])), business: site.identity.legalName, ...(request ? { reference: request.reference } : {}) };
  }
  const filled = fillForReply(view, values);
  if ("errors" in filled) {
    // A value the server filled (the business name, say) is not the office's to correct here: say so at the top.
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(filled.errors)) {
      const name = field.slice(4);
      if (choice.typed.includes(name)) errors[field] = message;
      else errors.template ??= `The ${name} this template is filled with does not fit it (${message}) Shorten it in the settings, or register a shorter text.`;
    }
    return { ok: false, errors };
  }
  return { ok: true, template: view, body: filled.body, variables: filled.variables };
}
