import { TitledSection } from "~/components/titled-section.tsx";

/**
 * Sign out here, or everywhere (a lost or shared phone): both end the sessions on the server. Plain forms,
 * so they work without JavaScript.
 */
export function SignOutForms() {
  const button =
    "h-11 rounded-md border border-slate-400 px-4 font-medium hover:bg-slate-100 dark:hover:bg-slate-800";
  return (
    <TitledSection headingId="sign-out-heading" className="mt-12 border-t border-slate-200 pt-6 dark:border-slate-800" headingClassName="text-lg font-semibold" title="Signing out">
      <div className="mt-3 flex flex-wrap gap-3">
        <form method="post" action="/auth/sign-out">
          <button type="submit" className={button}>
            Sign out
          </button>
        </form>
        <form method="post" action="/auth/sign-out">
          <input type="hidden" name="everywhere" value="yes" />
          <button type="submit" className={button}>
            Sign out on all devices
          </button>
        </form>
      </div>
    </TitledSection>
  );
}
