import type { LucideIcon } from "lucide-react";

// Each layout has its own list (admin-nav.ts, pevo-nav.ts): the portal loads no office icon.
type NavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Highlight only on this exact path (nested paths highlight their item otherwise). */
  end?: boolean;
};

export type NavGroup = { label?: string; items: NavItem[]; pinToBottom?: boolean };
