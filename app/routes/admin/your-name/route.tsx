import { redirect } from "react-router";
import { parseForm, readForm } from "~/.server/forms/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { noStore } from "~/.server/http/cache.ts";
import { setOwnName } from "~/.server/staff/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { FormFailure } from "~/.server/forms/index.ts";
import { safeNext, staffNameSchema } from "~/lib/forms/admin/staff.ts";
import type { Route } from "./+types/route";

/**
 * /admin/your-name: the first sign-in's one question for a staff member whose account has no name (one made
 * from ADMIN_PHONES). The admin layout sends them here before any other screen; the name then shows on their
 * replies, assignments and bookings instead of their mobile number. A plain form: works without JavaScript.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const next = safeNext(url.searchParams.get("next"));
  // Named already (another tab, or a later visit): nothing to ask.
  if (staff.name?.trim()) throw redirect(next, { headers: noStore() });
  return {
    next,
  };
}

export const handle = { title: "Your name" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, staffNameSchema);
  if (parsed.refusal) return parsed.refusal;
  await setOwnName({ ...auditActor(staff), userId: staff.userId }, parsed.data.name);
  return redirect(safeNext(parsed.data.next), { status: 303, headers: noStore() });
}

export default function YourName({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Your name" description="Before you start: the office and customers see your name on your replies, the jobs you assign and the visits you book." />
      <form method="post" className="space-y-4">
        <input type="hidden" name="next" value={loaderData.next} />
        <FormError message={failure?.errors.form} />
        <TextField name="name" label="Your name" required maxLength={100} autoComplete="name" defaultValue={failure?.values.name} error={failure?.errors.name} />
        <Button type="submit">
          Save and continue
        </Button>
      </form>
    </div>
  );
}
