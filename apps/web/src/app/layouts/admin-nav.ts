import {
  Building2,
  CalendarDays,
  ChartNoAxesColumnIncreasing,
  FileSignature,
  Landmark,
  LayoutDashboard,
  Receipt,
  Route,
  Settings,
  Users,
  Wallet,
  WalletCards,
} from "lucide-react";
import type { NavGroup } from "./nav-items";

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
      { title: "PEVO pay", to: "/settlements", icon: WalletCards },
      { title: "Jobs report", to: "/reports/jobs", icon: ChartNoAxesColumnIncreasing },
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
