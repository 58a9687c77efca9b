import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { findRequest } from "~/.server/requests/index.ts";
import { scheduleCall } from "~/.server/video/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { indiaParts, scheduleCallSchema } from "~/lib/forms/admin/video-calls.ts";
import { WhenFields } from "./parts.tsx";
import type { Route } from "./+types/new";

/**
 * /admin/video-calls/new?request=SR-2611-0042: books a video call about a request, at a date and time in
 * India. The customer gets an SMS with the link to join from their phone. The same form sent twice books one
 * call (the same request and time).
 */
/** The next quarter hour from now, in India: the form's suggested time. */
function suggestedTime(now = new Date()): { date: string; time: string } {
  const quarter = 15 * 60_000;
  const [date, time] = indiaParts(new Date(Math.ceil((now.getTime() + 5 * 60_000) / quarter) * quarter));
  return { date, time };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const typed = (url.searchParams.get("request") ?? "").trim().toUpperCase().slice(0, 30);
  const request = /^SR-\d{4}-\d{4,}$/.test(typed) ? await findRequest(typed) : undefined;
  return {
    typed,
    request: request ? { reference: request.reference, contactName: request.contactName, company: request.company, mobile: request.mobile, status: request.status } : null,
    suggested: suggestedTime(),
    today: todayInIndia(),
  };
}

export const handle = { title: "Book a video call" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, scheduleCallSchema());
  if (parsed.refusal) return parsed.refusal;
  const result = await scheduleCall(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.reason === "refused" ? result.message : "This request does not exist.", result.reason === "refused" ? result.field : "request");
  return redirectWithFlash(`/admin/video-calls/${result.reference}`, { type: "success", message: result.message });
}

export default function AdminBookVideoCall({ loaderData, actionData }: Route.ComponentProps) {
  const { typed, request, suggested, today } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const values = failure?.values ?? { request: request?.reference ?? typed, ...suggested };
  const errors = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        back={request ? { href: `/admin/service-requests/${request.reference}`, label: request.reference } : { href: "/admin/video-calls", label: "Video calls" }}
        title="Book a video call"
        description="The customer gets an SMS with a link: at the time, they open it on their phone and show the machine on the camera."
      />
      {request && (
        <p className="mb-4">
          About request{" "}
          <a href={`/admin/service-requests/${request.reference}`} className={`${link} font-mono`}>
            {request.reference}
          </a>
          : {request.contactName}
          {request.company ? `, ${request.company}` : ""} <span className={muted}>({formatIndianPhone(request.mobile)})</span>
        </p>
      )}
      <form method="post" className="space-y-5" aria-label="Book a video call">
        <FormError message={errors.form} />
        <TextField name="request" label="Service request" required defaultValue={values.request} error={errors.request} maxLength={30} hint="Its reference, e.g. SR-2611-0042." />
        <WhenFields values={values} errors={errors} today={today} />
        <TextArea name="notes" label="Notes for the engineer" rows={3} maxLength={2000} defaultValue={values.notes} error={errors.notes} hint="What to look at on the call: the fault, the display, the wiring." />
        <Button type="submit">
          Book the call and send the SMS
        </Button>
      </form>
    </div>
  );
}
