import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from "react";
import { notify, onToasterRequested, toasterUnavailable } from "~/lib/toast.ts";

/**
 * sonner's Toaster, fetched on the first toast. A chunk that cannot be fetched (the signal only just back:
 * the "Back online" toast asks for it at once, and a technician's phone may still have no route to the
 * server, or its service worker does not keep this chunk) renders nothing instead of throwing: a failed
 * lazy import throws during render, React Router's error screen replaced the page, and the page that came
 * back had lost what was being typed into its forms (the technician's half-written note, issue 17). The
 * next toast tries again.
 */
function loadToaster(): LazyExoticComponent<ComponentType> {
  return lazy<ComponentType>(() =>
    import("./sonner-toaster.tsx").catch(() => ({
      default: function ToasterUnavailable() {
        useEffect(toasterUnavailable, []);
        return null;
      },
    })),
  );
}

/**
 * Mounts sonner's Toaster on the first toast, and tells the visitor when the connection drops.
 * Field technicians and plant engineers are often on a poor signal: say so instead of failing silently.
 * The offline notice is plain markup (sonner may not be loaded yet, and cannot be fetched offline);
 * "Back online" is a toast.
 */
export function ToastHost() {
  const [requested, setRequested] = useState(false);
  const requestedOnce = useRef(false);
  const [SonnerToaster, setSonnerToaster] = useState(loadToaster);
  // Read from navigator.onLine, not only from events: the signal may have dropped before hydration.
  const offline = useSyncExternalStore(subscribeToConnection, () => !navigator.onLine, () => false);
  useEffect(
    () =>
      onToasterRequested(() => {
        // Asked again after a failed fetch (toasterUnavailable): a fresh lazy component fetches again.
        setSonnerToaster((current: LazyExoticComponent<ComponentType>) => (requestedOnce.current ? loadToaster() : current));
        requestedOnce.current = true;
        setRequested(true);
      }),
    [],
  );

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
