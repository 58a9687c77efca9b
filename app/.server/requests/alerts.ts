import { backOfficeOrigin } from "~/.server/notifications/links.ts";
import type { StaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { DLT_TEMPLATES, DLT_VARIABLE_MAX_LENGTH, URGENCY_LABELS } from "~/.server/notifications/templates.ts";

export interface NewRequestAlert {
  reference: string;
  urgency: keyof typeof URGENCY_LABELS;
  contactName: string;
  mobile: string;
  company?: string | null;
  city?: string | null;
  serviceName?: string | null;
  faultDescription: string;
}

/**
 * The staff alert for a new request (~/.server/notifications/staff-alerts.ts): an emergency is its own kind
 * (owners get it by SMS by default), any other a "new request". One alert per request, however often the
 * form is sent. The business's own alert (SMS and e-mail to its numbers, templates.ts) still goes out: a
 * staff member whose number or address is the business's is not told twice.
 *
 * A staff member's SMS is the business's own request alert (its registered template), not the generic
 * staff alert: that one had room for a 30-character title only, so an emergency arrived as "Emergency
 * SR-2611-0087 from…" without the customer's name or number (issue 17 §5). This one carries the urgency,
 * the name and the mobile to call back, and the link to the request when the back office's address fits.
 */
export function newRequestAlert(request: NewRequestAlert, business: { supportPhone: string; supportEmail: string; siteUrl?: string }): StaffAlert {
  const emergency = request.urgency === "emergency";
  const who = [request.contactName, request.company].filter(Boolean).join(", ");
  const what = [request.serviceName, request.city].filter(Boolean).join(", ");
  const fault = request.faultDescription.replace(/\s+/g, " ").trim();
  const officeUrl = business.siteUrl ? backOfficeOrigin(business.siteUrl) : undefined;
  return {
    kind: emergency ? "request.emergency" : "request.new",
    title: `${emergency ? "Emergency" : "New request"} ${request.reference} from ${request.contactName}`,
    body: [`${URGENCY_LABELS[request.urgency]}. ${who}${what ? ` (${what})` : ""}.`, fault.length > 200 ? `${fault.slice(0, 199)}…` : fault].join("\n"),
    link: `/admin/service-requests/${request.reference}`,
    dedupeKey: `request:${request.reference}:new`,
    permission: "requests",
    alreadySent: [business.supportPhone, business.supportEmail],
    sms: { template: officeUrl && officeUrl.length <= DLT_VARIABLE_MAX_LENGTH ? DLT_TEMPLATES.requestAlert : DLT_TEMPLATES.requestAlertWithoutLink, values: {
      reference: request.reference,
      urgency: URGENCY_LABELS[request.urgency],
      name: request.contactName,
      mobile: request.mobile,
      officeUrl: officeUrl ?? "",
      linkReference: request.reference,
    } },
  };
}
