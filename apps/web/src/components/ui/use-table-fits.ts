import { useLayoutEffect, useRef, useState } from "react";
import { useIsMobile } from "./use-mobile";

/**
 * Table or stacked cards (ARCHITECTURE 'Look and feel'): cards under 768 px, and wherever the table
 * would scroll sideways (a narrow column, a tablet with the sidebar open). Put `ref` on the element
 * that wraps the table; the table is tried first, and when its container overflows, the width it
 * needs is remembered and cards are shown until the wrapper is that wide again. Pass the rows as
 * `data`: new rows may need a different width, so they are measured again.
 */
export function useTableFits<E extends HTMLElement = HTMLDivElement>(data: unknown) {
  const isMobile = useIsMobile();
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(0);
  const [needed, setNeeded] = useState<{ data: unknown; px: number } | null>(null);
  const neededPx = needed && needed.data === data ? needed.px : 0;
  const showTable = !isMobile && (width === 0 || width >= neededPx);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (!showTable || width === 0) return;
    const element = ref.current;
    const container = element?.querySelector<HTMLElement>("[data-slot=table-container]");
    if (element && container && container.scrollWidth > container.clientWidth + 1) {
      const px = container.scrollWidth;
      // Only real changes: a fresh object on every render would loop (React error #185) while the
      // stored width still lags behind a resize the observer has not reported yet.
      setNeeded((prev) => (prev && prev.data === data && prev.px === px ? prev : { data, px }));
      setWidth(element.clientWidth);
    }
  });

  return { ref, showTable };
}
