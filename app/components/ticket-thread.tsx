import { MessageThread } from "~/components/event-timeline.tsx";
import { FormError, TextArea } from "~/components/form/fields.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { TICKET_BODY_MAX } from "~/lib/forms/helpdesk.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * A help-desk ticket as the customer sees it (the portal's /customer/help/{reference} and the signed link
 * /d/ticket/{token}): the thread without the office's internal notes, and a reply form that works without
 * JavaScript. With JavaScript the page listens to its ticket (a live grant from the loader) and shows the
 * office's answer as soon as it is sent.
 */
export interface CustomerTicket {
  reference: string;
  subject: string;
  statusLabel: string;
  closed: boolean;
  requestReference: string | null;
  createdAt: string;
  messages: Array<{ id: number; author: string; body: string; createdAt: string }>;
  liveGrant: string;
}

export interface ReplyFailure {
  errors: Record<string, string>;
  values: Record<string, string>;
}

function authorLabel(author: string): string {
  if (author === "customer") return "You";
  if (author === "bot") return "Chat assistant";
  return "Our office";
}

export function CustomerTicketThread({ ticket, replyKey, failure, sent }: { ticket: CustomerTicket; replyKey: string; failure?: ReplyFailure | undefined; sent: boolean }) {
  return (
    <>
      <LiveStatus kinds={["ticket."]} grants={[ticket.liveGrant]} reference={ticket.reference} what="This ticket" />
      <h1 className="text-3xl font-bold tracking-tight">
        Ticket <span className="font-mono">{ticket.reference}</span>
      </h1>
      <p className="mt-2 text-lg">{ticket.subject}</p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Status: <strong>{ticket.statusLabel}</strong> · opened <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt)}</time>
        {ticket.requestReference ? ` · about request ${ticket.requestReference}` : ""}
      </p>
      {sent && (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200">
          Your message is sent. We will answer here, and tell you by SMS.
        </p>
      )}
      <TitledSection headingId="thread-heading" className="mt-6" headingClassName="text-xl font-semibold" title="Messages">
        <MessageThread
          reader="customer"
          messages={ticket.messages.map((m) => ({ id: m.id, author: authorLabel(m.author), body: m.body, createdAt: m.createdAt, tone: m.author === "customer" ? "plain" : "other" }))}
        />
      </TitledSection>
      <TitledSection headingId="answer-heading" className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-xl font-semibold" title={ticket.closed ? "This ticket is closed" : "Write to us"}>
        {ticket.closed ? (
          <p className="mt-2">To ask something new, open a new ticket or call us.</p>
        ) : (
          <form method="post" className="mt-3 space-y-4" aria-labelledby="answer-heading">
            <input type="hidden" name="idempotencyKey" value={replyKey} />
            <FormError message={failure?.errors.form ?? failure?.errors.idempotencyKey} />
            <TextArea name="body" label="Your message" required rows={5} maxLength={TICKET_BODY_MAX} defaultValue={failure?.values.body} error={failure?.errors.body} />
            <button type="submit" className="inline-flex h-12 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
              Send
            </button>
          </form>
        )}
      </TitledSection>
    </>
  );
}
