/**
 * Toasts (sonner) with the spec's constants (section 9). sonner is loaded on the first toast, not with the
 * page: most visits never show one, and the first paint should not pay for it.
 */
export const TOAST_OPTIONS = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  position: "bottom-right",
  hotkey: ["altKey", "KeyT"],
  // Width 356 px, swipe-to-dismiss at 45 px and the 200 ms removal delay are sonner's own built-in values.
} as const;

export type ToastType = "success" | "info" | "warning" | "error" | "loading" | "default";

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
let hostReady: Promise<void> | undefined;
let resolveHostReady: (() => void) | undefined;
const mountRequests = new Set<() => void>();

/** ToastHost subscribes here: it mounts the Toaster when the first toast is asked for. */
export function onToasterRequested(listener: () => void): () => void {
  mountRequests.add(listener);
  return () => mountRequests.delete(listener);
}

/** Called by the mounted Toaster once it listens for toasts. */
export function toasterMounted(): void {
  resolveHostReady?.();
}

/**
 * Called when the Toaster's code could not be fetched (no signal yet): the toasts asked for so far are
 * dropped, and the next one asks ToastHost to fetch it again.
 */
export function toasterUnavailable(): void {
  hostReady = undefined;
  resolveHostReady = undefined;
  sonner = undefined;
}

export async function notify(type: ToastType, message: string, description?: string): Promise<void> {
  if (!hostReady) {
    hostReady = new Promise((resolve) => (resolveHostReady = resolve));
    for (const request of mountRequests) request();
  }
  // A failed fetch (offline) is not kept: the next toast fetches again.
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  const [{ toast }] = await Promise.all([sonner, hostReady]);
  const options = description ? { description } : undefined;
  if (type === "default") toast(message, options);
  else toast[type](message, options);
}
