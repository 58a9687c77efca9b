import { IdempotencyKey } from "~/components/form/idempotency-key.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TICKET_BODY_MAX } from "~/lib/forms/helpdesk.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * "Get help" on a customer's request page: a question to the office about this request, which opens a
 * help-desk ticket (posted to /customer/help, which shows a refused form with its message, and opens the
 * new ticket's page otherwise). A plain form: it works without JavaScript.
 */
export function GetHelp({ requestId, reference }: { requestId: number; reference: string }) {
  return (
    <TitledSection headingId="get-help-heading" className="mt-8 rounded-md border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-lg font-semibold" title="Get help">
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        A question about this request? Write to our office: we answer on your{" "}
        <a href="/customer/help" className="font-medium text-brand-700 underline dark:text-sky-300">
          Help
        </a>{" "}
        page and tell you by SMS.
      </p>
      <form method="post" action="/customer/help" className="mt-4 space-y-4" aria-labelledby="get-help-heading">
        <input type="hidden" name="requestId" value={requestId} />
        <input type="hidden" name="subject" value={`Help with request ${reference}`} />
        <IdempotencyKey />
        <div>
          <label htmlFor="get-help-body" className="block font-medium">
            Your question
          </label>
          <textarea
            id="get-help-body"
            name="body"
            rows={4}
            required
            maxLength={TICKET_BODY_MAX}
            className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
        <Button type="submit">
          Send my question
        </Button>
      </form>
    </TitledSection>
  );
}
