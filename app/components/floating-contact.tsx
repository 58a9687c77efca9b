import { PhoneIcon } from "./icons.tsx";
import { useEffect, useState } from "react";
import { telHref, WHATSAPP_GREETING, whatsappHref } from "~/lib/contact-links.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { WhatsAppIcon } from "./whatsapp-icon.tsx";
import { ChatLauncher } from "./chat/chat-launcher.tsx";

/**
 * Spec section 9: the sticky buttons appear past 300 px of scroll. The chat launcher (bottom-left) is drawn
 * here too, to share that one scroll listener: on a phone it follows the same rule, since on the first screen
 * it would sit on the hero's buttons; wider, it is always shown (it covers nothing there).
 */
export const FLOATING_CONTACT_THRESHOLD_PX = 300;

export function FloatingContact({ identity }: { identity: SiteSettings["identity"] }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > FLOATING_CONTACT_THRESHOLD_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  const button =
    "inline-flex size-14 items-center justify-center rounded-full text-white shadow-lg ring-2 ring-white dark:ring-slate-900";
  return (
    <>
      <div
        data-testid="floating-contact"
        data-visible={visible}
        // visibility:hidden also takes the links out of the tab order while they are not shown.
        className={`fixed right-4 bottom-4 z-40 flex flex-col gap-3 transition duration-200 ${
          visible ? "visible translate-y-0 opacity-100" : "invisible translate-y-4 opacity-0"
        }`}
      >
        <a
          href={whatsappHref(identity.whatsappNumber, WHATSAPP_GREETING)}
          rel="noopener"
          className={`${button} bg-green-700 hover:bg-green-800`}
        >
          <WhatsAppIcon className="size-7" />
          <span className="sr-only">Chat on WhatsApp</span>
        </a>
        <a href={telHref(identity.supportPhone)} className={`${button} bg-brand-700 hover:bg-brand-800`}>
          <PhoneIcon className="size-6" />
          <span className="sr-only">Call us</span>
        </a>
      </div>
      <ChatLauncher identity={identity} scrolled={visible} />
    </>
  );
}
