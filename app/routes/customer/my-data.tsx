import { randomUUID } from "node:crypto";
import type { ReactNode } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { myDataPage, requestCorrection, requestErasure, type DataRequestResult } from "~/.server/customers/portal.ts";
import { isUnreadable, parseForm, readForm, refuse, refuseFields, UNREADABLE_FORM } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { DetailList } from "~/components/detail-list.tsx";
import { MarketingConsentToggle } from "~/components/customer/marketing-consent-toggle.tsx";
import { portalMarketingConsent } from "~/.server/marketing/consent.ts";
import { FieldError, FieldIdPrefix, FormError, SubmitButton, TextArea } from "~/components/form/fields.tsx";
import { SignOutForms } from "~/components/sign-out-forms.tsx";
import { link } from "~/components/ui/styles.ts";
import { DashboardHeading } from "~/components/customer/dashboard-heading.tsx";
import { formatIndianPhone, mailtoHref, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { CORRECTION_MAX, ERASURE_REASON_MAX, isMyDataIntent, MY_DATA_SCHEMAS, sentMessage, type MyDataIntent } from "~/lib/forms/my-data.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/my-data";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /customer/my-data: the signed-in customer's personal data (DPDP Act 2023, sections 11-13). What we hold
 * (contact details, sites, units, the consent given with each request), a copy to download, a correction
 * request, an erasure request (which also withdraws consent), their requests with the office's answers,
 * and whom to complain to. Plain POST forms with a one-time key: they work without JavaScript, and a form
 * sent twice is stored once.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const page = await myDataPage(session.user);
  return {
    ...page,
    // One key per form and page: the same form sent again finds the request it made.
    keys: { correction: randomUUID(), erasure: randomUUID() },
    sent: sentMessage(url.searchParams.get("sent")) ?? null,
    marketing: await portalMarketingConsent(session.user),
  };
}

export const handle = { title: "My data" };

/** Fields not put back after a refusal: the page draws them anew. */
const NOT_ECHOED = ["idempotencyKey", "intent"];

export async function action({ request, url, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "customer");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isUnreadable(form) || !isMyDataIntent(intent)) return refuse({ errors: { form: UNREADABLE_FORM }, values: {} });
  const parsed = parseForm(form, MY_DATA_SCHEMAS[intent], { form: intent, omit: NOT_ECHOED });
  if (parsed.refusal) return parsed.refusal;
  const data = parsed.data;
  const result: DataRequestResult =
    data.intent === "correction" ? await requestCorrection(session.user, data) : await requestErasure(session.user, data);
  if (!result.ok) return refuseFields(form, { [result.field]: result.message }, { omit: NOT_ECHOED, extra: { form: intent } });
  return redirect(`${url.pathname}?sent=${intent}#data-requests`, { status: 303, headers: noStore() });
}

type LoaderData = Route.ComponentProps["loaderData"];

const sectionClass = "mt-10 scroll-mt-4";
const downloadClass =
  "inline-flex h-11 items-center rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800";

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, account, sent } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const failureFor = (intent: MyDataIntent) => (failure?.form === intent ? failure : undefined);
  const name = customer?.name ?? account.name;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <DashboardHeading title="My data" />
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {name ? `${name}, this` : "This"} is the personal data we hold about you. You can download a copy, ask us to correct it, or ask us to erase it
        and withdraw your consent. Your rights are explained in our{" "}
        <a href="/privacy" className={link}>
          privacy notice
        </a>
        .
      </p>
      {/* Always in the page, so that a screen reader announces the message when it appears. */}
      <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 font-medium text-green-900 empty:hidden dark:bg-slate-900 dark:text-green-300">
        {sent ?? ""}
      </p>
      {failure?.errors.form && !failure.form && (
        <div className="mt-4">
          <FormError message={failure.errors.form} />
        </div>
      )}

      <HeldSection data={loaderData} />
      <MarketingConsentToggle consent={loaderData.marketing} />
      <DownloadSection />
      <CorrectionSection data={loaderData} failure={failureFor("correction")} />
      <ErasureSection data={loaderData} failure={failureFor("erasure")} />
      <RequestsSection data={loaderData} />
      <RetentionSection />
      <GrievanceSection />
      <SignOutForms />
    </div>
  );
}

