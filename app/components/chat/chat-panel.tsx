import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { ConsentField, FieldIdPrefix, FormError, Honeypot, TextField } from "~/components/form/fields.tsx";
import { MessageCircleIcon, PhoneIcon, XIcon } from "~/components/icons.tsx";
import { WhatsAppIcon } from "~/components/whatsapp-icon.tsx";
import type { ChatAnswer, ChatLine } from "~/lib/chat.ts";
import { formatIndianPhone, telHref, WHATSAPP_GREETING, whatsappHref } from "~/lib/contact-links.ts";
import { CALLBACK_TIMES } from "~/lib/forms/enquiry-fields.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/**
 * The open assistant, for the launcher to render (chat-launcher.tsx): the launcher holds only this element, so
 * that the page's bundle has nothing of the assistant but the launcher. Closing renders it again hidden, which
 * keeps the conversation, and gives the focus back to the launcher.
 */
export function chatPanel(launcher: HTMLElement, identity: SiteSettings["identity"], show: (panel: ReactNode) => void): ReactNode {
  const panel = (open: boolean): ReactNode => {
    launcher.setAttribute("aria-expanded", String(open));
    return (
      <ChatPanel
        open={open}
        identity={identity}
        onClose={() => {
          show(panel(false));
          launcher.focus();
        }}
      />
    );
  };
  return panel(true);
}

/**
 * The chat assistant's panel (issue 12 §6), loaded on the launcher's first press (chat-launcher.tsx). A modal
 * dialog: focus moves into it, Tab stays inside it, Escape or Close shuts it and focus goes back to the
 * launcher. Answers come from /api/chat (the site's own content); besides them it offers a call, WhatsApp,
 * the request form, and a callback request that reaches the help desk with this conversation attached.
 */
export interface ChatPanelProps {
  open: boolean;
  identity: SiteSettings["identity"];
  onClose: () => void;
}

type Message = { author: "customer"; body: string } | { author: "bot"; body: string; answers?: ChatAnswer[] };

const GREETING =
  "Hello! Ask me about a drive fault code (for example F0001), a service, our AMC plans or a calculator. I answer from this website's pages. For a person, call us, WhatsApp us or ask us to call you back.";

const action =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-3 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

interface CallbackState {
  sending: boolean;
  errors: Record<string, string>;
  values: Record<string, string>;
  done?: { reference: string; ticket: string | null };
}

