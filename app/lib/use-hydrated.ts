import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * True once the page runs its JavaScript (false in the server's HTML and during hydration): for controls
 * that only work with it, shown in place of what the page offers without.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