function HeldSection({ data }: { data: LoaderData }) {
  const { customer, account, sites, units, requestCount, consents } = data;
  const notGiven = "Not given";
  const rows: Array<[string, string]> = customer
    ? [
        ["Customer number", customer.reference],
        ["Name", customer.name],
        ["Mobile", customer.mobile ? formatIndianPhone(customer.mobile) : notGiven],
        ["E-mail", customer.email ?? notGiven],
        ["Company", customer.company ?? notGiven],
        ["GSTIN", customer.gstin ?? notGiven],
        ["Service requests", String(requestCount)],
      ]
    : [
        ["Name", account.name ?? notGiven],
        ["Mobile", account.mobile ? formatIndianPhone(account.mobile) : notGiven],
        ["E-mail", account.email ?? notGiven],
      ];
  return (
    <TitledSection id="held" headingId="held-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="What we hold">
      {!customer && (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          You have no customer record with us yet: only your sign-in account, below. A record is made when you send a service request, or a request from this page.
        </p>
      )}
      <DetailList rows={rows} />

      {customer && (
        <>
          <h3 className="mt-6 text-lg font-semibold">Your sites</h3>
          {sites.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">No sites recorded.</p>
          ) : (
            <ul className="mt-2 space-y-2" aria-label="Your sites">
              {sites.map((s) => (
                <li key={s.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                  <span className="font-medium">{s.name}</span>
                  {(s.address || s.city || s.pincode) && (
                    <span className="block text-slate-700 dark:text-slate-300">{[s.address, s.city, s.pincode].filter(Boolean).join(", ")}</span>
                  )}
                </li>
              ))}
            </ul>
          )}

          <h3 className="mt-6 text-lg font-semibold">Your equipment</h3>
          {units.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">No units recorded.</p>
          ) : (
            <ul className="mt-2 space-y-2" aria-label="Your equipment">
              {units.map((u) => (
                <li key={u.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                  <span className="font-medium">{[u.kind, u.make, u.model].filter(Boolean).join(" ")}</span>
                  <span className="block text-sm text-slate-700 dark:text-slate-300">
                    {[u.rating, u.serialNumber ? `serial ${u.serialNumber}` : null, u.site, u.location].filter(Boolean).join(" · ") || "No further details"}
                  </span>
                </li>
              ))}
            </ul>
          )}

          <h3 className="mt-6 text-lg font-semibold">Your consent</h3>
          {consents.length === 0 ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">No service requests, so no consent recorded.</p>
          ) : (
            <>
              <p className="mt-2 text-slate-700 dark:text-slate-300">
                With each request you agreed to the privacy notice of the version shown. You can withdraw this consent below, with an erasure request.
              </p>
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800" aria-label="Consent given">
                {consents.map((c) => (
                  <li key={c.reference} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
                    <span className="font-mono font-medium">{c.reference}</span>
                    <span className="text-slate-700 dark:text-slate-300">
                      Notice version {c.version}, given {formatDateTime(c.at)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </TitledSection>
  );
}

function DownloadSection() {
  return (
    <TitledSection id="download" headingId="download-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Download a copy">
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Everything above, with your service requests and your requests about your data, in one file. JSON keeps the structure; CSV opens in a
        spreadsheet.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href="/customer/my-data/export?format=json" download className={downloadClass}>
          Download as JSON
        </a>
        <a href="/customer/my-data/export?format=csv" download className={downloadClass}>
          Download as CSV
        </a>
      </div>
    </TitledSection>
  );
}

/** A notice in place of a form while a request of its kind is open: a second would be refused. */
function OpenNotice({ kind, createdAt }: { kind: string; createdAt: string }) {
  return (
    <p className="mt-3 rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950 dark:bg-slate-900 dark:text-amber-200">
      Your {kind} request sent {formatDateTime(createdAt)} is open: the office answers it before a new one can be sent. It is listed under{" "}
      <a href="#data-requests" className="font-semibold underline">
        Your requests about your data
      </a>
      .
    </p>
  );
}

function MyDataForm({ intent, formKey, label, children }: { intent: MyDataIntent; formKey: string; label: string; children: ReactNode }) {
  return (
    <FieldIdPrefix.Provider value={`${intent}-`}>
      {/* Keyed by its one-time key: after a request is stored the page has a new key and the form starts empty. */}
      <Form key={formKey} method="post" aria-label={label} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="idempotencyKey" value={formKey} />
        {children}
      </Form>
    </FieldIdPrefix.Provider>
  );
}

function useSending(intent: MyDataIntent): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function CorrectionSection({ data, failure }: { data: LoaderData; failure?: FormFailure }) {
  const sending = useSending("correction");
  const open = data.open.correction;
  return (
    <TitledSection id="correction" headingId="correction-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Ask for a correction">
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Something wrong, missing or out of date? Tell us what, and what it should be. The office makes the change and writes the answer here.
      </p>
      {open ? (
        <OpenNotice kind="correction" createdAt={open.createdAt} />
      ) : (
        <MyDataForm intent="correction" formKey={data.keys.correction} label="Correction request">
          <FormError message={failure?.errors.form} />
          <TextArea
            name="wrong"
            label="What is wrong"
            required
            rows={3}
            maxLength={CORRECTION_MAX}
            hint='e.g. "E-mail address" or "Address of the Patancheru site".'
            defaultValue={failure?.values.wrong}
            error={failure?.errors.wrong}
          />
          <TextArea
            name="correct"
            label="What it should be"
            required
            rows={3}
            maxLength={CORRECTION_MAX}
            defaultValue={failure?.values.correct}
            error={failure?.errors.correct}
          />
          <SubmitButton sending={sending} label="Send correction request" />
        </MyDataForm>
      )}
    </TitledSection>
  );
}

function ErasureSection({ data, failure }: { data: LoaderData; failure?: FormFailure }) {
  const sending = useSending("erasure");
  const open = data.open.erasure;
  const confirmError = failure?.errors.confirm;
  return (
    <TitledSection id="erasure" headingId="erasure-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Withdraw consent and erase your data">
      <div className="mt-2 space-y-2 text-slate-700 dark:text-slate-300">
        <p>
          You can withdraw your consent as easily as you gave it: send this request, and we stop using your data and erase it. That is your
          name, mobile number, e-mail, company and GSTIN, the contact details and site addresses on your requests, their photos and
          signatures, and your portal account, which is closed.
        </p>
        <p>
          <strong>What we keep:</strong> tax records, such as invoices, are kept for the period the law requires (at least six years under the
          GST law), as they were issued. Your service requests are anonymised, not deleted: their reference, dates, status, the fault and the
          equipment stay, without anything that names you.
        </p>
        <p>
          The office acts on it within 30 days; until then the request is listed below with its status. Once your data is erased, this account is
          closed and you can no longer sign in to it.
        </p>
      </div>
      {open ? (
        <OpenNotice kind="erasure" createdAt={open.createdAt} />
      ) : (
        <MyDataForm intent="erasure" formKey={data.keys.erasure} label="Erasure request">
          <FormError message={failure?.errors.form} />
          <TextArea
            name="reason"
            label="Anything you want us to know"
            rows={3}
            maxLength={ERASURE_REASON_MAX}
            defaultValue={failure?.values.reason}
            error={failure?.errors.reason}
          />
          <div>
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name="confirm"
                value="yes"
                defaultChecked={failure?.values.confirm === "yes"}
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? "erasure-confirm-error" : undefined}
                className="mt-1 size-5 shrink-0"
              />
              <span>I want my personal data erased and my consent withdrawn. I understand that tax records are kept as described above.</span>
            </label>
            <FieldError id="erasure-confirm-error" message={confirmError} />
          </div>
          <SubmitButton sending={sending} label="Send erasure request" />
        </MyDataForm>
      )}
    </TitledSection>
  );
}

function RequestsSection({ data }: { data: LoaderData }) {
  const { dataRequests } = data;
  return (
    <TitledSection id="data-requests" headingId="data-requests-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Your requests about your data">
      {dataRequests.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">None yet. Downloads and requests you send from this page are listed here with our answer.</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Your requests about your data">
          {dataRequests.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{r.kindLabel}</span>
                <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium dark:bg-slate-800">{r.statusLabel}</span>
              </div>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Sent {formatDateTime(r.createdAt)}</p>
              {r.detail && <p className="mt-2 break-words whitespace-pre-line">{r.detail}</p>}
              {r.resolution && (
                <div className="mt-2 rounded-md bg-slate-50 p-3 dark:bg-slate-900">
                  <p className="text-sm font-medium text-slate-600 dark:text-slate-400">
                    Our answer{r.resolvedAt ? `, ${formatDateTime(r.resolvedAt)}` : ""}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line">{r.resolution}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function GrievanceSection() {
  const { identity } = useSite();
  return (
    <TitledSection id="grievance" headingId="grievance-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="Questions and complaints">
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The Grievance Officer of {identity.legalName} answers questions and complaints about your personal data. Write to{" "}
        <a href={`${mailtoHref(identity.supportEmail)}?subject=${encodeURIComponent("Data protection")}`} className={link}>
          {identity.supportEmail}
        </a>{" "}
        with &quot;Data protection&quot; in the subject, or call{" "}
        <a href={telHref(identity.supportPhone)} className={link}>
          {formatIndianPhone(identity.supportPhone)}
        </a>
        . If our answer does not settle it, you can complain to the Data Protection Board of India.
      </p>
    </TitledSection>
  );
}

function RetentionSection() {
  return (
    <TitledSection id="retention" headingId="retention-heading" className={sectionClass} headingClassName="text-xl font-semibold" title="How long we keep your data">
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        <li>Job records and tax invoices: at least six years, as the GST law requires.</li>
        <li>Everything else: only as long as your requests and your account need it, then we delete it.</li>
      </ul>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The period for each kind of data, and why, is set out in the{" "}
        <a href="/privacy" className={link}>
          privacy notice
        </a>
        .
      </p>
    </TitledSection>
  );
}
