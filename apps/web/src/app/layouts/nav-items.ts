import {
  Building2,
  CalendarDays,
  ClipboardList,
  FileSignature,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  NotebookPen,
  Receipt,
  Route,
  Settings,
  UserRound,
  Users,
  Wallet,
} from "lucide-react";

type NavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Highlight only on this exact path (nested paths highlight their item otherwise). */
  end?: boolean;
};

export type NavGroup = { label?: string; items: NavItem[]; pinToBottom?: boolean };

/** SPEC §2 'Admin layout': the main navigation, with Settings in a group of its own. */
export const adminNav: NavGroup[] = [
  {
    label: "Operations",
    items: [
      { title: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
      { title: "Clients", to: "/clients", icon: Building2 },
      { title: "PEVOs", to: "/pevos", icon: Users },
      { title: "Rate Confirmations", to: "/rate-confirmations", icon: FileSignature },
      { title: "Dispatching", to: "/dispatching", icon: Route },
      { title: "Invoices", to: "/invoices", icon: Receipt },
      { title: "Receivables", to: "/receivables", icon: Wallet },
      { title: "Year end (1099)", to: "/year-end", icon: Landmark },
      { title: "Calendar", to: "/calendar", icon: CalendarDays },
    ],
  },
  {
    label: "Administration",
    pinToBottom: true,
    items: [{ title: "Settings", to: "/settings", icon: Settings }],
  },
];

/** SPEC §2 'PEVO portal': the operator's sidebar. */
export const pevoNav: NavGroup[] = [
  {
    items: [
      { title: "Dashboard", to: "/pevo", icon: LayoutDashboard, end: true },
      { title: "My Dispatches", to: "/pevo/dispatches", icon: ClipboardList },
      { title: "Trip Log", to: "/pevo/trip-log", icon: NotebookPen },
      { title: "My Profile", to: "/pevo/profile", icon: UserRound },
      { title: "Settings", to: "/pevo/settings", icon: Settings },
    ],
  },
];
