import type { ReactNode } from "react";

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
    <form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <button
        type="submit"
        onClick={confirm ? (e) => void (window.confirm(confirm) || e.preventDefault()) : undefined}
        className={`inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold ${
          tone === "danger" ? "border border-red-700 text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950" : "bg-brand-700 text-white hover:bg-brand-800"
        }`}
      >
        {children}
      </button>
    </form>
  );
}
