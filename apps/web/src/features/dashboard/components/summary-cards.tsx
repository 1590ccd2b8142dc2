import type { LucideIcon } from "lucide-react";
import { AlarmClock, CalendarClock, DollarSign, FileSignature, Truck, UserRoundX, Users } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/format";
import type { TDashboard } from "../api";

const CARDS: { key: keyof TDashboard["cards"]; title: string; subtitle: string; icon: LucideIcon }[] = [
  { key: "activeJobs", title: "Active Jobs", subtitle: "Currently in progress", icon: Truck },
  { key: "pevos", title: "PEVOs", subtitle: "Available for dispatch", icon: Users },
  {
    key: "pendingSignatures",
    title: "Pending Signatures",
    subtitle: "Rate confirmations awaiting signature",
    icon: FileSignature,
  },
  { key: "upcomingJobs", title: "Upcoming Jobs", subtitle: "Scheduled for this week", icon: CalendarClock },
  {
    // DECISIONS 'One dispatch per position': coverage.
    key: "uncoveredJobs",
    title: "Uncovered Positions",
    subtitle: "Jobs in the next 7 days with a position not dispatched",
    icon: UserRoundX,
  },
  // DECISIONS 'Invoices', Receivables: money still owed on open invoices, and the part of it past due.
  { key: "outstanding", title: "Outstanding", subtitle: "Open invoice balances", icon: DollarSign },
  { key: "overdue", title: "Overdue", subtitle: "Past the due date", icon: AlarmClock },
];

const MONEY_CARDS = new Set<string>(["outstanding", "overdue"]);

/** The summary figures; skeletons while they load. */
export function SummaryCards({ cards }: { cards?: TDashboard["cards"] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {CARDS.map(({ key, title, subtitle, icon: Icon }) => (
        <Card key={key} className="gap-2">
          <CardHeader className="flex flex-row items-center justify-between gap-2">
            <CardTitle className="text-sm font-medium">{title}</CardTitle>
            <Icon className="size-4 text-muted-foreground" aria-hidden />
          </CardHeader>
          <CardContent>
            {cards ? (
              <p className="text-2xl font-bold tabular-nums">
                {MONEY_CARDS.has(key) ? formatMoney(cards[key]) : cards[key]}
              </p>
            ) : (
              <Skeleton className="h-8 w-12" />
            )}
            <p className="mt-1 text-xs text-muted-foreground">{subtitle}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
