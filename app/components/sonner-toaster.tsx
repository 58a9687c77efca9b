import { useEffect } from "react";
import { Toaster } from "sonner";
import { TOAST_OPTIONS, toasterMounted } from "~/lib/toast.ts";

/** Loaded on demand by ToastHost. The effect runs after Toaster's own, so it is listening by then. */
export default function SonnerToaster() {
  useEffect(toasterMounted, []);
  return (
    <Toaster
      {...TOAST_OPTIONS}
      hotkey={[...TOAST_OPTIONS.hotkey]}
      theme="system"
      richColors
      closeButton
      // Clear of the floating call and WhatsApp buttons in the same corner.
      offset={{ bottom: "10rem", right: "1rem" }}
      mobileOffset={{ bottom: "10rem" }}
    />
  );
}
