import { useRef, useState, type ComponentType } from "react";
import { MessageCircleIcon } from "~/components/icons.tsx";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import type { ChatPanelProps } from "./chat-panel.tsx";

/**
 * The chat assistant's launcher (issue 12 §6), on every public page. It costs the page almost nothing: the
 * panel (its conversation, forms and styles of behaviour) is a separate chunk, imported on the first press.
 * Without JavaScript it is a plain link to the contact page. It sits bottom-left, clear of the call and
 * WhatsApp buttons (bottom-right).
 */
export function ChatLauncher({ identity }: { identity: SiteSettings["identity"] }) {
  const hydrated = useHydrated();
  const [Panel, setPanel] = useState<ComponentType<ChatPanelProps>>();
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const className =
    "fixed bottom-4 left-4 z-40 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-800 px-4 font-semibold text-white shadow-lg ring-2 ring-white hover:bg-brand-900 dark:ring-slate-900";
  const label = (
    <>
      <MessageCircleIcon className="size-5" />
      Ask us
    </>
  );
  if (!hydrated) {
    return (
      <a href="/contact" className={className}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        ref={launcher}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        hidden={open}
        onClick={() => {
          setOpen(true);
          if (!Panel) {
            import("./chat-panel.tsx").then(
              (m) => setPanel(() => m.ChatPanel),
              // Offline or a new deployment: the contact page still answers.
              () => window.location.assign("/contact"),
            );
          }
        }}
      >
        {label}
      </button>
      {/* Kept once loaded, so that closing and opening again keeps the conversation. */}
      {Panel && (
        <Panel
          open={open}
          identity={identity}
          onClose={() => {
            setOpen(false);
            requestAnimationFrame(() => launcher.current?.focus());
          }}
        />
      )}
    </>
  );
}
