import { useRef } from "react";
import { redirect } from "react-router";
import { clientAddress, refuse } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import {
  DASHBOARD_PATH,
  postRegistration,
  REGISTRATION_PATH,
  registrationStep,
  type RegistrationDraft,
  type RegistrationFailure,
  type RegistrationOutcome,
} from "~/.server/technicians/index.ts";
import { ConsentField, FieldError, FileField, FormError, Honeypot, RadioGroup, SelectField, SubmitButton, TextField } from "~/components/form/fields.tsx";
import { CodeStep } from "~/components/form/code-step.tsx";
import { link } from "~/components/ui/styles.ts";
import {
  AVAILABILITY,
  ID_PROOF_LIMITS,
  ID_PROOF_TYPES,
  SKILLS,
  SKILLS_FIELD,
  technicianRegistrationBrowserSchema,
  YEARS_MAX,
} from "~/lib/forms/technician-registration.ts";
import { useValidatedForm } from "~/lib/forms/use-validated-form.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/register";

/**
 * /technician/register: step 1, the application (a multipart form with the ID proof); step 2, the code
 * sent to the mobile number. A right code makes the application pending and signs the technician in; the
 * dashboard then shows the application's status. Every step is a plain form post; what each does is in
 * ~/.server/technicians/registration.ts.
 */

