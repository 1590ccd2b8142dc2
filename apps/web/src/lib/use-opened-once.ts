import { useState } from "react";

/**
 * Whether `open` has been true at least once. A lazily loaded dialog or panel mounts from its first
 * opening on and stays mounted, so that it closes with its animation.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
