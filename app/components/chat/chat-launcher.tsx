import { useState, type ReactNode } from "react";
import { MessageCircleIcon } from "~/components/icons.tsx";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/**
 * The chat assistant's launcher (issue 12 §6), on every public page. It is a link to the contact page, which is
 * what it does without JavaScript; with it, a press loads the assistant (chat-panel.tsx, a chunk of its own)
 * and opens it as a dialog, so the page pays for the launcher only: a few hundred bytes. It sits bottom-left,
 * clear of the call and WhatsApp buttons (bottom-right). On a phone it shows, as they do, only past the first
 * screen's top (`scrolled`, from FloatingContact): at the top it would cover the hero's buttons.
 */
export function ChatLauncher({ identity, scrolled }: { identity: SiteSettings["identity"]; scrolled: boolean }) {
  const [chat, setChat] = useState<ReactNode>();
  return (
    <>
      <a
        href="/contact"
        aria-haspopup="dialog"
        data-testid="chat-launcher"
        className={`fixed bottom-4 left-4 z-40 inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-800 px-4 font-semibold text-white shadow-lg ring-2 ring-white hover:bg-brand-900 dark:ring-slate-900 ${
          scrolled ? "" : "max-sm:invisible"
        }`}
        onClick={(event) => {
          event.preventDefault();
          const launcher = event.currentTarget;
          // Offline, or a new deployment without the old chunk: the contact page still answers.
          import("./chat-panel.tsx").then((m) => setChat(m.chatPanel(launcher, identity, setChat)), () => location.assign("/contact"));
        }}
      >
        <MessageCircleIcon className="size-5" />
        Ask us
      </a>
      {chat}
    </>
  );
}