export async function loader({ request, url }: Route.LoaderArgs) {
  const [page, site] = await Promise.all([registrationStep(request, url), getSiteSettings()]);
  if (page.step === "registered") throw redirect(DASHBOARD_PATH, { headers: noStore() });
  const meta = seo(site, {
    type: "careers",
    title: "Technician Registration",
    description:
      "Field technicians and engineers for drives, PLCs, panels, CNC and electrical maintenance: register to take service jobs with us across India.",
    path: REGISTRATION_PATH,
    noindex: true,
  });
  if (page.step === "code") return { ...page, resent: url.searchParams.get("resent") === "1", meta };
  return { ...page, meta };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(noStore());
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

export const meta = routeMeta;

export async function action({ request, url, context }: Route.ActionArgs) {
  return answer(await postRegistration(request, url, clientAddress(context)));
}

/** The page's answer to a post: 303 to the next step (setting its cookies), or the step again with its messages. */
function answer(outcome: RegistrationOutcome) {
  if (outcome.ok) {
    const headers = new Headers(noStore());
    for (const cookie of outcome.cookies) headers.append("Set-Cookie", cookie);
    return redirect(outcome.location, { status: 303, headers });
  }
  const headers: Record<string, string> = {};
  if (outcome.retryAfter) headers["Retry-After"] = String(outcome.retryAfter);
  if (outcome.cookie) headers["Set-Cookie"] = outcome.cookie;
  return refuse(outcome.failure, outcome.status, headers);
}

// ── Page ─────────────────────────────────────────────────────────────────────────────────────────

export default function TechnicianRegister({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as RegistrationFailure | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Technician Registration</h1>
      {loaderData.step === "code" ? (
        <>
          <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
            Last step: confirm your mobile number. Your application then goes to our office, and you are signed in to
            see its status.
          </p>
          <CodeStep
            mobile={loaderData.mobile}
            resendIn={loaderData.resendIn}
            resent={loaderData.resent}
            developmentCode={loaderData.developmentCode}
            failure={failure}
            formLabel="Confirm your mobile number"
            submitLabel="Verify and sign in"
          />
        </>
      ) : (
        <ApplicationStep draft={loaderData.draft} failure={failure} />
      )}
    </div>
  );
}

// The page imports the module for its lists already: the schema comes with them (a dynamic import of it
// could not split anything off).
const loadSchema = () => Promise.resolve(technicianRegistrationBrowserSchema);

function ApplicationStep({ draft, failure }: { draft: RegistrationDraft | undefined; failure: RegistrationFailure | undefined }) {
  const { promises } = useSite();
  const { errors, sending, onFocus, onBlur, onChange, onSubmit } = useValidatedForm(loadSchema, failure);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(formRef);
  useUnsavedChangesGuard(dirty);
  const v: Record<string, string> = failure?.values ?? draft?.values ?? {};
  const chosenSkills = new Set((v.skills ?? "").split(",").filter(Boolean));
  return (
    <>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
        Drive, PLC, panel, CNC and electrical maintenance technicians: work with us on service jobs near you. Send your
        details and an ID proof, confirm your mobile number with the code we send by SMS, and our office reviews your
        application within {promises.responseHoursMin}-{promises.responseHoursMax} hours.
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Already registered?{" "}
        <a href="/technician/login" className={link}>
          Sign in
        </a>
        .
      </p>

      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        aria-label="Technician registration"
        onSubmit={(event) => onSubmit(event)}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={onChange}
        className="relative mt-8 space-y-8"
      >
        <FormError message={failure?.errors.form} />
        <input type="hidden" name="intent" value="register" />
        <Honeypot />

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold">About you</legend>
          <TextField name="name" label="Full name" required autoComplete="name" maxLength={100} defaultValue={v.name} error={errors.name} />
          <TextField
            name="mobile"
            label="Mobile number"
            type="tel"
            inputMode="tel"
            required
            autoComplete="tel"
            maxLength={20}
            defaultValue={v.mobile}
            error={errors.mobile}
            hint={
              failure?.registered ? (
                <>
                  Registered before?{" "}
                  <a href="/technician/login" className={link}>
                    Sign in with this number
                  </a>{" "}
                  to see your application.
                </>
              ) : (
                "Ten digits, e.g. 98480 12345. We send a 6-digit code to this number to confirm it is yours."
              )
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" maxLength={200} defaultValue={v.email} error={errors.email} />
            <TextField
              name="city"
              label="City"
              required
              autoComplete="address-level2"
              maxLength={80}
              defaultValue={v.city}
              error={errors.city}
              hint="Where you live and work from, e.g. Hyderabad"
            />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold">Your work</legend>
          <SkillsField chosen={chosenSkills} error={errors[SKILLS_FIELD]} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="yearsExperience"
              label="Years of experience"
              inputMode="numeric"
              required
              maxLength={2}
              defaultValue={v.yearsExperience}
              error={errors.yearsExperience}
              hint={`In this trade, 0 to ${YEARS_MAX}`}
            />
            <TextField
              name="currentEmployer"
              label="Current employer"
              autoComplete="organization"
              maxLength={150}
              defaultValue={v.currentEmployer}
              error={errors.currentEmployer}
              hint="Leave blank if you work for yourself"
            />
          </div>
          <RadioGroup
            name="availability"
            label="Availability"
            required
            options={AVAILABILITY}
            defaultValue={v.availability}
            error={errors.availability}
          />
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold">ID proof</legend>
          <SelectField
            name="idProofType"
            label="Kind of ID"
            required
            placeholder="Choose the ID you attach"
            options={[{ group: "Government photo ID", items: ID_PROOF_TYPES.map((t) => ({ value: t.value, label: t.label })) }]}
            defaultValue={v.idProofType}
            error={errors.idProofType}
          />
          <FileField
            name="idProof"
            label="ID proof file"
            required={!draft}
            accept={ID_PROOF_LIMITS.accept}
            error={errors.idProof}
            hint={
              draft ? (
                <>
                  We have your file <strong>{draft.idProofName}</strong>. Choose a file only to replace it.
                </>
              ) : (
                "A scan or clear photo: PDF, JPEG or PNG, at most 5 MB. Only our office sees it."
              )
            }
          />
        </fieldset>

        <ConsentField purpose="to review my application and offer me service jobs" error={errors.consent} />

        <SubmitButton sending={sending} label="Register and send code" />
      </form>
    </>
  );
}

/** Tick boxes for the skills, with one message for the group. */
function SkillsField({ chosen, error }: { chosen: Set<string>; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "skills-error" : "skills-hint"}>
      <legend className="font-medium">
        Skills
        <span className="text-red-700 dark:text-red-400" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <p id="skills-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Tick everything you can do on your own.
      </p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {SKILLS.map((skill) => (
          <label
            key={skill.id}
            className={`flex cursor-pointer items-start gap-2 rounded-md border p-3 has-checked:border-brand-700 has-checked:bg-brand-50 dark:has-checked:border-sky-400 dark:has-checked:bg-slate-800 ${error ? "border-red-700 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}
          >
            <input
              type="checkbox"
              name={SKILLS_FIELD}
              value={skill.id}
              defaultChecked={chosen.has(skill.id)}
              aria-invalid={error ? true : undefined}
              className="mt-1 size-4 shrink-0"
            />
            <span>{skill.label}</span>
          </label>
        ))}
      </div>
      <FieldError id="skills-error" message={error} />
    </fieldset>
  );
}

