import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { fieldStageLabel } from "~/lib/requests/field-stages.ts";
import { JOB_SCHEMAS, QUEUEABLE_INTENTS, isJobIntent, partQuantity, type JobIntent } from "~/lib/forms/technician-job.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { useOnline } from "./hooks.ts";
import { newKey, putQueued, queuedForms, removeQueued, sendQueued, shorten, type QueuedForm } from "./offline-queue.ts";

export interface ClientFailure {
  form: string;
  /** By field; "form" for the whole form, as the server's FormFailure. */
  errors: Record<string, string>;
}

export interface FieldQueue {
  /** This job's forms waiting to be sent, and those the server refused (with its message). */
  waiting: QueuedForm[];
  refused: QueuedForm[];
  online: boolean;
  /** True once JavaScript runs: the queue exists (without it, the forms post as plain forms). */
  ready: boolean;
  signedOut: boolean;
  sending: boolean;
  /** A form refused in the browser (its schema) or by the server when sent at once. */
  failure?: ClientFailure;
  /** What was last sent from the queue, said in the status line. */
  notice?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  sendNow: () => void;
  dismiss: (key: string) => void;
}

const PHOTO_MAX_FILES = 5;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

function labelFor(intent: JobIntent, data: FormData): string {
  const text = (name: string) => String(data.get(name) ?? "");
  switch (intent) {
    case "stage":
      return `Stage: ${fieldStageLabel(text("stage"))}`;
    case "note":
      return `${data.get("internal") ? "Internal note" : "Note"}: ${shorten(text("note"))}`;
    case "photos": {
      const n = data.getAll("photos").filter((f) => f instanceof File && f.size > 0).length;
      const caption = text("caption");
      return `${n === 1 ? "1 photo" : `${n} photos`}${caption ? `: ${shorten(caption)}` : ""}`;
    }
    case "part":
      return `Part: ${shorten(text("description"), 40)}, ${partQuantity(Number(text("quantity")), text("unit"))}`;
    case "signoff":
      return `Sign-off by ${shorten(text("signerName"), 40)}`;
    default:
      return intent;
  }
}

/** The browser's own check of a form before it is queued: the same schema as the server's. */
function check(intent: JobIntent, data: FormData): ClientFailure | undefined {
  const raw: Record<string, string> = {};
  for (const [name, value] of data) if (typeof value === "string") raw[name] = value;
  const parsed = JOB_SCHEMAS[intent].safeParse(raw);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  if (intent === "photos") {
    const files = data.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length === 0) errors.photos = "Choose or take at least one photo.";
    else if (files.length > PHOTO_MAX_FILES) errors.photos = `You can add at most ${PHOTO_MAX_FILES} photos at a time; you chose ${files.length}.`;
    else if (files.some((f) => f.size > PHOTO_MAX_BYTES)) errors.photos = "A photo is larger than 10 MB.";
  }
  return Object.keys(errors).length ? { form: intent, errors } : undefined;
}

/**
 * The job page's forms with JavaScript: each submission is checked, kept in the phone's queue with its
 * one-time key, and sent at once when there is a connection; without one it waits, is listed as waiting,
 * and goes when the connection returns (the 'online' event, and every load of a technician page).
 */
