import { ClipboardList, DollarSign, LayoutDashboard, NotebookPen, Settings, UserRound } from "lucide-react";
import type { NavGroup } from "./nav-items";

/** SPEC §2 'PEVO portal': the operator's sidebar. */
export const pevoNav: NavGroup[] = [
  {
    items: [
      { title: "Dashboard", to: "/pevo", icon: LayoutDashboard, end: true },
      { title: "My Dispatches", to: "/pevo/dispatches", icon: ClipboardList },
      { title: "Trip Log", to: "/pevo/trip-log", icon: NotebookPen },
      { title: "Earnings", to: "/pevo/earnings", icon: DollarSign },
      { title: "My Profile", to: "/pevo/profile", icon: UserRound },
      { title: "Settings", to: "/pevo/settings", icon: Settings },
    ],
  },
];
