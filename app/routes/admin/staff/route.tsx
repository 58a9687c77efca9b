import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { addStaff, changeStaffRole, listStaff, removeStaff, type StaffOutcome } from "~/.server/staff/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FieldIdPrefix, FormError, RadioGroup, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { STAFF_ROLE_INFO, STAFF_ROLES } from "~/lib/auth/permissions.ts";
import { formatDateTime } from "~/lib/format.ts";
import { addStaffSchema, changeStaffRoleSchema, removeStaffSchema } from "~/lib/forms/admin/staff.ts";
import type { Route } from "./+types/route";
import { TitledSection } from "~/components/titled-section.tsx";
import { keptField } from "~/components/admin/kept-field.ts";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/staff (owner only: permission "staff"): who may use the back office and with which role. The
 * owner adds a member by mobile number, changes a member's role, or removes a member; each change is
 * audited, and the last owner can neither leave nor be demoted.
 */
const PATH = "/admin/staff";

export async function loader({ context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const members = await listStaff();
  return {
    me: staff.userId,
    members,
  };
}

export const handle = { title: "Staff" };

const ADMIN_PHONES_NOTE = "This number is in ADMIN_PHONES: the server makes it an owner again at every start.";

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const actor = auditActor(staff);
  const form = await readForm(request);
  const intent = form.get("intent");

  let outcome: StaffOutcome;
  let done: (o: Extract<StaffOutcome, { ok: true }>) => string;
  if (intent === "add") {
    const parsed = parseForm(form, addStaffSchema);
    if (parsed.refusal) return parsed.refusal;
    outcome = await addStaff(actor, parsed.data);
    done = (o) => `${o.name} was added as ${STAFF_ROLE_INFO[parsed.data.role].label}. They can sign in at /admin/login with their mobile number.`;
  } else if (intent === "role") {
    const parsed = parseForm(form, changeStaffRoleSchema);
    if (parsed.refusal) return parsed.refusal;
    outcome = await changeStaffRole(actor, parsed.data);
    done = (o) => `${o.name} is now ${STAFF_ROLE_INFO[parsed.data.role].label}.${o.fromAdminPhones && parsed.data.role !== "owner" ? ` ${ADMIN_PHONES_NOTE}` : ""}`;
  } else if (intent === "remove") {
    const parsed = parseForm(form, removeStaffSchema);
    if (parsed.refusal) return parsed.refusal;
    outcome = await removeStaff(actor, parsed.data);
    done = (o) => `${o.name} is no longer staff and has been signed out of the back office.${o.fromAdminPhones ? ` ${ADMIN_PHONES_NOTE}` : ""}`;
  } else {
    return refuseForm(form, "This form could not be read. Reload the page and try again.");
  }
  if (!outcome.ok) return refuseForm(form, outcome.message, outcome.field);
  // Someone who has just given up the owner's role can no longer open this screen.
  const stillOwner = outcome.userId !== staff.userId || outcome.role === "owner";
  return redirectWithFlash(stillOwner ? PATH : "/admin", { type: "success", message: done(outcome) });
}

type Member = Route.ComponentProps["loaderData"]["members"][number];

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_INFO[role].label, hint: STAFF_ROLE_INFO[role].description }));

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { members, me } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const addFailure = failure?.intent === "add" ? failure : undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Staff"
        description="Who may use the back office, and what each role may do. Staff sign in at /admin/login with their mobile number and a code sent by SMS."
      />

      <TitledSection headingId="add-heading" title="Add a staff member" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-xl font-semibold">
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Someone who already has an account (a customer, a technician) keeps it: the back office is added to it.
        </p>
        <IntentForm intent="add" error={addFailure?.errors.form} aria-labelledby="add-heading" className="mt-4 space-y-4" noValidate>
          <FieldIdPrefix.Provider value="add-">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...keptField(addFailure, "mobile")}
                label="Mobile number"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                required
                maxLength={20}
                hint="The number they will sign in with, e.g. 98480 12345."
              />
              <TextField
                {...keptField(addFailure, "name")}
                label="Name"
                autoComplete="off"
                required
                maxLength={100}
              />
            </div>
            <RadioGroup name="role" label="Role" required options={ROLE_OPTIONS} defaultValue={addFailure?.values.role ?? "office"} error={addFailure?.errors.role} />
          </FieldIdPrefix.Provider>
          <Button type="submit">
            Add to staff
          </Button>
        </IntentForm>
      </TitledSection>

      <TitledSection headingId="members-heading" title={<>Staff ({members.length})</>} className="mt-8" headingClassName="text-xl font-semibold">
        <ul className="mt-3 space-y-4" aria-label="Staff members">
          {members.map((m) => (
            <li key={m.userId}>
              <MemberCard member={m} isMe={m.userId === me} failure={failure && failure.intent !== "add" && failure.values.userId === String(m.userId) ? failure : undefined} />
            </li>
          ))}
        </ul>
      </TitledSection>
    </div>
  );
}

function MemberCard({ member: m, isMe, failure }: { member: Member; isMe: boolean; failure: FormFailure | undefined }) {
  const headingId = `member-${m.userId}-heading`;
  const rows: Array<[string, React.ReactNode]> = [
    ["Mobile", m.mobileLabel ?? "none (signs in through the company account)"],
    [
      "Role",
      <>
        <strong>{m.roleLabel}</strong>: {m.roleDescription}
      </>,
    ],
    ["Last sign-in", m.lastSignInAt ? <time dateTime={m.lastSignInAt}>{formatDateTime(m.lastSignInAt)}</time> : "never"],
    ["Added on", <time dateTime={m.addedAt}>{formatDateTime(m.addedAt)}</time>],
  ];
  const selectId = `member-${m.userId}-role`;
  return (
    <article aria-labelledby={headingId} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={headingId} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
        <span>{m.name}</span>
        {isMe && <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-medium dark:bg-slate-800">you</span>}
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[9rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {m.fromAdminPhones && (
        <p className="mt-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100">
          {ADMIN_PHONES_NOTE} To take the role away for good, remove the number from ADMIN_PHONES as well.
        </p>
      )}
      {failure && (
        <div className="mt-3">
          <FormError message={failure.errors.form ?? failure.errors.role ?? failure.errors.userId ?? failure.errors.from} />
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <IntentForm intent="role" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="userId" value={m.userId} />
          <input type="hidden" name="from" value={m.role} />
          <div>
            <label htmlFor={selectId} className="block text-sm font-medium">
              Role<span className="sr-only"> of {m.name}</span>
            </label>
            <select
              id={selectId}
              name="role"
              defaultValue={m.role}
              className="mt-1 block h-10 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_ROLE_INFO[r].label}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" size="small" type="submit">
            Change role<span className="sr-only"> of {m.name}</span>
          </Button>
        </IntentForm>
        <ConfirmButton
          intent="remove"
          fields={{ userId: m.userId, from: m.role }}
          tone="danger"
          confirm={`Remove ${m.name} from the staff? They are signed out of the back office at once.`}
        >
          Remove from staff<span className="sr-only">: {m.name}</span>
        </ConfirmButton>
      </div>
    </article>
  );
}
