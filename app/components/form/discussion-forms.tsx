import { useRef } from "react";
import { FORUM_CATEGORIES } from "~/lib/forms/forum-categories.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { onlyInBrowser, useValidatedForm } from "~/lib/forms/use-validated-form.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { ConsentField, FieldIdPrefix, FormError, Honeypot, SelectField, SubmitButton, TextArea, TextField } from "./fields.tsx";
import { IdempotencyKey } from "./idempotency-key.tsx";

const loadTopicSchema = () => (import.meta.env.SSR ? onlyInBrowser() : import("~/lib/forms/discussion.ts").then((m) => m.topicSchema));
const loadReplySchema = () => (import.meta.env.SSR ? onlyInBrowser() : import("~/lib/forms/discussion.ts").then((m) => m.replySchema));

function useForumForm(loadSchema: typeof loadTopicSchema | typeof loadReplySchema, failure: FormFailure | undefined, name: "topic" | "reply") {
  const mine = failure?.form === name ? failure : undefined;
  const validated = useValidatedForm(loadSchema, mine);
  return { ...validated, mine, values: mine?.values ?? {} };
}

/** The unsaved-changes guard, for a form of its own. */
function useGuard() {
  const ref = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(useFormDirty(ref));
  return ref;
}


/** Ask the community: a new forum question, published after the office checks it. */
export function TopicForm({ failure }: { failure?: FormFailure }) {
  const f = useForumForm(loadTopicSchema, failure, "topic");
  const ref = useGuard();
  return (
    <FieldIdPrefix.Provider value="topic-">
      <form
        ref={ref}
        method="post"
        action="/discussion#ask"
        noValidate
        aria-label="Ask a question"
        onSubmit={f.onSubmit}
        onFocus={f.onFocus}
        onBlur={f.onBlur}
        onChange={f.onChange}
        className="relative space-y-4"
      >
        <FormError message={f.mine?.errors.form} />
        <input type="hidden" name="form" value="topic" />
        <IdempotencyKey />
        <Honeypot />
        <TextField name="title" label="Question" required defaultValue={f.values.title} error={f.errors.title} hint="e.g. ACS580 trips with 2310 overcurrent after a motor change" />
        <SelectField
          name="category"
          label="Category"
          required
          placeholder="Choose a category"
          options={[{ group: "Categories", items: FORUM_CATEGORIES.map((c) => ({ value: c, label: c })) }]}
          defaultValue={f.values.category}
          error={f.errors.category}
        />
        <TextArea name="body" label="Details" required rows={6} defaultValue={f.values.body} error={f.errors.body} hint="Make and model, ratings, the fault code or symptom, and what you have already tried." />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField name="name" label="Your name" required autoComplete="name" defaultValue={f.values.name} error={f.errors.name} />
          <TextField name="city" label="City" autoComplete="address-level2" defaultValue={f.values.city} error={f.errors.city} />
          <TextField name="mobile" label="Mobile number" type="tel" inputMode="tel" required autoComplete="tel" defaultValue={f.values.mobile} error={f.errors.mobile} hint="Never shown." />
        </div>
        <ConsentField purpose="to check and publish your question (your name and city are shown with it)" error={f.errors.consent} />
        <SubmitButton sending={f.sending} label="Post question" />
      </form>
    </FieldIdPrefix.Provider>
  );
}

/** A reply to a question, published after the office checks it. */
export function ReplyForm({ slug, failure }: { slug: string; failure?: FormFailure }) {
  const f = useForumForm(loadReplySchema, failure, "reply");
  const ref = useGuard();
  return (
    <FieldIdPrefix.Provider value="reply-">
      <form
        ref={ref}
        method="post"
        action={`/discussion/${slug}#reply`}
        noValidate
        aria-label="Reply"
        onSubmit={f.onSubmit}
        onFocus={f.onFocus}
        onBlur={f.onBlur}
        onChange={f.onChange}
        className="relative space-y-4"
      >
        <FormError message={f.mine?.errors.form} />
        <input type="hidden" name="form" value="reply" />
        <IdempotencyKey />
        <Honeypot />
        <TextArea name="body" label="Your reply" required rows={5} defaultValue={f.values.body} error={f.errors.body} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="name" label="Your name" required autoComplete="name" defaultValue={f.values.name} error={f.errors.name} />
          <TextField name="mobile" label="Mobile number" type="tel" inputMode="tel" required autoComplete="tel" defaultValue={f.values.mobile} error={f.errors.mobile} hint="Never shown." />
        </div>
        <ConsentField purpose="to check and publish your reply (your name is shown with it)" error={f.errors.consent} />
        <SubmitButton sending={f.sending} label="Post reply" />
      </form>
    </FieldIdPrefix.Provider>
  );
}
