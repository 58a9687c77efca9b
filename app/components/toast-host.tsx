import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { notify, onToasterRequested } from "~/lib/toast.ts";

const SonnerToaster = lazy(() => import("./sonner-toaster.tsx"));

/**
 * Mounts sonner's Toaster on the first toast, and tells the visitor when the connection drops.
 * Field technicians and plant engineers are often on a poor signal: say so instead of failing silently.
 * The offline notice is plain markup (sonner may not be loaded yet, and cannot be fetched offline);
 * "Back online" is a toast.
 */
export function ToastHost() {
  const [requested, setRequested] = useState(false);
  // Read from navigator.onLine, not only from events: the signal may have dropped before hydration.
  const offline = useSyncExternalStore(subscribeToConnection, () => !navigator.onLine, () => false);
  useEffect(() => onToasterRequested(() => setRequested(true)), []);

  return (
    <>
      <div role="status" className="fixed inset-x-0 top-0 z-50 empty:hidden">
        {offline && (
          <p className="bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
            You are offline. Pages and forms will work again once the signal is back.
          </p>
        )}
      </div>
      {requested && (
        <Suspense fallback={null}>
          <SonnerToaster />
        </Suspense>
      )}
    </>
  );
}

function subscribeToConnection(onChange: () => void): () => void {
  const goOnline = () => void notify("success", "Back online");
  window.addEventListener("offline", onChange);
  window.addEventListener("online", onChange);
  window.addEventListener("online", goOnline);
  return () => {
    window.removeEventListener("offline", onChange);
    window.removeEventListener("online", onChange);
    window.removeEventListener("online", goOnline);
  };
}
