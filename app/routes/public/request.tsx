import { randomUUID } from "node:crypto";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { listServices } from "~/.server/content/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { postServiceRequest } from "~/.server/requests/forms.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import {
  ConsentField,
  FileField,
  FormError,
  Honeypot,
  RadioGroup,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
} from "~/components/form/fields.tsx";
import { IdempotencyKey } from "~/components/form/idempotency-key.tsx";
import { PhoneIcon } from "~/components/icons.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { todayInIndia, type FormFailure } from "~/lib/forms/form-basics.ts";
import { URGENCIES } from "~/lib/forms/urgency.ts";
import { onlyInBrowser, useValidatedForm } from "~/lib/forms/use-validated-form.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/request";

export async function loader({ url }: Route.LoaderArgs) {
  const [site, services] = await Promise.all([getSiteSettings(), listServices()]);
  const wanted = url.searchParams.get("service") ?? "";
  const preselected = services.find((s) => s.slug === wanted || s.servicePaths.includes(`/services/${wanted}`));
  const options = SERVICE_CATEGORIES.map((category) => ({
    group: category,
    items: services.filter((s) => s.category === category).map((s) => ({ value: s.slug, label: s.name })),
  })).filter((g) => g.items.length > 0);
  return {
    options,
    preselected: preselected?.slug ?? "",
    // A fresh key per rendering of the form: a repeat of this submission finds the request it made.
    // (Hence no-store: a cached page would hand two visitors the same key.)
    idempotencyKey: randomUUID(),
    today: todayInIndia(),
    meta: seo(site, {
      type: "booking",
      title: "Request Service",
      description: `Raise a service request for drive, PLC, panel, motor or CNC repair. We respond within ${site.promises.responseHoursMin}-${site.promises.responseHoursMax} hours, 24/7 for breakdowns.`,
      path: "/request",
      breadcrumbs: [{ name: "Request Service", path: "/request" }],
    }),
  };
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : noStore();
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postServiceRequest(request, clientAddress(context)));
}

export const meta = routeMeta;

const loadSchema = () => (import.meta.env.SSR ? onlyInBrowser() : import("~/lib/forms/service-request.ts").then((m) => m.serviceRequestSchema));

/** Sends the form with XMLHttpRequest, for its upload progress; the server's JSON says where to go next. */
function sendWithProgress(form: HTMLFormElement, onProgress: (fraction: number) => void) {
  return new Promise<{ status: number; body: { location?: string } & Partial<FormFailure> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/request/submit");
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response ?? {}) as never });
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(new FormData(form));
  });
}

export default function RequestService({ loaderData, actionData }: Route.ComponentProps) {
  const { options, preselected, idempotencyKey, today } = loaderData;
  const { identity, promises } = useSite();
  const [xhrFailure, setXhrFailure] = useState<FormFailure>();
  const failure = xhrFailure ?? actionData;
  const { errors, sending: posting, onFocus, onBlur, onChange, onSubmit } = useValidatedForm(loadSchema, failure);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(formRef);
  useUnsavedChangesGuard(dirty);
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number>();
  const sending = posting || progress !== undefined;
  const v = failure?.values ?? {};

  /** With photos: sent with XMLHttpRequest, for its upload progress. */
  async function uploadWithProgress(form: HTMLFormElement) {
    setProgress(0);
    try {
      const { status, body } = await sendWithProgress(form, setProgress);
      if (status === 200 && body.location) {
        await navigate(body.location);
        return;
      }
      setXhrFailure({ errors: body.errors ?? {}, values: body.values ?? {} });
    } catch {
      setXhrFailure({
        errors: { form: "The connection dropped while sending. Your details are still here: please send again." },
        values: {},
      });
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Request Service", path: "/request" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Request Service</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
        Tell us about the equipment and the fault. An engineer calls you back within {promises.responseHoursMin}-
        {promises.responseHoursMax} hours, around the clock for breakdowns.
      </p>
      <p className="mt-3 font-semibold">
        <PhoneIcon className="mr-2 inline size-5 align-[-0.2em] text-brand-700 dark:text-sky-300" />A line is down right now?{" "}
        <a href={telHref(identity.supportPhone)} className="text-brand-700 underline dark:text-sky-300">
          Call {formatIndianPhone(identity.supportPhone)}
        </a>
      </p>

      <form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={(event) => {
          const photos = (event.currentTarget.elements.namedItem("photos") as HTMLInputElement | null)?.files?.length;
          onSubmit(event, photos ? (form) => void uploadWithProgress(form) : undefined);
        }}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={onChange}
        className="relative mt-8 space-y-8"
      >
        <FormError message={failure?.errors.form} />
        <IdempotencyKey value={idempotencyKey} />
        <Honeypot />

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold">Your details</legend>
          <TextField name="contactName" label="Contact name" required autoComplete="name" defaultValue={v.contactName} error={errors.contactName} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="mobile" label="Mobile number" type="tel" inputMode="tel" required autoComplete="tel" defaultValue={v.mobile} error={errors.mobile} hint="We send your reference to this number by SMS." />
            <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" defaultValue={v.email} error={errors.email} />
          </div>
          <TextField name="company" label="Company" autoComplete="organization" defaultValue={v.company} error={errors.company} />
          <TextArea name="siteAddress" label="Site address" required rows={2} defaultValue={v.siteAddress} error={errors.siteAddress} />
          <TextField name="city" label="City" required autoComplete="address-level2" defaultValue={v.city} error={errors.city} />
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold">Equipment and fault</legend>
          <SelectField name="service" label="Service" required placeholder="Choose a service" options={options} defaultValue={v.service ?? preselected} error={errors.service} />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField name="equipmentBrand" label="Brand" defaultValue={v.equipmentBrand} error={errors.equipmentBrand} hint="e.g. ABB, Siemens" />
            <TextField name="equipmentModel" label="Model" defaultValue={v.equipmentModel} error={errors.equipmentModel} hint="e.g. ACS580-01" />
            <TextField name="equipmentRating" label="Rating (kW or HP)" defaultValue={v.equipmentRating} error={errors.equipmentRating} hint="e.g. 37 kW" />
          </div>
          <TextArea name="faultDescription" label="Fault description" required defaultValue={v.faultDescription} error={errors.faultDescription} hint="What happened, what the display shows, what has been tried." />
          <TextField name="faultCode" label="Fault code" defaultValue={v.faultCode} error={errors.faultCode} hint="As shown on the drive or HMI, e.g. F0001 or 2310." />
          <FileField name="photos" label="Photos" accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif" multiple error={errors.photos} hint="Up to 5 photos (JPEG, PNG, WebP or HEIC, at most 10 MB each): the nameplate and the display help most." />
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="text-xl font-bold">When</legend>
          <RadioGroup name="urgency" label="Urgency" required options={URGENCIES.map((u) => ({ value: u.value, label: u.label, hint: u.hint }))} defaultValue={v.urgency} error={errors.urgency} />
          <TextField name="preferredDate" label="Preferred date" type="date" min={today} defaultValue={v.preferredDate} error={errors.preferredDate} />
        </fieldset>

        <ConsentField purpose="to handle this service request" error={errors.consent} />

        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton sending={sending} label="Send request" />
          {progress !== undefined && (
            <div className="flex min-w-48 flex-1 items-center gap-3">
              <progress value={progress} max={1} aria-label="Uploading photos" className="h-2 w-full" />
              <span className="text-sm tabular-nums">{Math.round(progress * 100)}%</span>
            </div>
          )}
        </div>
      </form>
    </div>
  );
}
