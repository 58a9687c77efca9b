import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { data, redirect } from "react-router";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { audienceCount, campaignByReference, campaignResults, changeCampaign, segmentOf } from "~/.server/marketing/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { ButtonLink } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { campaignChangeSchema, isCampaignIntent } from "~/lib/forms/admin/marketing.ts";
import { CHANNEL_WORDS, STATUS_WORDS } from "./parts.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/campaign";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/marketing/{reference}: one campaign: what it sends, to which segment, at what rate; its results
 * (queued, sent, delivered, opted out); start (its audience is drawn then), pause, resume and cancel, each
 * on the version drawn (a stale page is refused) and audited (~/.server/marketing).
 */
const PATH = "/admin/marketing";
const REFERENCE = /^MC-\d{4}-\d{4,}$/;

async function load(reference: string | undefined, url: URL) {
  if (!reference || !REFERENCE.test(reference)) return throwNotFound(url);
  const campaign = await campaignByReference(reference);
  if (!campaign) return throwNotFound(url);
  return campaign;
}

/** What is asked again before it is done: sending to the audience, and stopping it for good. */
function needsConfirming(intent: string, status: string): intent is "start" | "cancel" {
  return intent === "cancel" || (intent === "start" && status === "draft");
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  staffOf(context);
  const c = await load(params.reference, url);
  const asked = url.searchParams.get("confirm") ?? "";
  const confirm = needsConfirming(asked, c.status) && ["draft", "sending", "paused"].includes(c.status) ? asked : null;
  const segment = segmentOf(c);
  const [results, audience] = await Promise.all([campaignResults(getDb(), c.id), c.status === "draft" ? audienceCount(getDb(), segment, c.channel) : Promise.resolve(null)]);
  return data(
    {
      campaign: {
        id: c.id,
        reference: c.reference,
        name: c.name,
        channel: c.channel,
        template: c.template,
        subject: c.subject,
        body: c.body,
        status: c.status,
        ratePerMinute: c.ratePerMinute,
        version: c.version,
        startedAt: c.startedAt?.toISOString() ?? null,
        finishedAt: c.finishedAt?.toISOString() ?? null,
        createdAt: c.createdAt.toISOString(),
      },
      segment,
      results,
      audience,
      confirm,
    },
    { headers: noStore() },
  );
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Campaign ${data.campaign.reference}` };

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const c = await load(params.reference, url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isCampaignIntent(intent)) return refuseForm(form, OUT_OF_DATE);
  const parsed = parseForm(form, campaignChangeSchema);
  if (parsed.refusal) return parsed.refusal;
  // Starting a draft and cancelling are asked again on a page of their own (no browser confirm() box, which
  // a dismissal or no JavaScript turns into nothing): a post without the confirmation goes to that step.
  if (needsConfirming(intent, c.status) && form.get("confirmed") !== "yes") {
    return redirect(`${PATH}/${c.reference}?confirm=${intent}`, { status: 303, headers: noStore() });
  }
  const result = await changeCampaign(auditActor(staff), c.id, intent, parsed.data.version);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuseForm(form, result.message);
  return redirectWithFlash(`${PATH}/${c.reference}`, { type: "success", message: result.message });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign: c, segment, results, audience, confirm } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const segmentParts = [
    segment.service ? `asked for ${segment.service}` : null,
    segment.city ? `in ${segment.city}` : null,
    segment.amcExpiringWithinDays !== undefined ? `AMC ending within ${segment.amcExpiringWithinDays} days` : null,
  ].filter(Boolean);
  const figures: Array<[string, number]> = [
    ["In the audience", results.audience],
    ["Still queued", results.queued],
    ["Sent", results.sent],
    ["Delivered", results.delivered],
    ["Opted out", results.optedOut],
    ["Not sent (consent gone, cancelled)", results.skipped],
  ];
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={{ href: PATH, label: "Marketing" }} title={`${c.reference}: ${c.name}`} description={`${CHANNEL_WORDS[c.channel]} · ${STATUS_WORDS[c.status]}`} />

      <TitledSection headingId="what-heading" title="What it sends" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <dl className="mt-3 space-y-2">
          {c.channel === "whatsapp" && <Row label="WhatsApp template">{c.template}</Row>}
          {c.subject && <Row label="Subject">{c.subject}</Row>}
          {c.body && (
            <Row label="Text">
              <span className="whitespace-pre-line">{c.body}</span>
            </Row>
          )}
          <Row label="Opt-out">Every message says “Reply STOP to opt out” and carries the customer's own opt-out link.</Row>
          <Row label="Segment">{segmentParts.length > 0 ? `Customers with marketing consent who ${segmentParts.join(", ")}` : "Every customer with marketing consent"}</Row>
          <Row label="Rate">{c.ratePerMinute} a minute</Row>
          <Row label="Created">
            <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
          </Row>
          {c.startedAt && (
            <Row label="Started">
              <time dateTime={c.startedAt}>{formatDateTime(c.startedAt)}</time>
            </Row>
          )}
          {c.finishedAt && (
            <Row label="Ended">
              <time dateTime={c.finishedAt}>{formatDateTime(c.finishedAt)}</time>
            </Row>
          )}
        </dl>
      </TitledSection>

      <TitledSection headingId="results-heading" title="Results" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        {c.status === "draft" ? (
          <p className="mt-1">
            Not started. {audience === 1 ? "1 customer" : `${(audience ?? 0).toLocaleString("en-IN")} customers`} with marketing consent would receive it now.
          </p>
        ) : (
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {figures.map(([label, n]) => (
              <div key={label} className="rounded-md bg-slate-50 p-3 dark:bg-slate-900">
                <dt className={`text-sm ${muted}`}>{label}</dt>
                <dd className="text-2xl font-bold tabular-nums">{n.toLocaleString("en-IN")}</dd>
              </div>
            ))}
          </dl>
        )}
        {c.channel === "email" && c.status !== "draft" && <p className={`mt-2 text-sm ${muted}`}>E-mail has no delivery reports: delivered stays at 0.</p>}
      </TitledSection>

      {(c.status === "draft" || c.status === "sending" || c.status === "paused") && (
        <TitledSection headingId="actions-heading" title="Sending" className="mb-8" headingClassName="mb-2 text-lg font-semibold">
          <FormError message={failure?.errors.form ?? failure?.errors.version} />
          {confirm ? (
            <div role="group" aria-labelledby="confirm-heading" className="rounded-md border border-amber-600 bg-amber-50 p-4 dark:bg-slate-900">
              <h3 id="confirm-heading" className="font-semibold">
                {confirm === "start" ? "Start sending this campaign now?" : "Cancel this campaign?"}
              </h3>
              <p className="mt-1">
                {confirm === "start"
                  ? `It goes by ${c.channel === "sms" ? "SMS" : c.channel === "email" ? "e-mail" : c.channel} to ${audience === null ? "its audience" : `${audience.toLocaleString("en-IN")} customer${audience === 1 ? "" : "s"}`}, ${c.ratePerMinute} a minute. You can pause it while it sends.`
                  : "Nothing more will be sent, and it cannot be started again."}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <IntentForm intent={confirm} version={c.version}>
                  <input type="hidden" name="confirmed" value="yes" />
                  <button
                    type="submit"
                    className={`inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold ${confirm === "cancel" ? "border border-red-700 text-red-800 hover:bg-red-50 dark:text-red-300" : "bg-brand-700 text-white hover:bg-brand-800"}`}
                  >
                    {confirm === "start" ? "Yes, start sending" : "Yes, cancel the campaign"}
                  </button>
                </IntentForm>
                <a href={`${PATH}/${c.reference}`} className={link}>
                  {confirm === "start" ? "Not now" : "Keep the campaign"}
                </a>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-3">
              {c.status === "draft" && (
                <ButtonLink size="small" href={`${PATH}/${c.reference}?confirm=start`}>
                  Start sending
                </ButtonLink>
              )}
              {c.status === "paused" && (
                <ConfirmButton intent="start" fields={{ version: c.version }}>
                  Resume sending
                </ConfirmButton>
              )}
              {c.status === "sending" && (
                <ConfirmButton intent="pause" fields={{ version: c.version }}>
                  Pause
                </ConfirmButton>
              )}
              <ButtonLink
                variant="danger"
                size="small"
                href={`${PATH}/${c.reference}?confirm=cancel`}
              >
                Cancel the campaign
              </ButtonLink>
            </div>
          )}
        </TitledSection>
      )}
    </div>
  );
}
