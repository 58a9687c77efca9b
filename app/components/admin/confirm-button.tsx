import type { ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * A one-button form for a staff action (intent and hidden fields). With JavaScript it asks to confirm
 * first; without, the post goes straight through, so keep it to actions the office can undo or that say
 * what they will do on the button itself.
 */
export function ConfirmButton({
  intent,
  fields = {},
  confirm,
  children,
  tone = "default",
  action,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  confirm?: string;
  children: ReactNode;
  tone?: "default" | "danger";
  action?: string;
}) {
  return (
    <IntentForm intent={intent} action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <Button
        type="submit"
        variant={tone === "danger" ? "danger" : "primary"}
        size="small"
        onClick={confirm ? (e) => void (window.confirm(confirm) || e.preventDefault()) : undefined}
      >
        {children}
      </Button>
    </IntentForm>
  );
}
