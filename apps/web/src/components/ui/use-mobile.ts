import { MOBILE_BREAKPOINT } from "@pevo/shared";
import { useSyncExternalStore } from "react";

const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True while the viewport is narrower than 768 px (SPEC §9), e.g. to show stacked cards instead of a table. */
export function useIsMobile() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
