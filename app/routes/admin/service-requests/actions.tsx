import { FieldError, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { ButtonLink } from "~/components/ui/button.tsx";
import { clockLabel, CONTACT_KINDS, STATUS_CHOICES, TIME_SLOTS, type RequestIntent } from "~/lib/forms/admin/request-actions.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentFormPanel } from "~/components/admin/intent-form-panel.tsx";
import { keptField } from "~/components/admin/kept-field.ts";

/**
 * The request page's action forms, each a plain POST with its intent and the request's version, grouped
 * by what the office does: contact, progress, dispatch (only with the "dispatch" permission), paperwork,
 * and closing. A refused form shows its messages beside its fields and keeps what was typed.
 */

/** What a refused action returned (FormFailure, ~/lib/forms/form-basics.ts). */
export interface FormFailure {
  errors: Record<string, string>;
  values: Record<string, string>;
  intent?: string;
}

interface ActionsProps {
  request: { reference: string; status: string; closed: boolean; version: number; poNumber: string | null };
  technicianAssigned: boolean;
  suggestions: Array<{ id: number; name: string; reasons: string[]; assigned: boolean }>;
  canDispatch: boolean;
  today: string;
  visitDefaults: { date?: string; from?: string; to?: string };
  failure: FormFailure | undefined;
}

const dangerClass =
  "inline-flex h-11 items-center rounded-md border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-slate-800";

export function timeOptions() {
  const group = (label: string, from: number, to: number) => ({
    group: label,
    items: TIME_SLOTS.filter((t) => Number(t.slice(0, 2)) >= from && Number(t.slice(0, 2)) < to).map((t) => ({ value: t, label: clockLabel(t) })),
  });
  return [group("Morning", 6, 12), group("Afternoon", 12, 17), group("Evening", 17, 22), group("Night", 22, 24), group("Early morning", 0, 6)];
}

/** Suggestions shown at once; the others are behind "All other approved technicians". */
const TOP_SUGGESTIONS = 5;

function TechnicianChoices({ items, chosen }: { items: ActionsProps["suggestions"]; chosen: string | undefined }) {
  return (
    <ul className="mt-2 space-y-2">
      {items.map((s) => (
        <li key={s.id}>
          <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:border-sky-400 dark:has-checked:bg-slate-800">
            <input type="radio" name="technicianId" value={s.id} defaultChecked={chosen === String(s.id)} className="mt-1 size-4 shrink-0" />
            <span>
              <span className="block font-medium">
                {s.name}
                {s.assigned && " (assigned now)"}
              </span>
              <span className="block text-sm text-slate-700 dark:text-slate-300">{s.reasons.join(" · ")}</span>
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}

export function RequestActions({ request: r, technicianAssigned, suggestions, canDispatch, today, visitDefaults, failure }: ActionsProps) {
  const f = (intent: RequestIntent) => (failure?.intent === intent ? failure : undefined);
  const contact = f("contact");
  const status = f("status");
  const assign = f("assign");
  const schedule = f("schedule");
  const po = f("po");
  const duplicate = f("duplicate");
  const cancel = f("cancel");
  const current = suggestions.find((s) => s.assigned);
  const chosen = assign?.values.technicianId ?? (current ? String(current.id) : undefined);
  return (
    <div className="mt-8 min-w-0">
      <h2 id="actions" className="scroll-mt-4 text-xl font-semibold">
        Actions
      </h2>
      <div className="mt-3 space-y-5">
        <IntentFormPanel
          intent="contact"
          title="Log a call or note"
          version={r.version}
          failure={failure}
          button="Save"
          intro="The first call or note stops the response clock; a call on a new request marks it Engineer called."
        >
          <fieldset aria-describedby={contact?.errors.kind ? "contact-kind-error" : undefined}>
            <legend className="font-medium">What</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {CONTACT_KINDS.map((o) => (
                <label
                  key={o.value}
                  className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:border-sky-400 dark:has-checked:bg-slate-800"
                >
                  <input type="radio" name="kind" value={o.value} defaultChecked={(contact?.values.kind ?? "call") === o.value} className="mt-1 size-4 shrink-0" />
                  <span>
                    <span className="block font-medium">{o.label}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">{o.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="contact-kind-error" message={contact?.errors.kind} />
          </fieldset>
          <TextArea {...keptField(contact, "note")} label="What was said or done" required rows={3} maxLength={2000} />
          <label className="flex items-start gap-3">
            <input type="checkbox" name="internal" value="yes" defaultChecked={contact?.values.internal === "yes"} className="mt-1 size-5 shrink-0" />
            <span>Internal note, not shown to the customer (calls never are)</span>
          </label>
        </IntentFormPanel>

        {!r.closed && (
          <IntentFormPanel intent="status" title="Change the status" version={r.version} failure={failure} button="Change status">
            <SelectField
              {...keptField(status, "status")}
              label="New status"
              required
              placeholder="Choose…"
              options={[{ group: `Now: ${officeStatusLabel(r.status)}`, items: STATUS_CHOICES.filter((s) => s !== r.status).map((s) => ({ value: s, label: officeStatusLabel(s) })) }]}
              hint="Visit scheduled, Waiting for you and Completed send the customer an SMS (and an e-mail if they gave one)."
            />
            <TextArea
              {...keptField(status, "note")}
              label="Note for the customer"
              rows={2}
              maxLength={1000}
              hint="The customer reads it on their request page."
            />
          </IntentFormPanel>
        )}

        {canDispatch && !r.closed && (
          <IntentFormPanel
            intent="assign"
            title={technicianAssigned ? "Reassign the technician" : "Assign a technician"}
            version={r.version}
            failure={failure}
            button={technicianAssigned ? "Reassign" : "Assign"}
            intro="Suggested first: the skill for this service, the same city, available now, and the lightest day. The technician gets an SMS."
          >
            {suggestions.length === 0 ? (
              <p>No approved technicians yet: approve applications under Technicians first.</p>
            ) : (
              <fieldset aria-describedby={assign?.errors.technicianId ? "assign-technicianId-error" : undefined}>
                <legend className="font-medium">Technician</legend>
                <TechnicianChoices items={suggestions.slice(0, TOP_SUGGESTIONS)} chosen={chosen} />
                {suggestions.length > TOP_SUGGESTIONS && (
                  // The best few are enough most of the time; the rest (a long list with many technicians)
                  // stay one click away, open already when the chosen one is among them.
                  <details className="mt-3" open={suggestions.slice(TOP_SUGGESTIONS).some((s) => chosen === String(s.id)) || undefined}>
                    <summary className="cursor-pointer font-medium text-brand-700 underline dark:text-sky-300">
                      All other approved technicians ({suggestions.length - TOP_SUGGESTIONS})
                    </summary>
                    <TechnicianChoices items={suggestions.slice(TOP_SUGGESTIONS)} chosen={chosen} />
                  </details>
                )}
                <FieldError id="assign-technicianId-error" message={assign?.errors.technicianId} />
              </fieldset>
            )}
          </IntentFormPanel>
        )}

        {canDispatch && !r.closed && (
          <IntentFormPanel
            intent="schedule"
            title="Schedule the visit"
            version={r.version}
            failure={failure}
            button="Book the visit"
            intro={
              technicianAssigned
                ? "India time; a window that ends at an earlier time than it starts ends the next day. The status becomes Visit scheduled and the customer gets an SMS with the date, the window and the engineer's name."
                : "Assign a technician first: the customer is told who is coming."
            }
          >
            <TextField
              name="date"
              label="Date"
              type="date"
              required
              min={today}
              defaultValue={schedule?.values.date ?? visitDefaults.date}
              error={schedule?.errors.date}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ["from", "From"],
                  ["to", "To"],
                ] as const
              ).map(([name, label]) => (
                <SelectField key={name} name={name} label={label} required placeholder="Choose…" options={timeOptions()} defaultValue={schedule?.values[name] ?? visitDefaults[name]} error={schedule?.errors[name]} />
              ))}
            </div>
          </IntentFormPanel>
        )}

        <IntentFormPanel intent="po" title="Purchase order" version={r.version} failure={failure} button="Save PO number">
          <TextField name="poNumber" label="Customer's PO number" required maxLength={60} defaultValue={po?.values.poNumber ?? r.poNumber ?? undefined} error={po?.errors.poNumber} />
        </IntentFormPanel>

        {!r.closed && (
          <IntentFormPanel
            intent="duplicate"
            title="Mark as duplicate"
            version={r.version}
            failure={failure}
            button="Mark as duplicate"
            submitClass={dangerClass}
            intro="Cancels this request as a repeat of another; the customer is told which reference carries the work."
          >
            <TextField {...keptField(duplicate, "original")} label="Reference of the original request" required maxLength={20} hint="e.g. SR-2611-0042" />
          </IntentFormPanel>
        )}

        {!r.closed && (
          <IntentFormPanel intent="cancel" title="Cancel the request" version={r.version} failure={failure} button="Cancel the request" submitClass={dangerClass}>
            <TextArea
              {...keptField(cancel, "reason")}
              label="Reason"
              required
              rows={2}
              maxLength={500}
              hint="The customer reads it on their request page and in the e-mail; they get an SMS."
            />
          </IntentFormPanel>
        )}

        {r.closed && <p className="text-slate-700 dark:text-slate-300">This request is closed: calls, notes and the PO number can still be recorded.</p>}
      </div>
    </div>
  );
}

/** The request's units booked in for bench repair, and the way to book one in (issue 10, section 4). */
export function BenchJobs({
  reference,
  closed,
  jobs,
}: {
  reference: string;
  closed: boolean;
  jobs: Array<{ jobCard: string; unit: string; stageLabel: string; warrantyRepeatOf: string | null; warrantyUntil: string | null }>;
}) {
  return (
    <TitledSection headingId="bench-heading" title="Bench repair" className="mt-8" headingClassName="text-xl font-semibold">
      {jobs.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {jobs.map((j) => (
            <li key={j.jobCard} className="p-3">
              <a href={`/admin/bench/${encodeURIComponent(j.jobCard)}`} className="font-mono font-semibold text-brand-700 underline dark:text-sky-300">
                {j.jobCard}
              </a>{" "}
              {j.unit}: <strong>{j.stageLabel}</strong>
              {j.warrantyUntil && <span> (warranty until {j.warrantyUntil})</span>}
              {j.warrantyRepeatOf && (
                <span className="mt-1 block font-semibold text-amber-900 dark:text-amber-200">Warranty repeat: came back within the warranty of {j.warrantyRepeatOf}</span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700 dark:text-slate-300">No unit of this request is in the workshop.</p>
      )}
      {!closed && (
        <p className="mt-3">
          <ButtonLink
            variant="secondary"
            href={`/admin/service-requests/${encodeURIComponent(reference)}/bench`}
          >
            Book in for bench repair
          </ButtonLink>
        </p>
      )}
    </TitledSection>
  );
}