export function ChatPanel({ open, identity, onClose }: ChatPanelProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [messages, setMessages] = useState<Message[]>([{ author: "bot", body: GREETING }]);
  const [asking, setAsking] = useState(false);
  const [callback, setCallback] = useState<CallbackState | undefined>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages, callback]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    // Keep Tab inside the dialog (aria-modal): from the last control to the first, and back.
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([type=hidden]), select, textarea")].filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const question = input.current?.value.trim() ?? "";
    if (!question || asking) return;
    input.current!.value = "";
    setMessages((m) => [...m, { author: "customer", body: question }]);
    setAsking(true);
    let reply: Message;
    try {
      const res = await fetch(`/api/chat?${new URLSearchParams({ q: question }).toString()}`, { headers: { Accept: "application/json" } });
      if (res.status === 429) {
        reply = { author: "bot", body: "You have asked a lot of questions in a short time. Please wait a minute, or call us." };
      } else if (!res.ok) {
        throw new Error(String(res.status));
      } else {
        const { answers } = (await res.json()) as { answers: ChatAnswer[] };
        reply = answers.length
          ? { author: "bot", body: answers.length === 1 ? "Here is what I found:" : "Here is what I found on our site:", answers }
          : {
              author: "bot",
              body: "I could not find that on our site. Try other words (a fault code, a make or a service), or ask us to call you back.",
            };
      }
    } catch {
      reply = { author: "bot", body: "I could not reach the server just now. Please try again, or call us." };
    }
    setMessages((m) => [...m, reply]);
    setAsking(false);
  }

  function transcript(): ChatLine[] {
    return messages.map((m) => ({
      author: m.author,
      body: m.author === "bot" && m.answers ? `${m.body} ${m.answers.map((a) => `${a.title} (${a.path})`).join("; ")}` : m.body,
    }));
  }

  async function requestCallback(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (callback?.sending) return;
    const form = new FormData(event.currentTarget);
    form.set("idempotencyKey", idempotencyKey);
    form.set("transcript", JSON.stringify(transcript()));
    const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
    setCallback({ sending: true, errors: {}, values });
    try {
      const res = await fetch("/api/chat", { method: "POST", body: form, headers: { Accept: "application/json" } });
      const body = (await res.json()) as { reference?: string; ticket?: string | null; errors?: Record<string, string> };
      if (res.ok && body.reference) {
        setCallback({ sending: false, errors: {}, values, done: { reference: body.reference, ticket: body.ticket ?? null } });
        setMessages((m) => [
          ...m,
          {
            author: "bot",
            body: `Thank you. Your callback request ${body.reference} is with our help desk${body.ticket ? ` as ticket ${body.ticket}` : ""}, with this conversation. We will call you on the number you gave.`,
          },
        ]);
        setIdempotencyKey(crypto.randomUUID());
      } else {
        setCallback({ sending: false, errors: body.errors ?? {}, values });
      }
    } catch {
      setCallback({ sending: false, errors: { form: `It could not be sent. Please call us on ${formatIndianPhone(identity.supportPhone)}.` }, values });
    }
  }

  const showForm = callback && !callback.done;
  useEffect(() => {
    // A refused callback request: the first field to put right takes the focus, its message read with it.
    if (callback && !callback.sending && Object.keys(callback.errors).length > 0) {
      dialog.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    }
  }, [callback]);
  useEffect(() => {
    // "Call me back" opens the form: the first field takes the focus.
    if (showForm) document.getElementById("chat-name")?.focus();
  }, [showForm]);
  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
      // Bottom-left like the launcher; on a phone it leaves the right-hand column to the call and WhatsApp
      // buttons (bottom-right), so it never covers them.
      className="fixed bottom-4 left-4 right-[5.5rem] z-50 flex max-h-[calc(100dvh-2rem)] flex-col rounded-xl border border-slate-300 bg-white text-slate-900 shadow-2xl sm:right-auto sm:w-96 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-700">
        <h2 id={titleId} className="flex items-center gap-2 font-bold">
          <MessageCircleIcon className="size-5" />
          Ask us
        </h2>
        <button type="button" onClick={onClose} className="inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800">
          <XIcon className="size-5" />
          <span className="sr-only">Close the chat</span>
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
        {/* The log role on a wrapper: on the list itself it would take away the list's semantics. */}
        <div role="log" aria-live="polite" aria-label="Conversation">
        <ol ref={log} className="space-y-3">
          {messages.map((m, i) => (
            <li key={i} className={m.author === "customer" ? "ml-8 rounded-lg bg-brand-800 p-3 text-white" : "mr-4 rounded-lg bg-slate-100 p-3 dark:bg-slate-800"}>
              <span className="sr-only">{m.author === "customer" ? "You: " : "Assistant: "}</span>
              {m.body}
              {m.author === "bot" && m.answers && (
                <ul className="mt-2 space-y-2">
                  {m.answers.map((a) => (
                    <li key={`${a.path}|${a.title}`} className="rounded-md border border-slate-300 bg-white p-2 dark:border-slate-600 dark:bg-slate-900">
                      {/* Going to the page closes the panel (the conversation is kept): on a phone it would cover it. */}
                      <a href={a.path} onClick={onClose} className="font-semibold text-brand-700 underline dark:text-sky-300">
                        {a.title}
                      </a>
                      {a.snippet && <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{a.snippet}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
          {asking && (
            <li className="mr-4 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
              <span className="sr-only">Assistant: </span>Looking that up…
            </li>
          )}
        </ol>
        </div>
        {showForm && (
          <form onSubmit={requestCallback} noValidate className="relative mt-4 space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700" aria-labelledby={`${titleId}-cb`}>
            <h3 id={`${titleId}-cb`} className="font-semibold">
              Ask us to call you back
            </h3>
            <FieldIdPrefix.Provider value="chat-">
              <FormError message={callback.errors.form} />
              <TextField name="name" label="Your name" required autoComplete="name" defaultValue={callback.values.name} error={callback.errors.name} />
              <TextField
                name="mobile"
                label="Mobile number"
                type="tel"
                inputMode="tel"
                required
                autoComplete="tel"
                defaultValue={callback.values.mobile}
                error={callback.errors.mobile}
              />
              <div>
                <label htmlFor="chat-callbackTime" className="block font-semibold">
                  When should we call?
                </label>
                <select
                  id="chat-callbackTime"
                  name="callbackTime"
                  defaultValue={callback.values.callbackTime ?? CALLBACK_TIMES[0]}
                  aria-invalid={callback.errors.callbackTime ? true : undefined}
                  aria-describedby={callback.errors.callbackTime ? "chat-callbackTime-error" : undefined}
                  className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-600 dark:bg-slate-900"
                >
                  {CALLBACK_TIMES.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
                {callback.errors.callbackTime && (
                  <p id="chat-callbackTime-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                    {callback.errors.callbackTime}
                  </p>
                )}
              </div>
              <TextField name="subject" label="What is it about?" defaultValue={callback.values.subject} error={callback.errors.subject} />
              <ConsentField purpose="to call you back" error={callback.errors.consent} />
              <Honeypot />
            </FieldIdPrefix.Provider>
            <button
              type="submit"
              disabled={callback.sending}
              className="inline-flex min-h-11 items-center rounded-md bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {callback.sending ? "Sending…" : "Request a callback"}
            </button>
          </form>
        )}
      </div>
      <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-700">
        <form onSubmit={ask} className="flex gap-2" role="search" aria-label="Ask the assistant">
          <label htmlFor={`${titleId}-q`} className="sr-only">
            Your question
          </label>
          <input
            ref={input}
            id={`${titleId}-q`}
            name="q"
            type="text"
            maxLength={200}
            autoComplete="off"
            placeholder="e.g. F0001 or AMC plans"
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base dark:border-slate-600 dark:bg-slate-900"
          />
          <button type="submit" disabled={asking} className="min-h-11 rounded-md bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900 disabled:opacity-60">
            Ask
          </button>
        </form>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Other ways to reach us">
          <li>
            <a href={telHref(identity.supportPhone)} className={action}>
              <PhoneIcon className="size-4" />
              Call
            </a>
          </li>
          <li>
            <a href={whatsappHref(identity.whatsappNumber, WHATSAPP_GREETING)} rel="noopener" className={action}>
              <WhatsAppIcon className="size-4" />
              WhatsApp
            </a>
          </li>
          <li>
            <a href="/request" onClick={onClose} className={action}>
              Request form
            </a>
          </li>
          {!showForm && (
            <li>
              <button type="button" className={action} onClick={() => setCallback({ sending: false, errors: {}, values: {} })}>
                Call me back
              </button>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