export function useFieldQueue(jobPath: string): FieldQueue {
  const navigate = useNavigate();
  const [items, setItems] = useState<QueuedForm[]>([]);
  const online = useOnline();
  const ready = useHydrated();
  const [signedOut, setSignedOut] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ClientFailure>();
  const [notice, setNotice] = useState<string>();
  const flushing = useRef<Promise<void> | null>(null);

  const reload = useCallback(async () => {
    setItems(await queuedForms().catch(() => []));
  }, []);

  /** Sends every waiting form (all jobs), oldest first; stops at the first that cannot be sent now. */
  const flush = useCallback((): Promise<void> => {
    if (flushing.current) return flushing.current;
    const run = (async () => {
      setSending(true);
      let sentHere: string | undefined;
      try {
        for (const item of await queuedForms()) {
          if (item.state !== "waiting") continue;
          const outcome = await sendQueued(item);
          if (outcome.kind === "offline") break;
          if (outcome.kind === "signed-out") {
            setSignedOut(true);
            break;
          }
          if (outcome.kind === "sent") {
            await removeQueued(item.key);
            if (item.jobPath === jobPath) sentHere = item.label;
          } else {
            await putQueued({ ...item, state: "refused", message: outcome.message });
          }
        }
      } finally {
        setSending(false);
        flushing.current = null;
        await reload();
      }
      if (sentHere) {
        setNotice(`Sent: ${sentHere}.`);
        // The page's own data again (stage, record), now that the server has it: at the address it has now.
        // Without its ?saved= the guard would take the navigation for leaving the page, and a form being typed
        // into meanwhile would ask "Are you sure you want to leave?" (issue 17 §7).
        if (window.location.pathname === jobPath) void navigate(`${jobPath}${window.location.search}`, { replace: true, preventScrollReset: true });
      }
    })();
    flushing.current = run;
    return run;
  }, [jobPath, navigate, reload]);

  useEffect(() => {
    // On every load: what a closed tab left waiting is listed, and sent if there is a connection.
    void queuedForms()
      .catch(() => [])
      .then((all) => {
        setItems(all);
        if (navigator.onLine) void flush();
      });
    const goOnline = () => void flush();
    window.addEventListener("online", goOnline);
    return () => window.removeEventListener("online", goOnline);
  }, [flush]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const intent = form.dataset.intent;
      if (!isJobIntent(intent) || !QUEUEABLE_INTENTS.includes(intent)) return; // posted as a plain form
      event.preventDefault();
      if (form.dataset.busy) return;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const data = new FormData(form, submitter instanceof HTMLButtonElement ? submitter : undefined);
      const refused = check(intent, data);
      setFailure(refused);
      if (refused) return;
      const keyField = form.elements.namedItem("idempotencyKey") as HTMLInputElement | null;
      const key = (keyField?.value || newKey()).trim();
      data.set("idempotencyKey", key);
      data.set("happenedAt", new Date().toISOString());
      const item: QueuedForm = {
        key,
        jobPath,
        intent,
        label: labelFor(intent, data),
        createdAt: new Date().toISOString(),
        entries: Array.from(data.entries()),
        state: "waiting",
      };
      const done = () => {
        form.reset();
        if (keyField) keyField.value = newKey();
        form.dispatchEvent(new Event("field-queue:reset"));
      };
      form.dataset.busy = "yes";
      void (async () => {
        try {
          await putQueued(item);
          await reload();
          if (!navigator.onLine) {
            done();
            setNotice(`Saved on this phone: ${item.label}. It will be sent when the signal returns.`);
            return;
          }
          // Online: send it now, alone, so that a refusal shows beside this form with what was typed.
          const outcome = await sendQueued(item);
          if (outcome.kind === "sent") {
            await removeQueued(key);
            done();
            setNotice(undefined);
            void navigate(outcome.location, { replace: true, preventScrollReset: true });
          } else if (outcome.kind === "refused") {
            await removeQueued(key);
            const message = outcome.errors.form ?? (Object.keys(outcome.errors).length ? undefined : outcome.message);
            setFailure({ form: intent, errors: message ? { ...outcome.errors, form: message } : outcome.errors });
          } else if (outcome.kind === "signed-out") {
            setSignedOut(true);
            done();
          } else {
            done();
            setNotice(`No connection: ${item.label} is saved on this phone and will be sent when the signal returns.`);
          }
        } catch {
          // IndexedDB unavailable (a private window): the plain form post still works.
          delete form.dataset.busy;
          form.submit();
          return;
        } finally {
          delete form.dataset.busy;
          await reload();
        }
      })();
    },
    [jobPath, navigate, reload],
  );

  const forThisJob = items.filter((i) => i.jobPath === jobPath);
  return {
    waiting: forThisJob.filter((i) => i.state === "waiting"),
    refused: forThisJob.filter((i) => i.state === "refused"),
    online,
    ready,
    signedOut,
    sending,
    failure,
    notice,
    onSubmit,
    sendNow: () => void flush(),
    dismiss: (key: string) => void removeQueued(key).then(reload),
  };
}
