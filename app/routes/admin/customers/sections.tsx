import { GST_STATES } from "~/lib/settings-schema.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { DetailList } from "~/components/detail-list.tsx";
import { SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { DATA_REQUEST_KINDS } from "~/lib/forms/admin/customers.ts";
import { failureOf, Fold, PostForm, SiteFields, UnitFields, type FormFailure, type UnitValues } from "./forms.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import type { CustomerRecord } from "~/.server/customers/record.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { keptField } from "~/components/admin/kept-field.ts";

/** The customer page's sections: each a heading, what is on record, and the forms that change it. */

/** The record's customer, as the domain gives it (a type only: nothing of the server module reaches the page). */
type Customer = CustomerRecord["customer"];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <TitledSection headingId={`${id}-heading`} title={title} className="mt-8 first:mt-0" headingClassName="text-xl font-semibold">
      {children}
    </TitledSection>
  );
}

export function Details({ customer: c, failure }: { customer: Customer; failure: FormFailure | undefined }) {
  const erased = c.erasedAt !== null;
  const v = failure?.values;
  const e = failure?.errors ?? {};
  return (
    <Section id="details" title="Details">
      <DetailList
        rows={[
          ["Name", c.name],
          ["Company", c.company],
          ["Mobile", c.mobile ? formatIndianPhone(c.mobile) : null],
          ["E-mail", c.email],
          ["GSTIN", c.gstin],
          ["Billing address (GSTIN)", [c.billingAddress, [c.billingCity, c.billingPincode].filter(Boolean).join(" - ")].filter(Boolean).join(", ") || null],
          ["Portal", erased ? null : c.account ? `Signed in${c.account.lastSignInAt ? `, last on ${formatDateTime(c.account.lastSignInAt)}` : ""}` : "Not signed in yet"],
          ["Office notes", c.notes],
        ]}
      />
      {!erased && (
        <Fold summary="Edit details" open={Boolean(failure)}>
          <PostForm intent="details" id="details" version={c.version} failure={failure} button="Save details">
            <TextField name="name" label="Name" required maxLength={120} defaultValue={v?.name ?? c.name} error={e.name} />
            <TextField name="company" label="Company" maxLength={160} defaultValue={v?.company ?? c.company ?? undefined} error={e.company} />
            <TextField name="email" label="E-mail" type="email" inputMode="email" maxLength={200} defaultValue={v?.email ?? c.email ?? undefined} error={e.email} />
            <TextField name="gstin" label="GSTIN" maxLength={15} defaultValue={v?.gstin ?? c.gstin ?? undefined} error={e.gstin} hint="15 characters, e.g. 36AABCS1234Q1Z5." />
            <TextArea
              name="billingAddress"
              label="Billing address of the GSTIN"
              rows={2}
              maxLength={300}
              defaultValue={v?.billingAddress ?? c.billingAddress ?? undefined}
              error={e.billingAddress}
              hint="As registered with the GSTIN. Tax invoices print it instead of the site's address."
            />
            <TextField name="billingCity" label="Billing city" maxLength={80} defaultValue={v?.billingCity ?? c.billingCity ?? undefined} error={e.billingCity} />
            <TextField name="billingPincode" label="Billing PIN code" inputMode="numeric" maxLength={6} defaultValue={v?.billingPincode ?? c.billingPincode ?? undefined} error={e.billingPincode} />
            <TextArea name="notes" label="Office notes" rows={3} maxLength={2000} defaultValue={v?.notes ?? c.notes ?? undefined} error={e.notes} hint="Never shown to the customer." />
            <p className={`text-sm ${muted}`}>The mobile number is how the customer signs in and how their requests are linked: it is not changed here.</p>
          </PostForm>
        </Fold>
      )}
    </Section>
  );
}

type Unit = UnitValues & { id: number };
/** A site on record, as the domain gives it, with its units as the unit forms read them. */
type Site = Omit<CustomerRecord["sites"][number], "units"> & { units: Unit[] };

