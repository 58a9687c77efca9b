import { Form, useNavigation } from "react-router";
import { effectiveOidc } from "~/.server/settings/integrations.ts";
import { requireAdminHost, signInAction, signInPage } from "~/.server/auth/index.ts";
import { clientAddress } from "~/.server/forms/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { FormError, SubmitButton, TextField } from "~/components/form/fields.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { isRole, type Role } from "~/lib/auth/roles.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import { CodeStep } from "~/components/form/code-step.tsx";
import type { Route } from "./+types/sign-in";
import { noStore } from "~/.server/http/cache.ts";

/**
 * /customer/login, /technician/login and /admin/login: sign-in by mobile number and a one-time code
 * (and, when configured, through the external OpenID provider). One module, three URLs: the portal is
 * the path's first segment.
 */

const COPY: Record<Role, { title: string; intro: string; description: string }> = {
  customer: {
    title: "Customer Login",
    intro:
      "Sign in with your mobile number to follow your service requests. No password: we send a one-time code by SMS. Your first sign-in creates your account, and requests you made earlier with this number appear in it.",
    description: "Sign in with your mobile number and a one-time code to follow your service requests.",
  },
  technician: {
    title: "Technician Login",
    intro: "Sign in with the mobile number you registered with. We send a one-time code by SMS.",
    description: "Registered technicians sign in with their mobile number and a one-time code.",
  },
  admin: {
    title: "Admin Login",
    intro: "Back office sign-in for staff, by mobile number and a one-time code.",
    description: "Back office sign-in for staff.",
  },
};

/** Spec section 8: the identity provider's failures. */
const OIDC_ERRORS: Record<string, string> = {
  failed: "Sign-in failed. Please try again, or sign in with your mobile number.",
  denied: "Sign-in failed: the sign-in was cancelled at the provider.",
  "no-account": "Sign-in failed: no account here uses that provider account. Sign in with your mobile number instead.",
};

function roleOf(url: URL): Role {
  const role = url.pathname.split("/")[1];
  if (!isRole(role)) throw new Error(`sign-in page at ${url.pathname}`);
  return role;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const role = roleOf(url);
  if (role === "admin") await requireAdminHost(url);
  const [page, site, oidc] = await Promise.all([signInPage(request, url, role), getSiteSettings(), effectiveOidc()]);
  return {
    ...page,
    oidcProvider: oidc?.providerName,
    oidcError: OIDC_ERRORS[url.searchParams.get("oidcError") ?? ""],
    meta: seo(site, { type: "policy", title: COPY[role].title, description: COPY[role].description, path: url.pathname, noindex: true }),
  };
}

export function headers() {
  return noStore();
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const role = roleOf(url);
  if (role === "admin") await requireAdminHost(url);
  return signInAction(request, url, role, clientAddress(context));
}

export const meta = routeMeta;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { role, step, mobile, returnTo, resent, resendIn, developmentCode, oidcProvider, oidcError } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const site = useSite();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const copy = COPY[role];
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold">{copy.title}</h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{copy.intro}</p>
      {step === "mobile" ? (
        <>
          <div className="mt-6">
            <FormError message={oidcError ?? failure?.errors.form} />
          </div>
          <Form method="post" className="mt-6 space-y-5" aria-label="Send a sign-in code">
            <input type="hidden" name="intent" value="send" />
            {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
            <TextField
              name="mobile"
              label="Mobile number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={20}
              defaultValue={failure?.values.mobile}
              error={failure?.errors.mobile}
              hint="Ten digits, e.g. 98480 12345. We send a 6-digit code by SMS."
            />
            <SubmitButton sending={sending} label="Send code" />
          </Form>
          {oidcProvider && (
            <Form method="post" action="/auth/oidc/start" className="mt-6 border-t border-slate-200 pt-6 dark:border-slate-800">
              <input type="hidden" name="role" value={role} />
              {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
              <button
                type="submit"
                className="inline-flex h-12 w-full items-center justify-center rounded-md border border-slate-400 px-6 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Sign in with {oidcProvider}
              </button>
            </Form>
          )}
          {role === "technician" && (
            <p className="mt-6">
              New technician?{" "}
              <a href="/technician/register" className="font-semibold text-brand-700 underline dark:text-sky-300">
                Register here
              </a>
              .
            </p>
          )}
          {role === "customer" && (
            <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
              Need an engineer now? Call{" "}
              <a href={telHref(site.identity.supportPhone)} className="font-semibold underline">
                {formatIndianPhone(site.identity.supportPhone)}
              </a>{" "}
              or{" "}
              <a href="/request" className="font-semibold underline">
                request service
              </a>{" "}
              without signing in.
            </p>
          )}
        </>
      ) : (
        <>
          <CodeStep
            mobile={mobile ?? ""}
            resendIn={resendIn}
            resent={resent}
            developmentCode={developmentCode}
            failure={failure}
            formLabel="Enter the code"
            submitLabel="Sign in"
          />
        </>
      )}
      {role !== "admin" && (
        <p className="mt-10 text-sm text-slate-600 dark:text-slate-400">
          How we use your number is explained in our{" "}
          <a href="/privacy" className="underline">
            privacy notice
          </a>
          .
        </p>
      )}
    </div>
  );
}
