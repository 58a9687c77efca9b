import { useRef } from "react";
import { data, redirect } from "react-router";
import { developmentCode, resendWait } from "~/.server/auth/otp.ts";
import { readSession, revokeSession, startSession } from "~/.server/auth/index.ts";
import { recordSignIn } from "~/.server/auth/users.ts";
import { checkForm, clientAddress, readForm, refuse, UNREADABLE_FORM } from "~/.server/forms/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import {
  clearRegistration,
  findDraft,
  findProfileForUser,
  readRegistration,
  saveApplication,
  saveRegistration,
  sendRegistrationCode,
  verifyApplication,
} from "~/.server/technicians/index.ts";
import { chosenFiles, UploadError } from "~/.server/uploads/index.ts";
import {
  ConsentField,
  FileField,
  FormError,
  Honeypot,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextField,
} from "~/components/form/fields.tsx";

import { fieldErrors } from "~/lib/forms/fields.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { verifyCodeSchema } from "~/lib/forms/sign-in.ts";
import {
  AVAILABILITY,
  ID_PROOF_LIMITS,
  ID_PROOF_MISSING,
  ID_PROOF_TYPES,
  SKILLS,
  SKILLS_FIELD,
  technicianRegistrationSchema,
  YEARS_MAX,
} from "~/lib/forms/technician-registration.ts";
import { useValidatedForm } from "~/lib/forms/use-validated-form.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { useSite } from "~/lib/use-site.ts";
import { CodeStep } from "~/components/form/code-step.tsx";
import type { Route } from "./+types/register";
import { noStore } from "~/.server/http/cache.ts";

/**
 * /technician/register: step 1, the application (a multipart form with the ID proof); step 2, the code
 * sent to the mobile number. A right code makes the application pending and signs the technician in; the
 * dashboard then shows the application's status. Every step is a plain form post.
 */

const PATH = "/technician/register";
const DASHBOARD = "/technician/dashboard";

export async function loader({ request, url }: Route.LoaderArgs) {
  const own = await ownApplication(request);
  if (own && own.status !== "rejected") throw redirect(DASHBOARD, { headers: noStore() });
  const [site, state] = await Promise.all([getSiteSettings(), readRegistration(request, url)]);
  const meta = seo(site, {
    type: "careers",
    title: "Technician Registration",
    description:
      "Field technicians and engineers for drives, PLCs, panels, CNC and electrical maintenance: register to take service jobs with us across India.",
    path: PATH,
    noindex: true,
  });
  if (state?.challengeId && state.mobile) {
    return {
      step: "code" as const,
      mobile: state.mobile,
      resendIn: await resendWait(state.challengeId),
      resent: url.searchParams.get("resent") === "1",
      developmentCode: await developmentCode(state.mobile, state.challengeId),
      meta,
    };
  }
  const draft = state ? await findDraft(state.profileId, state.proof) : own ? await findDraft(own.id, null) : undefined;
  return { step: "form" as const, draft, meta };
}

/**
 * The application of a technician who is signed in: one under review or approved has nothing to do here
 * (the dashboard); a rejected one may apply again, starting from the details they sent before.
 */
