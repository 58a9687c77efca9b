import type { ComponentProps } from "react";
import { FormError } from "./fields.tsx";

/**
 * A record page's form: a plain POST (it works without JavaScript) carrying its `intent`, the record's
 * `version` as the page drew it (so a change made meanwhile is refused, never overwritten), and the message
 * about the whole form above its fields. The action answers it through `intentAction` (~/.server/admin/actions.ts).
 */
export function IntentForm({
  intent,
  version,
  error,
  children,
  ...form
}: Omit<ComponentProps<"form">, "method"> & { intent: string; version?: number | string; error?: string }) {
  return (
    <form method="post" {...form}>
      <input type="hidden" name="intent" value={intent} />
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      <FormError message={error} />
      {children}
    </form>
  );
}
