import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False on the server and while the page hydrates, true from the render after: for parts only the
 * browser renders, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
