import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { parseForm, readForm, redirectWithFlash, refuseFields, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import type { AuditActor } from "~/.server/audit/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { readSignature, removeSignature, storeSignature } from "~/.server/documents/signature.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { readSettingsForEditing, saveSettingsGroup, STALE_SETTINGS } from "~/.server/settings/index.ts";
import { integrationsFromEnvironment, integrationsView } from "~/.server/settings/integrations.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { FieldError, FieldIdPrefix, FileField, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import {
  applyIntegrationsChange,
  isSettingsGroup,
  SETTINGS_SECTIONS,
  settingsForms,
  WEEKDAYS,
  type IntegrationsChange,
} from "~/lib/forms/admin/settings.ts";
import {
  GST_STATES,
  INTEGRATION_SECRETS,
  SERVICE_CATEGORIES,
  TALLY_LEDGER_DEFAULTS,
  type AnySettingsGroup,
  type TallyLedgerKey,
  type SiteSettings,
  type PaymentSettings,
} from "~/lib/settings-schema.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/route";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/settings: the business settings, one group per page (?group=), each its own form and Save button.
 * A save is validated, checked against the version the form was drawn from, audited, and shown on the
 * public pages at once (the settings cache is cleared and the page cache's content version bumped).
 * Integration secrets are write-only: the page only ever says whether each one is set.
 */

const PATH = "/admin/settings";

function groupOf(url: URL): AnySettingsGroup | undefined {
  const value = url.searchParams.get("group");
  if (value === null || value === "") return "identity";
  return isSettingsGroup(value) ? value : undefined;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const group = groupOf(url);
  if (!group) return throwNotFound(url);
  const editing = await readSettingsForEditing();
  const { values, versions } = editing;
  return {
    group,
    version: versions[group],
    savedAt: versions[group] || null,
    // Only the group on show; the integrations never with their secrets.
    identity: group === "identity" ? values.identity : undefined,
    business: group === "business" ? values.business : undefined,
    claims: group === "claims" ? values.claims : undefined,
    promises: group === "promises" ? values.promises : undefined,
    charges: group === "charges" ? values.charges : undefined,
    operations: group === "operations" ? values.operations : undefined,
    payments: group === "payments" ? values.payments : undefined,
    hasSignature: group === "payments" ? (await readSignature()) !== null : false,
    integrations: group === "integrations" ? integrationsView(values.integrations) : undefined,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${SETTINGS_SECTIONS.find((s) => s.group === data.group)!.label}: Settings` };

/** A refused form keeps the ticked working days, and is drawn again without what was typed into a secret field. */
const SETTINGS_ECHO = { lists: ["workingDays"], omit: INTEGRATION_SECRETS };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const group = form.get("intent");
  if (group === "signature-upload" || group === "signature-remove") return signatureAction(form, group, auditActor(staff));
  if (!isSettingsGroup(group)) return refuseForm(form, "This form is out of date: reload the page.");
  const parsed = parseForm(form, settingsForms[group], SETTINGS_ECHO);
  if (parsed.refusal) return parsed.refusal;
  const version = form.get("version");
  const fromEnvironment = integrationsFromEnvironment();
  const result = await saveSettingsGroup({
    group,
    expectedVersion: typeof version === "string" ? version : "",
    next: (current) =>
      group === "integrations" ? applyIntegrationsChange(current as Record<string, unknown>, parsed.data as IntegrationsChange, fromEnvironment) : parsed.data,
    actor: auditActor(staff),
  });
  if (!result.ok) {
    if (result.reason === "stale") return refuseFields(form, { form: STALE_SETTINGS }, SETTINGS_ECHO);
    const [field, message] = Object.entries(result.errors)[0] ?? ["form", "These settings could not be saved."];
    return refuseFields(form, { [field]: message }, SETTINGS_ECHO);
  }
  const label = SETTINGS_SECTIONS.find((s) => s.group === group)!.label;
  return redirectWithFlash(`${PATH}?group=${group}`, {
    type: result.changed ? "success" : "info",
    message: result.changed ? `${label}: saved. The website shows the change now.` : `${label}: nothing changed.`,
  });
}

/** The authorised signatory's signature (Payments): its own form, a file upload, beside the group's. */
async function signatureAction(form: FormData, intent: "signature-upload" | "signature-remove", actor: AuditActor) {
  const back = `${PATH}?group=payments`;
  if (intent === "signature-remove") {
    const had = await removeSignature(actor);
    return redirectWithFlash(back, { type: had ? "success" : "info", message: had ? "Signature removed: documents leave the space for a pen." : "There was no signature to remove." });
  }
  const file = form.get("signature");
  if (!(file instanceof File)) return refuseForm(form, "Choose the image of the signature.", "signature");
  try {
    await storeSignature(file, actor);
  } catch (error) {
    if (error instanceof UploadError) return refuseForm(form, error.message, "signature");
    throw error;
  }
  return redirectWithFlash(back, { type: "success", message: "Signature saved: invoices, credit notes and quotes print it above “Authorised signatory”." });
}

// ── The page ─────────────────────────────────────────────────────────────────────────────────────

const linkClass = "font-medium text-brand-700 underline dark:text-sky-300";
const checkboxLabel = "flex items-start gap-3";
const muted = "text-sm text-slate-600 dark:text-slate-400";

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData;
  const refused = actionData as FormFailure | undefined;
  // The signature's form has its own refusals: the group's form keeps its stored values then.
  const signatureFailure = refused?.intent?.startsWith("signature") ? refused : undefined;
  const failure = signatureFailure ? undefined : refused;
  const section = SETTINGS_SECTIONS.find((s) => s.group === group)!;
  // After a refusal the form keeps the version it was drawn from: a stale save stays refused until a reload.
  const version = failure?.values.version ?? loaderData.version;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="What the website says about the business, how the office works, and the outside services it uses." />
      <FilterTabs
        label="Settings sections"
        tabs={SETTINGS_SECTIONS.map((s) => ({ href: `${PATH}?group=${s.group}`, label: s.label, current: s.group === group }))}
      />
      <TitledSection headingId="settings-heading" title={section.label} headingClassName="text-xl font-semibold">
        <p className="mt-1 text-slate-700 dark:text-slate-300">{section.description}</p>
        {loaderData.savedAt && <p className={`mt-1 ${muted}`}>Last saved {formatDateTime(loaderData.savedAt)}.</p>}
        <IntentForm intent={group} version={version} error={failure?.errors.form} action={`${PATH}?group=${group}`} noValidate className="mt-5 space-y-5">
          <FieldIdPrefix.Provider value={`${group}-`}>
            <GroupFields data={loaderData} failure={failure} />
          </FieldIdPrefix.Provider>
          <SaveButton label={`Save ${/^.[a-z]/.test(section.label) ? section.label[0]!.toLowerCase() + section.label.slice(1) : section.label}`} />
        </IntentForm>
      </TitledSection>
      {group === "payments" && <SignatureSection hasSignature={loaderData.hasSignature} failure={signatureFailure} />}
    </div>
  );
}

function SaveButton({ label }: { label: string }) {
  const sending = useNavigation().state === "submitting";
  return (
    <Button
      className="disabled:opacity-60"
      type="submit"
      disabled={sending}
    >
      {sending ? "Saving…" : label}
    </Button>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

/** Field props: the typed value after a refusal, else the stored one; the message beside it. */
function useField(failure: FormFailure | undefined) {
  return (name: string, stored: string | number | undefined) => ({
    name,
    defaultValue: failure ? (failure.values[name] ?? "") : stored === undefined ? "" : String(stored),
    error: failure?.errors[name],
  });
}

function GroupFields({ data, failure }: { data: LoaderData; failure: FormFailure | undefined }) {
  const f = useField(failure);
  if (data.identity) return <IdentityFields v={data.identity} f={f} />;
  if (data.business) return <BusinessFields v={data.business} f={f} failure={failure} />;
  if (data.claims) return <ClaimsFields v={data.claims} f={f} />;
  if (data.promises) return <PromisesFields v={data.promises} f={f} />;
  if (data.charges) return <ChargesFields v={data.charges} f={f} />;
  if (data.operations) return <OperationsFields v={data.operations} f={f} failure={failure} />;
  if (data.payments) return <PaymentsFields v={data.payments} f={f} />;
  if (data.integrations) return <IntegrationsFields v={data.integrations} f={f} failure={failure} />;
  return null;
}

type F = ReturnType<typeof useField>;

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function IdentityFields({ v, f }: { v: SiteSettings["identity"]; f: F }) {
  return (
    <>
      <Fieldset legend="Names">
        <TextField {...f("legalName", v.legalName)} label="Legal name" required hint="On invoices, quotes and e-mail." />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...f("wordmarkPrimary", v.wordmarkPrimary)} label="Trading name, first part" required maxLength={30} />
          <TextField {...f("wordmarkSecondary", v.wordmarkSecondary)} label="Trading name, second part" required maxLength={30} hint="Shown in the accent colour." />
        </div>
        <TextField {...f("tagline", v.tagline)} label="Tagline" required maxLength={80} />
      </Fieldset>
      <Fieldset legend="Contact">
        <TextField
          {...f("supportPhone", formatIndianPhone(v.supportPhone))}
          label="Support phone"
          type="tel"
          autoComplete="off"
          required
          hint="On every page and in every message. Like 98480 12345 or 040 2345 6789."
        />
        <TextField {...f("whatsappNumber", formatIndianPhone(v.whatsappNumber))} label="WhatsApp number" type="tel" autoComplete="off" required />
        <TextField {...f("supportEmail", v.supportEmail)} label="Support e-mail" type="email" autoComplete="off" required />
        <TextField {...f("siteUrl", v.siteUrl)} label="Website address" required hint="Canonical links, sitemap and social previews are built from it." />
      </Fieldset>
      <Fieldset legend="Address">
        <TextField {...f("streetAddress", v.address.streetAddress)} label="Street address" required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...f("locality", v.address.locality)} label="Locality" required />
          <TextField {...f("city", v.address.city)} label="City" required />
          <TextField {...f("state", v.address.state)} label="State" required />
          <TextField {...f("postalCode", v.address.postalCode)} label="PIN code" inputMode="numeric" maxLength={6} required />
        </div>
        <TextField {...f("country", v.address.country)} label="Country" required />
      </Fieldset>
    </>
  );
}

function Select({
  name,
  label,
  defaultValue,
  error,
  options,
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string | undefined;
  options: Array<{ value: string; label: string }>;
  hint?: string;
}) {
  const id = `${name}-select`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${
          error ? "border-red-700 dark:border-red-400" : "border-slate-300 dark:border-slate-600"
        }`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 ${muted}`}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Checkbox({ name, label, checked, hint }: { name: string; label: string; checked: boolean; hint?: string }) {
  return (
    <label className={checkboxLabel}>
      <input type="checkbox" name={name} value="yes" defaultChecked={checked} className="mt-1 size-5 shrink-0" />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className={`block ${muted}`}>{hint}</span>}
      </span>
    </label>
  );
}

function BusinessFields({ v, f, failure }: { v: SiteSettings["business"]; f: F; failure: FormFailure | undefined }) {
  const stateCode = f("stateCode", v.stateCode);
  return (
    <>
      <Fieldset legend="GST">
        <TextField {...f("gstin", v.gstin)} label="GSTIN" required maxLength={15} hint="15 characters; the last is a check character." />
        <Select
          name={stateCode.name}
          label="State (GST state code)"
          defaultValue={stateCode.defaultValue}
          error={stateCode.error}
          hint="Must be the state of the GSTIN's first two digits."
          options={Object.entries(GST_STATES).map(([code, state]) => ({ value: code, label: `${code} ${state}` }))}
        />
      </Fieldset>
      <Fieldset legend="Working hours">
        <TextField {...f("openingHours", v.openingHours)} label="Working hours, as the website says them" required maxLength={80} />
        <Checkbox name="open24x7" label="Open 24x7" checked={failure ? failure.values.open24x7 === "yes" : v.open24x7} hint="Search engines are told the business is open round the clock." />
      </Fieldset>
    </>
  );
}

function ClaimsFields({ v, f }: { v: SiteSettings["claims"]; f: F }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField {...f("foundedYear", v.foundedYear)} label="Founded in (year)" inputMode="numeric" required />
      <TextField {...f("yearsExperience", v.yearsExperience)} label="Years of experience" inputMode="numeric" required />
      <TextField {...f("happyClients", v.happyClients)} label="Clients served" inputMode="numeric" required />
      <TextField {...f("industriesServed", v.industriesServed)} label="Industries served" inputMode="numeric" required />
      <TextField {...f("servicesOffered", v.servicesOffered)} label="Services offered" inputMode="numeric" required />
      <TextField {...f("isoCertification", v.isoCertification)} label="Certification" required />
      <TextField {...f("ratingValue", v.ratingValue)} label="Average rating" inputMode="numeric" required hint="Like 4.8" />
      <TextField {...f("ratingBest", v.ratingBest)} label="Best possible rating" inputMode="numeric" required />
      <TextField {...f("ratingCount", v.ratingCount)} label="Number of ratings" inputMode="numeric" required />
    </div>
  );
}

function PromisesFields({ v, f }: { v: SiteSettings["promises"]; f: F }) {
  return (
    <>
      <Fieldset legend="Response (hours)">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...f("responseHoursMin", v.responseHoursMin)} label="Shortest" inputMode="numeric" required />
          <TextField {...f("responseHoursMax", v.responseHoursMax)} label="Longest" inputMode="numeric" required />
          <TextField {...f("averageResponseHours", v.averageResponseHours)} label="Average" inputMode="numeric" required />
        </div>
      </Fieldset>
      <Fieldset legend="Repair (hours)">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...f("repairHoursMin", v.repairHoursMin)} label="Shortest repair" inputMode="numeric" required />
          <TextField {...f("repairHoursMax", v.repairHoursMax)} label="Longest repair" inputMode="numeric" required />
        </div>
      </Fieldset>
      <TextField {...f("warrantyMonths", v.warrantyMonths)} label="Repair warranty (months)" inputMode="numeric" required hint="On the website, quotes and invoices." />
    </>
  );
}

function ChargesFields({ v, f }: { v: SiteSettings["charges"]; f: F }) {
  return (
    <>
      {SERVICE_CATEGORIES.map((category) => {
        const charge = v.find((c) => c.category === category);
        return (
          <Fieldset key={category} legend={category}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...f(`${category}-min`, charge?.minRupees)} label={`${category}: from (₹)`} inputMode="numeric" required />
              <TextField {...f(`${category}-max`, charge?.maxRupees)} label={`${category}: up to (₹)`} inputMode="numeric" required />
            </div>
          </Fieldset>
        );
      })}
    </>
  );
}

function OperationsFields({ v, f, failure }: { v: SiteSettings["operations"]; f: F; failure: FormFailure | undefined }) {
  // After a refusal: the days that were ticked.
  const ticked = (day: number) => (failure ? (failure.lists?.workingDays ?? []).includes(String(day)) : v.workingDays.includes(day));
  const daysError = failure?.errors.workingDays;
  return (
    <>
      <Fieldset legend="Response targets">
        <TextField {...f("emergencyResponseHours", v.emergencyResponseHours)} label="Emergency: first response within (hours, round the clock)" inputMode="numeric" required />
        <TextField {...f("within24hResponseHours", v.within24hResponseHours)} label="Within 24 hours: first response within (hours, round the clock)" inputMode="numeric" required />
        <TextField
          {...f("plannedResponseWorkingHours", v.plannedResponseWorkingHours)}
          label="Planned work: first response within (working hours)"
          inputMode="numeric"
          required
          hint="9 working hours is by the same time on the next working day."
        />
        <TextField {...f("escalateBeforeMinutes", v.escalateBeforeMinutes)} label="Warn the owner this many minutes before a response is due" inputMode="numeric" required />
      </Fieldset>
      <fieldset aria-describedby={daysError ? "operations-workingDays-error" : undefined} className="space-y-2 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">Working days</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {WEEKDAYS.map((day, i) => (
            <label key={day} className="flex items-center gap-2">
              <input type="checkbox" name="workingDays" value={i} defaultChecked={ticked(i)} className="size-5" />
              {day}
            </label>
          ))}
        </div>
        {daysError && (
          <p id="operations-workingDays-error" className="text-sm font-medium text-red-700 dark:text-red-400">
            {daysError}
          </p>
        )}
      </fieldset>
      <Fieldset legend="Working hours (India time)">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...f("workingHoursOpen", v.workingHoursOpen)} label="Opens at" required maxLength={5} hint="24-hour time, like 09:00" />
          <TextField {...f("workingHoursClose", v.workingHoursClose)} label="Closes at" required maxLength={5} hint="Like 18:00" />
        </div>
        <SelectField
          {...f("weekStartsOn", v.weekStartsOn)}
          label="The schedule's week starts on"
          placeholder="Choose a day"
          options={[{ group: "Days", items: WEEKDAYS.map((day, i) => ({ value: String(i), label: day })) }]}
          required
        />
      </Fieldset>
      <Fieldset legend="Quotes and invoices">
        <TextField {...f("quoteValidityDays", v.quoteValidityDays)} label="Quotes are valid for (days)" inputMode="numeric" required />
        <TextArea {...f("quoteTerms", v.quoteTerms)} label="Terms printed on quotes" rows={4} maxLength={2000} />
        <TextArea {...f("invoiceTerms", v.invoiceTerms)} label="Terms printed on invoices" rows={4} maxLength={2000} />
        <TextField {...f("invoiceDueDays", v.invoiceDueDays)} label="Invoices are due after (days; 0 for on receipt)" inputMode="numeric" required />
        <TextField
          {...f("reminderEveryDays", v.reminderEveryDays)}
          label="Payment reminder by SMS every (days after the due date; 0 for none)"
          inputMode="numeric"
          required
        />
        <TextField {...f("maxReminders", v.maxReminders)} label="At most this many reminders per invoice" inputMode="numeric" required hint="Reminders stop as soon as the invoice is paid." />
        <p className={muted}>
          The repair warranty is set under{" "}
          <a href={`${PATH}?group=promises`} className={linkClass}>
            Promises and warranty
          </a>
          .
        </p>
      </Fieldset>
    </>
  );
}

function NotSet({ value }: { value: string | undefined }) {
  return value ? null : <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-100">not set</span>;
}

function PaymentsFields({ v, f }: { v: PaymentSettings; f: F }) {
  const hint = (value: string | undefined, text?: string) => (
    <>
      {text}
      <NotSet value={value} />
    </>
  );
  return (
    <>
      <p className={muted}>Printed on invoices. Leave a field empty until you have the value: the invoice then leaves it out.</p>
      <Fieldset legend="UPI">
        <TextField {...f("upiId", v.upiId)} label="UPI ID" autoComplete="off" hint={hint(v.upiId, "Like deccan@okhdfcbank.")} />
        <TextField {...f("payeeName", v.payeeName)} label="Payee name" autoComplete="off" hint={hint(v.payeeName, "The name UPI apps show.")} />
        <TextField
          {...f("upiMerchantCode", v.upiMerchantCode)}
          label="Merchant category code (merchant accounts only)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          hint="Four digits, added to the invoice's UPI code as mc. Leave empty for a personal UPI ID."
        />
      </Fieldset>
      <Fieldset legend="Bank account">
        <TextField {...f("bankName", v.bankName)} label="Bank and branch" autoComplete="off" hint={hint(v.bankName)} />
        <TextField {...f("accountName", v.accountName)} label="Account name" autoComplete="off" hint={hint(v.accountName)} />
        <TextField {...f("accountNumber", v.accountNumber)} label="Account number" inputMode="numeric" autoComplete="off" hint={hint(v.accountNumber)} />
        <TextField {...f("ifsc", v.ifsc)} label="IFSC" autoComplete="off" maxLength={11} hint={hint(v.ifsc, "Like SBIN0001234.")} />
      </Fieldset>
      <Fieldset legend="Ledgers in Tally">
        <p className={muted}>The ledger names the Tally export uses, as your accountant named them in Tally. Empty: the name in the hint.</p>
        {TALLY_LEDGER_FIELDS.map(([key, label]) => (
          <TextField key={key} {...f(key, v[key])} label={label} autoComplete="off" hint={`Empty: "${TALLY_LEDGER_DEFAULTS[key]}".`} />
        ))}
      </Fieldset>
    </>
  );
}

const TALLY_LEDGER_FIELDS: Array<[TallyLedgerKey, string]> = [
  ["tallySalesLedger", "Sales ledger"],
  ["tallyCgstLedger", "CGST ledger"],
  ["tallySgstLedger", "SGST ledger"],
  ["tallyIgstLedger", "IGST ledger"],
  ["tallyRoundOffLedger", "Round-off ledger"],
  ["tallyBankLedger", "Bank ledger (UPI, transfers, cheques, gateway)"],
  ["tallyCashLedger", "Cash ledger"],
  ["tallyPurchaseLedger", "Purchases ledger (vendors' bills)"],
  ["tallyInputCgstLedger", "Input CGST ledger"],
  ["tallyInputSgstLedger", "Input SGST ledger"],
  ["tallyInputIgstLedger", "Input IGST ledger"],
];

function SignatureSection({ hasSignature, failure }: { hasSignature: boolean; failure: FormFailure | undefined }) {
  return (
    <TitledSection headingId="signature-heading" title="Signature of the authorised signatory" className="mt-10 space-y-4" headingClassName="text-xl font-semibold">
      <p className={muted}>Printed above “Authorised signatory” on tax invoices, credit notes and quotes. A scan or photo of the signature on white paper: JPEG, PNG or WebP, up to 2 MB.</p>
      {hasSignature ? (
        <img src={`${PATH}/signature`} alt="The signature printed on documents" width={300} height={100} className="h-auto max-h-24 w-auto rounded border border-slate-300 bg-white p-2 dark:border-slate-700" />
      ) : (
        <p className={muted}>No signature yet: documents leave the space above the line for a pen.</p>
      )}
      <IntentForm intent="signature-upload" error={failure?.errors.form} action={`${PATH}?group=payments`} encType="multipart/form-data" noValidate className="space-y-4">
        <FieldIdPrefix.Provider value="signature-">
          <FileField name="signature" label={hasSignature ? "Replace the signature" : "Signature image"} accept="image/jpeg,image/png,image/webp" required error={failure?.errors.signature} />
        </FieldIdPrefix.Provider>
        <SaveButton label="Upload the signature" />
      </IntentForm>
      {hasSignature && (
        <IntentForm intent="signature-remove" action={`${PATH}?group=payments`}>
          <button type="submit" className="inline-flex h-11 items-center rounded-md border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900">
            Remove the signature
          </button>
        </IntentForm>
      )}
    </TitledSection>
  );
}

type IntegrationsData = NonNullable<LoaderData["integrations"]>;

const ENVIRONMENT = "Set by the environment: change it there.";

/** A write-only field: says whether a value is stored, offers a field to replace it and a box to remove it. */
function SecretField({ name, label, set, removeName, env, error, hint }: { name: string; label: string; set: boolean; removeName: string; env: boolean; error?: string | undefined; hint?: string }) {
  if (env) return <EnvironmentNote label={label} />;
  return (
    <div>
      <TextField
        name={name}
        label={`${label}: ${set ? "set" : "not set"}`}
        autoComplete="off"
        defaultValue=""
        error={error}
        hint={`${set ? "Stored, and never shown. Type a new value to replace it; leave empty to keep it." : "Type the value to store it."}${hint ? ` ${hint}` : ""}`}
      />
      {set && (
        <div className="mt-2">
          <Checkbox name={removeName} label={`Remove the stored ${label.toLowerCase()}`} checked={false} />
        </div>
      )}
    </div>
  );
}

function EnvironmentNote({ label }: { label: string }) {
  return (
    <div>
      <p className="font-medium">{label}</p>
      <p className={muted}>{ENVIRONMENT}</p>
    </div>
  );
}

function IntegrationsFields({ v, f, failure }: { v: IntegrationsData; f: F; failure: FormFailure | undefined }) {
  const env = v.fromEnvironment;
  const plain = (name: keyof IntegrationsData["values"], label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) =>
    env[name] ? <EnvironmentNote label={label} /> : <TextField {...f(name, v.values[name])} label={label} autoComplete="off" {...extra} />;
  // A stored secret: its form field is its name, its "remove" box the name after "remove".
  const secret = (name: keyof IntegrationsData["secrets"], label: string, { hint, fromEnvironment = env[name] }: { hint?: string; fromEnvironment?: boolean } = {}) => (
    <SecretField name={name} label={label} set={v.secrets[name]} removeName={`remove${name.charAt(0).toUpperCase()}${name.slice(1)}`} env={fromEnvironment} error={failure?.errors[name]} hint={hint} />
  );
  const smsProvider = f("smsProvider", v.values.smsProvider ?? "");
  const gatewayProvider = f("gatewayProvider", v.values.gatewayProvider ?? "");
  return (
    <>
      <p className={muted}>
        Environment variables, when set, take precedence over what is saved here. Secrets are stored in the database and never shown again.
      </p>
      <Fieldset legend="E-mail (SMTP)">
        {secret("smtpUrl", "SMTP address", { hint: `Like smtps://user:password@mail.example.in:465.${v.smtpServer ? ` Server now: ${v.smtpServer}.` : " Without it, e-mail is only logged."}` })}
        {plain("mailFrom", "Sender", { hint: "Like Deccan Automation <office@example.in>. Empty: the legal name and support e-mail." })}
      </Fieldset>
      <Fieldset legend="SMS gateway">
        {env.smsProvider ? (
          <EnvironmentNote label="SMS gateway" />
        ) : (
          <>
            <Select
              name="smsProvider"
              label="How SMS are sent"
              defaultValue={smsProvider.defaultValue === "http" ? "http" : ""}
              error={smsProvider.error}
              options={[
                { value: "", label: "Not sent: printed in the server log" },
                { value: "http", label: "Through an HTTP gateway" },
              ]}
            />
            {plain("smsHttpUrl", "Gateway address", { hint: "The https:// endpoint messages are posted to." })}
            {secret("smsHttpToken", "Gateway token")}
            {plain("smsSenderId", "DLT sender ID", { hint: "Six capital letters; empty: DECAUT.", maxLength: 6 })}
          </>
        )}
      </Fieldset>
      <Fieldset legend="Sign-in provider (OpenID Connect)">
        {env.oidcIssuer ? (
          <EnvironmentNote label="Issuer, client ID and client secret" />
        ) : (
          <>
            {plain("oidcIssuer", "Issuer", { hint: "The provider's address, like https://login.example.in. Register <this site>/auth/callback with it." })}
            {plain("oidcClientId", "Client ID")}
            {secret("oidcClientSecret", "Client secret", { fromEnvironment: false })}
          </>
        )}
        {plain("oidcProviderName", "Provider's name on the sign-in button", { hint: 'Like "Deccan Google account"; empty: "your company account".', maxLength: 40 })}
      </Fieldset>
      <Fieldset legend="Payment gateway (online payment links)">
        {env.gatewayProvider ? (
          <EnvironmentNote label="Payment gateway (Razorpay)" />
        ) : (
          <Select
            name="gatewayProvider"
            label="Gateway"
            defaultValue={gatewayProvider.defaultValue === "razorpay" ? "razorpay" : ""}
            error={gatewayProvider.error}
            options={[
              { value: "", label: "None: customers pay by UPI QR, bank transfer, cash or cheque" },
              { value: "razorpay", label: "Razorpay (payment links)" },
            ]}
          />
        )}
        {plain("gatewayApiUrl", "Gateway API address", { hint: "Empty: https://api.razorpay.com." })}
        {plain("gatewayKeyId", "Key id", { hint: "From the gateway's dashboard, like rzp_live_..." })}
        {secret("gatewayKeySecret", "Key secret")}
        {secret("gatewayWebhookSecret", "Webhook secret", { hint: "Set the same secret on the gateway's webhook for <this site>/api/payments/webhook (events payment_link.paid and payment.captured)." })}
      </Fieldset>
      {/* WhatsApp Business Cloud API (issue 12, ~/.server/whatsapp) */}
      <Fieldset legend="WhatsApp Business (Cloud API)">
        {plain("whatsappApiBase", "API address", { hint: "Empty: https://graph.facebook.com." })}
        {plain("whatsappPhoneNumberId", "Phone number id", { hint: "From Meta's WhatsApp Manager (digits). Without it and the token, messages are only logged." })}
        {secret("whatsappToken", "Access token")}
        {secret("whatsappAppSecret", "App secret", { hint: "Meta signs each webhook with it (X-Hub-Signature-256): without it, inbound messages are refused." })}
        {secret("whatsappVerifyToken", "Webhook verify token", { hint: "Type the same token in Meta's webhook set-up for <this site>/api/whatsapp/webhook (field: messages)." })}
      </Fieldset>
      {/* Video calls (issue 12 §7, ~/.server/video/ice.ts) */}
      <Fieldset legend="Video calls (STUN and TURN servers)">
        <p className={muted}>Empty: none. Browsers on one network connect without them; across the internet a STUN server finds each side, and a TURN server relays when a firewall blocks the rest.</p>
        {plain("videoStunUrls", "STUN servers", { hint: "Like stun:stun.example.in:3478 (several: separated by commas)." })}
        {plain("videoTurnUrls", "TURN servers", { hint: "Like turn:turn.example.in:3478, turns:turn.example.in:5349. Used only with the user and password." })}
        {plain("videoTurnUsername", "TURN user")}
        {secret("videoTurnCredential", "TURN password", { hint: "Given only to the two sides of a call, on the call's page." })}
      </Fieldset>
    </>
  );
}
