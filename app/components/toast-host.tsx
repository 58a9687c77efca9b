import { lazy, Suspense, useEffect, useState } from "react";
import { notify, onToasterRequested } from "~/lib/toast.ts";

const SonnerToaster = lazy(() => import("./sonner-toaster.tsx"));

/** Mounts sonner's Toaster on the first toast, and tells the visitor when the connection drops. */
export function ToastHost() {
  const [requested, setRequested] = useState(false);
  useEffect(() => onToasterRequested(() => setRequested(true)), []);

  // Field technicians and plant engineers are often on a poor signal: say so instead of failing silently.
  useEffect(() => {
    const offline = () =>
      void notify("warning", "You are offline", "Pages and forms will work again once the signal is back.");
    const online = () => void notify("success", "Back online");
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