function unitTitle(u: Unit) {
  return [u.make, u.model].filter(Boolean).join(" ");
}

function UnitList({ units, customer, sites, failure }: { units: Unit[]; customer: Customer; sites: Array<{ id: number; name: string }>; failure: FormFailure | undefined }) {
  const erased = customer.erasedAt !== null;
  if (units.length === 0) return <p className={`mt-2 ${muted}`}>No units recorded.</p>;
  return (
    <ul className="mt-2 space-y-3">
      {units.map((u) => {
        const mine = failureOf(failure, "edit-unit", { name: "unitId", value: u.id });
        const removal = failureOf(failure, "remove-unit", { name: "unitId", value: u.id });
        return (
          <li key={u.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <p className="font-medium">
              {unitTitle(u)}
              {u.kind && <span className={`font-normal ${muted}`}> · {u.kind}</span>}
            </p>
            <p className="text-sm">
              {[u.rating, u.serialNumber ? `Serial ${u.serialNumber}` : "No serial number", u.location].filter(Boolean).join(" · ")}
            </p>
            {removal?.errors.form && (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                {removal.errors.form}
              </p>
            )}
            {!erased && (
              <div className="mt-2 flex flex-wrap items-start gap-3">
                <div className="min-w-0 grow">
                  <Fold summary={`Edit ${unitTitle(u)}`} open={Boolean(mine)}>
                    <PostForm intent="edit-unit" id={`unit-${u.id}`} version={customer.version} failure={mine} button="Save unit" hidden={{ unitId: u.id }}>
                      <UnitFields failure={mine} unit={u} sites={sites} />
                    </PostForm>
                  </Fold>
                </div>
                <div className="mt-3">
                  <ConfirmButton intent="remove-unit" fields={{ version: customer.version, unitId: u.id }} confirm={`Remove ${unitTitle(u)} from the record?`} tone="danger">
                    Remove unit
                  </ConfirmButton>
                </div>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Sites({ customer, sites, unplacedUnits, failure }: { customer: Customer; sites: Site[]; unplacedUnits: Unit[]; failure: FormFailure | undefined }) {
  const erased = customer.erasedAt !== null;
  const choices = sites.map((s) => ({ id: s.id, name: s.name }));
  const addSite = failureOf(failure, "add-site");
  const addUnit = failureOf(failure, "add-unit");
  return (
    <Section id="sites" title="Sites and equipment">
      {sites.length === 0 && <p className={`mt-2 ${muted}`}>No sites recorded yet.</p>}
      {sites.map((s) => {
        const edit = failureOf(failure, "edit-site", { name: "siteId", value: s.id });
        const removal = failureOf(failure, "remove-site", { name: "siteId", value: s.id });
        const addHere = addUnit && addUnit.values.siteId === String(s.id) ? addUnit : undefined;
        return (
          <article key={s.id} aria-labelledby={`site-${s.id}-heading`} className="mt-4 rounded-md border border-slate-300 p-4 dark:border-slate-700">
            <h3 id={`site-${s.id}-heading`} className="text-lg font-semibold">
              {s.name}
            </h3>
            <p className="whitespace-pre-line">
              {[s.address, [s.city, s.pincode].filter(Boolean).join(" "), s.stateCode ? GST_STATES[s.stateCode] : null].filter(Boolean).join("\n") || <span className={muted}>No address</span>}
            </p>
            {s.requests > 0 && <p className={`text-sm ${muted}`}>{s.requests === 1 ? "1 request" : `${s.requests} requests`} at this site</p>}
            {removal?.errors.form && (
              <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                {removal.errors.form}
              </p>
            )}
            <h4 className="mt-3 font-semibold">Units ({s.units.length})</h4>
            <UnitList units={s.units} customer={customer} sites={choices} failure={failure} />
            {!erased && (
              <>
                <Fold summary={`Add a unit at ${s.name}`} open={Boolean(addHere)}>
                  <PostForm intent="add-unit" id={`add-unit-${s.id}`} version={customer.version} failure={addHere} button="Add the unit">
                    <UnitFields failure={addHere} sites={choices} defaultSite={s.id} />
                  </PostForm>
                </Fold>
                <Fold summary={`Edit ${s.name}`} open={Boolean(edit)}>
                  <PostForm intent="edit-site" id={`site-${s.id}`} version={customer.version} failure={edit} button="Save site" hidden={{ siteId: s.id }}>
                    <SiteFields failure={edit} site={s} />
                  </PostForm>
                </Fold>
                <div className="mt-3">
                  <ConfirmButton
                    intent="remove-site"
                    fields={{ version: customer.version, siteId: s.id }}
                    confirm={`Remove ${s.name}? Its units stay on the record without a site.`}
                    tone="danger"
                  >
                    Remove site
                  </ConfirmButton>
                </div>
              </>
            )}
          </article>
        );
      })}
      {(unplacedUnits.length > 0 || (addUnit && !addUnit.values.siteId)) && (
        <article aria-labelledby="no-site-heading" className="mt-4 rounded-md border border-slate-300 p-4 dark:border-slate-700">
          <h3 id="no-site-heading" className="text-lg font-semibold">
            Units without a site
          </h3>
          <UnitList units={unplacedUnits} customer={customer} sites={choices} failure={failure} />
        </article>
      )}
      {!erased && (
        <>
          <Fold summary="Add a site" open={Boolean(addSite)}>
            <PostForm intent="add-site" id="add-site" version={customer.version} failure={addSite} button="Add the site">
              <SiteFields failure={addSite} />
            </PostForm>
          </Fold>
          {sites.length === 0 && (
            <Fold summary="Add a unit" open={Boolean(addUnit)}>
              <PostForm intent="add-unit" id="add-unit" version={customer.version} failure={addUnit} button="Add the unit">
                <UnitFields failure={addUnit} sites={choices} />
              </PostForm>
            </Fold>
          )}
          {sites.length > 0 && addUnit && !addUnit.values.siteId && (
            <Fold summary="Add a unit without a site" open>
              <PostForm intent="add-unit" id="add-unit" version={customer.version} failure={addUnit} button="Add the unit">
                <UnitFields failure={addUnit} sites={choices} />
              </PostForm>
            </Fold>
          )}
        </>
      )}
    </Section>
  );
}

interface RequestRow {
  reference: string;
  receivedAt: string;
  statusLabel: string;
  open: boolean;
  service: string | null;
  equipment: string | null;
  site: string | null;
  city: string | null;
}

export function Requests({ requests, linked }: { requests: RequestRow[]; linked: boolean }) {
  return (
    <Section id="requests" title="Service requests">
      {requests.length === 0 ? (
        <p className={`mt-2 ${muted}`}>No requests yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {requests.map((r) => (
            <li key={r.reference} className="p-3">
              <p className="flex flex-wrap gap-x-3">
                {linked ? (
                  <a href={`/admin/service-requests/${encodeURIComponent(r.reference)}`} className={`${link} font-mono`}>
                    {r.reference}
                  </a>
                ) : (
                  <span className="font-mono font-semibold">{r.reference}</span>
                )}
                <span className={r.open ? "font-semibold" : muted}>{r.statusLabel}</span>
                <time dateTime={r.receivedAt} className={muted}>
                  {formatDateTime(r.receivedAt)}
                </time>
              </p>
              <p className="text-sm">{[r.service, r.equipment, r.site ?? r.city].filter(Boolean).join(" · ") || "No details given"}</p>
            </li>
          ))}
        </ul>
      )}
      {/* Issue 11 adds the customer's quotes, invoices and payments here, beside their requests. */}
    </Section>
  );
}

export function ConsentLog({ entries }: { entries: Array<{ at: string; what: string; detail: string }> }) {
  return (
    <Section id="consent" title="Consent log">
      {entries.length === 0 ? (
        <p className={`mt-2 ${muted}`}>Nothing recorded.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="text-sm">
              <time dateTime={e.at} className={`block ${muted}`}>
                {formatDateTime(e.at)}
              </time>
              <span className="font-medium">{e.what}</span>
              {e.detail && <span className="block">{e.detail}</span>}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** A personal-data request on record, as the domain gives it. */
type DataRequest = CustomerRecord["dataRequests"][number];

export function DataRequests({ customer: c, dataRequests, failure }: { customer: Customer; dataRequests: DataRequest[]; failure: FormFailure | undefined }) {
  const erased = c.erasedAt !== null;
  const record = failureOf(failure, "data-request");
  const erase = failureOf(failure, "erase");
  return (
    <Section id="personal-data" title="Personal data (DPDP Act)">
      {dataRequests.length === 0 ? (
        <p className={`mt-2 ${muted}`}>No requests about their data.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {dataRequests.map((d) => {
            const close = failureOf(failure, "close-data-request", { name: "dataRequestId", value: d.id });
            return (
              <li key={d.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                <p className="font-medium">
                  {d.kindLabel}: {d.status === "open" ? "open" : d.status}
                </p>
                <p className={`text-sm ${muted}`}>Asked {formatDateTime(d.askedAt)}</p>
                {d.detail && <p className="text-sm whitespace-pre-line">{d.detail}</p>}
                {d.resolution && <p className="text-sm">Answer: {d.resolution}</p>}
                {d.status === "open" && (
                  <Fold summary="Close this request" open={Boolean(close)}>
                    <PostForm intent="close-data-request" id={`close-${d.id}`} version={c.version} failure={close} button="Close the request" hidden={{ dataRequestId: d.id }}>
                      <SelectField
                        {...keptField(close, "status")}
                        label="Outcome"
                        required
                        placeholder="Choose…"
                        options={[{ group: "Outcome", items: [{ value: "done", label: "Done" }, { value: "declined", label: "Declined" }] }]}
                        hint={d.kind === "erasure" ? "An erasure is done by erasing below." : undefined}
                      />
                      <TextArea {...keptField(close, "resolution")} label="Answer for the customer" required rows={2} maxLength={1000} />
                    </PostForm>
                  </Fold>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!erased && (
        <>
          <Fold summary="Record a request about their data" open={Boolean(record)}>
            <PostForm intent="data-request" id="data-request" version={c.version} failure={record} button="Record the request">
              <SelectField
                {...keptField(record, "kind")}
                label="They asked for"
                required
                placeholder="Choose…"
                options={[{ group: "Requests", items: DATA_REQUEST_KINDS.map((k) => ({ value: k.value, label: k.label })) }]}
              />
              <TextArea {...keptField(record, "detail")} label="What they said" rows={2} maxLength={1000} hint="For a correction: what is wrong and what it should be." />
            </PostForm>
          </Fold>
          <Fold summary="Erase this customer's personal data" open={Boolean(erase)}>
            <p className="text-sm">
              Their name, mobile, e-mail, company, GSTIN, notes and site addresses are removed, and so are the contact details, photos and signatures on their
              requests. The requests stay (references, dates, status, the fault and the equipment), as do invoices the tax law says to keep. This cannot be undone.
            </p>
            <div className="mt-3">
              <PostForm intent="erase" id="erase" version={c.version} failure={erase} button="Erase personal data" danger>
                <TextArea {...keptField(erase, "reason")} label="Why" required rows={2} maxLength={500} hint="e.g. Asked by phone on 24 Nov." />
                <TextField {...keptField(erase, "confirm")} label={`Type ${c.reference} to confirm`} required maxLength={20} autoComplete="off" />
              </PostForm>
            </div>
          </Fold>
        </>
      )}
    </Section>
  );
}