async function ownApplication(request: Request) {
  const session = await readSession(request);
  return session?.role === "technician" ? findProfileForUser(session.user) : undefined;
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(noStore());
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

export const meta = routeMeta;

/** What a refused post of this page answers: the step's messages, and on step 1 whether to offer sign-in. */
type Failure = FormFailure & { registered?: boolean };

function fail(failure: Failure, status = 400, headers: Record<string, string> = {}) {
  return refuse(failure, status, headers);
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const address = clientAddress(context);
  const form = await readForm(request);
  if (!form) return fail({ errors: {}, values: {}, formError: UNREADABLE_FORM });
  const state = await readRegistration(request, url);
  const intent = form.get("intent");

  if (intent === "restart") {
    // Back to the form, which keeps what was typed (and the ID proof) for the new number.
    const cookie = state ? await saveRegistration({ profileId: state.profileId, proof: state.proof }, url) : await clearRegistration(url);
    return redirect(PATH, { status: 303, headers: { ...noStore(), "Set-Cookie": cookie } });
  }
  if (intent === "resend" || intent === "verify") {
    if (!state?.challengeId || !state.mobile) {
      return fail({ errors: {}, values: {}, formError: "Your registration timed out. Please fill in the form again." });
    }
    if (intent === "resend") {
      const sent = await sendRegistrationCode(state.mobile, address, new Date(), { resend: true });
      if (!sent.ok) return fail({ errors: {}, values: {}, formError: sent.message }, 429, { "Retry-After": String(sent.retryAfter) });
      const cookie = await saveRegistration({ ...state, challengeId: sent.challengeId }, url);
      return redirect(`${PATH}?resent=1`, { status: 303, headers: { ...noStore(), "Set-Cookie": cookie } });
    }
    return verify(request, url, address, form, { profileId: state.profileId, challengeId: state.challengeId, mobile: state.mobile });
  }
  const own = state ? undefined : await ownApplication(request);
  const draft = state
    ? { id: state.profileId, found: await findDraft(state.profileId, state.proof) }
    : own?.status === "rejected"
      ? { id: own.id, found: await findDraft(own.id, null) }
      : undefined;
  return register(request, url, address, form, draft?.found ? draft.id : undefined);
}

/** Step 1: the application. draftId: the application this browser (or signed-in technician) wrote before. */
async function register(request: Request, url: URL, address: string, form: FormData, draftId: number | undefined) {
  // Ticked skills arrive one value each: the schema takes them joined.
  const normalised = new FormData();
  for (const [key, value] of form) if (key !== SKILLS_FIELD && key !== "skills") normalised.append(key, value);
  normalised.set("skills", form.getAll(SKILLS_FIELD).filter((v) => typeof v === "string").join(","));
  const files = chosenFiles(form.getAll("idProof"));
  const checked = await checkForm(normalised, address, technicianRegistrationSchema, {
    limit: "technician-registration",
    extraErrors: files.length === 0 && !draftId ? { idProof: ID_PROOF_MISSING } : {},
  });
  if (!checked.ok) {
    const outcome = checked.outcome;
    if (outcome.ok) return redirect(outcome.location, 303);
    // The message about skills goes beside the tick boxes, under their name.
    const { skills: skillsError, ...errors } = outcome.failure.errors;
    const failure = { ...outcome.failure, errors: skillsError ? { ...errors, [SKILLS_FIELD]: skillsError } : errors };
    return fail(failure, outcome.status, outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {});
  }
  const { values } = checked;
  let saved;
  try {
    const session = await readSession(request);
    const signedInMobile = session?.role === "technician" ? (session.user.mobile ?? undefined) : undefined;
    saved = await saveApplication(checked.data, files[0], draftId, new Date(), signedInMobile);
  } catch (error) {
    if (error instanceof UploadError) return fail({ errors: { idProof: error.message }, values });
    throw error;
  }
  if (!saved.ok) {
    if (saved.reason === "no-file") return fail({ errors: { idProof: ID_PROOF_MISSING }, values });
    return fail({
      errors: {
        mobile:
          saved.status === "approved"
            ? "This number is already registered as a technician. Sign in with it instead."
            : saved.status === "rejected"
              ? "This number's application was not approved. Sign in with it to read why and apply again."
              : "This number already has an application waiting for review. Sign in with it to see its status.",
      },
      values,
      registered: true,
    });
  }
  const sent = await sendRegistrationCode(saved.mobile, address);
  if (!sent.ok) {
    // The application is kept: sending the form again later needs no new file.
    const cookie = await saveRegistration({ profileId: saved.profileId, proof: saved.idProofPath }, url);
    return fail({ errors: { mobile: sent.message }, values }, 429, { "Retry-After": String(sent.retryAfter), "Set-Cookie": cookie });
  }
  const cookie = await saveRegistration(
    { profileId: saved.profileId, proof: saved.idProofPath, challengeId: sent.challengeId, mobile: saved.mobile },
    url,
  );
  return redirect(PATH, { status: 303, headers: { ...noStore(), "Set-Cookie": cookie } });
}

/** Step 2: the code. A right one signs the technician in. */
async function verify(
  request: Request,
  url: URL,
  address: string,
  form: FormData,
  state: { profileId: number; challengeId: number; mobile: string },
) {
  const values = { code: String(form.get("code") ?? "") };
  const parsed = verifyCodeSchema.safeParse(values);
  if (!parsed.success) return fail({ errors: fieldErrors(parsed.error), values });
  const verified = await verifyApplication({ ...state, code: parsed.data.code, address });
  if (!verified.ok) {
    if (verified.reason === "gone") {
      return data({ errors: {}, values: {}, formError: verified.message } satisfies Failure, {
        status: 400,
        headers: { ...noStore(), "Set-Cookie": await clearRegistration(url) },
      });
    }
    const limited = verified.reason === "address-limit";
    return fail({ errors: { code: verified.message }, values }, limited ? 429 : 400, verified.retryAfter ? { "Retry-After": String(verified.retryAfter) } : {});
  }
  // A new sign-in replaces whatever session this browser had.
  const previous = await readSession(request);
  if (previous) await revokeSession(previous.id);
  const headers = new Headers(noStore());
  headers.append("Set-Cookie", await startSession({ userId: verified.userId, role: "technician", method: "otp", request, url, address }));
  headers.append("Set-Cookie", await clearRegistration(url));
  await recordSignIn(verified.userId);
  return redirect(DASHBOARD, { status: 303, headers });
}

// ── Page ─────────────────────────────────────────────────────────────────────────────────────────

const linkClass = "font-semibold text-brand-700 underline dark:text-sky-300";

export default function TechnicianRegister({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
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

const loadSchema = () => import("~/lib/forms/technician-registration.ts").then((m) => m.technicianRegistrationBrowserSchema);

type Draft = Awaited<ReturnType<typeof findDraft>>;

function ApplicationStep({ draft, failure }: { draft: Draft; failure: Failure | undefined }) {
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
        <a href="/technician/login" className={linkClass}>
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
        <FormError message={failure?.formError} />
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
                  <a href="/technician/login" className={linkClass}>
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
      {error && (
        <p id="skills-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

