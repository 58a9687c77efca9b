import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { parseForm, readForm, redirectWithFlash, refuseFields, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { listServices } from "~/.server/content/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { audienceCount, createCampaign, listCampaigns, recentOptOuts } from "~/.server/marketing/index.ts";
import { approvedTemplates } from "~/.server/whatsapp/office.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { Field, FieldIdPrefix, FormError, RadioGroup, TextArea, TextField, useFieldId } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { audiencePreviewSchema, CAMPAIGN_CHANNELS, campaignSchema, SMS_OFFER_MAX } from "~/lib/forms/admin/marketing.ts";
import { STATUS_WORDS } from "./parts.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/marketing: campaigns to customers who gave marketing consent (separate from the service consent),
 * with each one's results (sent, delivered, opted out), and the form for a new one: channel, text or
 * template, segment (service, city, AMC ending within N days) and rate per minute. "Count the audience"
 * answers how many consenting customers the segment holds, before anything is saved; "Save as a draft"
 * keeps it, and the campaign's own page starts it. Both work without JavaScript.
 */
const PATH = "/admin/marketing";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const [campaigns, services, templates, optOuts] = await Promise.all([listCampaigns(), listServices(), approvedTemplates(), recentOptOuts()]);
  return data(
    {
      campaigns,
      services: services.map((s) => ({ value: s.slug, label: s.name })),
      templates: templates.filter((t) => t.category === "marketing").map((t) => ({ value: t.name, label: `${t.name} (${t.language}): ${t.body}` })),
      optOuts,
      formKey: randomUUID(),
    },
    { headers: noStore() },
  );
}

export const handle = { title: "Marketing" };

interface Preview extends FormFailure {
  preview: number;
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "preview" && intent !== "create") return refuseForm(form, OUT_OF_DATE);
  if (intent === "preview") {
    const loose = parseForm(form, audiencePreviewSchema);
    if (loose.refusal) return loose.refusal;
    const { channel, service, city, amcDays } = loose.data;
    const n = await audienceCount(getDb(), { service, city, amcExpiringWithinDays: amcDays }, channel);
    // Not a refusal: the form again, as typed, with the audience's size.
    return refuseFields(form, {}, { extra: { preview: n } satisfies Pick<Preview, "preview">, status: 200 });
  }
  const parsed = parseForm(form, campaignSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await createCampaign(auditActor(staff), parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirectWithFlash(`${PATH}/${result.reference}`, { type: "success", message: result.message });
}

function Select({ name, label, options, value, error, placeholder, hint }: { name: string; label: string; options: Array<{ value: string; label: string }>; value: string | undefined; error: string | undefined; placeholder: string; hint?: string }) {
  return (
    <Field
      id={useFieldId(name)}
      label={
        <>
          {label} <span className="text-sm font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </>
      }
      hint={hint}
      error={error}
    >
      {(aria) => (
        <select {...aria} name={name} defaultValue={value ?? ""} className="mt-1 block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-600 dark:bg-slate-900">
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label.length > 90 ? `${o.label.slice(0, 89)}…` : o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export default function AdminMarketing({ loaderData, actionData }: Route.ComponentProps) {
  const { campaigns, services, templates, optOuts, formKey } = loaderData;
  const failure = actionData as (FormFailure & { preview?: number }) | undefined;
  const v = failure?.values ?? {};
  const e = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Marketing" description="Offers to customers who agreed to receive them. Every message says how to stop them (STOP, and a link), and an opt-out takes effect at once." />

      <TitledSection headingId="campaigns-heading" title="Campaigns" className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        {campaigns.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">No campaigns yet: create the first below.</p>
        ) : (
          <Table label="Campaigns and their results" headClass="px-3 py-2 font-semibold whitespace-nowrap" columns={["Campaign", "Channel", "Status", "Sent", "Delivered", "Opted out", "Created"]}>
            {campaigns.map((c) => (
              <tr key={c.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="px-3 py-2">
                  <a href={`${PATH}/${c.reference}`} className={link}>
                    {c.reference}
                  </a>
                  <span className="block">{c.name}</span>
                </td>
                <td className="px-3 py-2">{c.channel === "sms" ? "SMS" : c.channel === "email" ? "E-mail" : "WhatsApp"}</td>
                <td className="px-3 py-2">{STATUS_WORDS[c.status]}</td>
                <td className="px-3 py-2 tabular-nums">
                  {c.results.sent} of {c.results.audience}
                </td>
                <td className="px-3 py-2 tabular-nums">{c.results.delivered}</td>
                <td className="px-3 py-2 tabular-nums">{c.results.optedOut}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </TitledSection>

      <TitledSection headingId="new-heading" title="New campaign" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 ${muted}`}>It reaches only customers with marketing consent who have not opted out. Count the audience first; the campaign is saved as a draft, and started from its page.</p>
        <FieldIdPrefix value="campaign-">
          <form method="post" className="mt-4 space-y-4" aria-labelledby="new-heading">
            <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? formKey} />
            <FormError message={e.form ?? e.idempotencyKey} />
            <TextField name="name" label="Name" required maxLength={120} defaultValue={v.name} error={e.name} hint="For the office: customers do not see it." />
            <RadioGroup name="channel" label="Channel" required options={CAMPAIGN_CHANNELS} defaultValue={v.channel ?? "sms"} error={e.channel} />
            <TextField name="subject" label="E-mail subject" maxLength={200} defaultValue={v.subject} error={e.subject} hint="E-mail only." />
            <TextArea
              name="body"
              label="Text"
              rows={4}
              maxLength={5000}
              defaultValue={v.body}
              error={e.body}
              hint={`SMS: the offer, at most ${SMS_OFFER_MAX} characters (the registered promotional template adds the business's name, "Reply STOP to opt out" and the opt-out link). E-mail: the message (the greeting, signature and opt-out line are added).`}
            />
            <Select name="template" label="WhatsApp template" options={templates} value={v.template} error={e.template} placeholder="None (SMS or e-mail)" hint="WhatsApp only: an approved marketing template that offers STOP and takes the opt-out link as its last value." />
            <fieldset className="space-y-4 rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <legend className="px-1 font-medium">Segment (all that are filled must match)</legend>
              <Select name="service" label="Asked for the service" options={services} value={v.service} error={e.service} placeholder="Any service" />
              <TextField name="city" label="City" maxLength={80} defaultValue={v.city} error={e.city} hint="A site or a request in this city." />
              <TextField name="amcDays" label="AMC ending within (days)" inputMode="numeric" maxLength={3} defaultValue={v.amcDays} error={e.amcDays} hint="Customers whose active maintenance contract ends within this many days." />
            </fieldset>
            <TextField name="ratePerMinute" label="Messages a minute" required inputMode="numeric" maxLength={3} defaultValue={v.ratePerMinute ?? "60"} error={e.ratePerMinute} />
            {failure?.preview !== undefined && (
              <p role="status" className="rounded-md bg-slate-100 p-3 font-semibold dark:bg-slate-800">
                {failure.preview === 1 ? "1 customer" : `${failure.preview.toLocaleString("en-IN")} customers`} with marketing consent would receive this now.
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="preview" className="inline-flex h-11 items-center rounded-md border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50 dark:text-sky-300 dark:hover:bg-slate-800">
                Count the audience
              </button>
              <Button type="submit" name="intent" value="create">
                Save as a draft
              </Button>
            </div>
          </form>
        </FieldIdPrefix>
      </TitledSection>

      <TitledSection headingId="optouts-heading" title="Recent opt-outs" className="mb-8" headingClassName="mb-2 text-lg font-semibold">
        {optOuts.length === 0 ? (
          <p className={muted}>Nobody has opted out in the last 90 days.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            {optOuts.map((o) => (
              <li key={o.reference}>
                <a href={`/admin/customers/${o.reference}`} className={link}>
                  {o.name}
                </a>{" "}
                on <time dateTime={o.at}>{formatDateTime(o.at)}</time>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </div>
  );
}
