import { CalendarClock, CheckCircle2, type LucideIcon, UserRoundCheck } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { firstScreenLoader } from "@/lib/first-screen";
import { formatLongToday } from "@/lib/format";
import { queryClient } from "@/lib/query-client";
import { DispatchList } from "../components/dispatch-list";
import { portalDashboardQuery, type TPortalDashboard, usePortalDashboard } from "../dashboard-api";
import { tapTarget } from "../lib";

function StatCard({
  title,
  subtitle,
  icon: Icon,
  children,
}: {
  title: string;
  subtitle: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-1 py-3 sm:gap-2 sm:py-5">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-3 sm:px-5">
        <CardTitle className="text-xs leading-tight font-medium sm:text-sm">{title}</CardTitle>
        <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
      </CardHeader>
      <CardContent className="px-3 sm:px-5">
        {children}
        <p className="mt-1 text-[11px] leading-tight text-muted-foreground sm:text-xs">{subtitle}</p>
      </CardContent>
    </Card>
  );
}

function StatCards({ cards }: { cards?: TPortalDashboard["cards"] }) {
  const value = (n: number | undefined) =>
    n === undefined ? (
      <Skeleton className="my-1 h-7 w-10" />
    ) : (
      <p className="text-2xl font-bold tabular-nums">{n}</p>
    );
  const active = cards?.profileStatus === "active";
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      <StatCard title="Upcoming Jobs" subtitle="In the next 7 days" icon={CalendarClock}>
        {value(cards?.upcomingJobs)}
      </StatCard>
      <StatCard title="Completed Jobs" subtitle="In the last 30 days" icon={CheckCircle2}>
        {value(cards?.completedJobs)}
      </StatCard>
      <StatCard title="Profile Status" subtitle="Your PEVO status" icon={UserRoundCheck}>
        {cards ? (
          <p className="flex h-8 items-center">
            <Badge variant={active ? "green" : "gray"} className="sm:text-sm">
              {active ? "Active" : "Inactive"}
            </Badge>
          </p>
        ) : (
          <Skeleton className="my-1 h-7 w-16" />
        )}
      </StatCard>
    </div>
  );
}

// Its own chunk, off the /pevo first-load budget (docs/performance.md), fetched beside the screen's
// code (app/router.tsx); on a phone its text is the largest on screen (the LCP element).
let recentActivity: typeof import("@/components/recent-activity") | undefined;
const loadRecentActivity = () =>
  import("@/components/recent-activity").then((module) => {
    recentActivity = module;
    return module;
  });
const LazyRecentActivity = lazy(() =>
  loadRecentActivity().then((module) => ({ default: module.RecentActivity })),
);

/**
 * The first screen waits for the dashboard and the activity's code: drawn whole (lib/first-screen.ts).
 * @public read by app/router.tsx's page(), which the dead-code check cannot follow.
 */
export const loader = () =>
  firstScreenLoader(() => [queryClient.prefetchQuery(portalDashboardQuery()), loadRecentActivity()]);

/** /pevo: the PEVO's own figures, upcoming jobs and activity. */
export default function PortalDashboardPage() {
  const dashboard = usePortalDashboard();
  const data = dashboard.data;
  return (
    <div>
      <PageHeader title="Dashboard" subtitle={formatLongToday()} />
      {dashboard.isError ? (
        <QueryErrorState message="Error loading dashboard" query={dashboard} retryClassName={tapTarget} />
      ) : (
        <div className="grid gap-6">
          <StatCards cards={data?.cards} />
          <div className="grid gap-6 2xl:grid-cols-3">
            <Card className="min-w-0 2xl:col-span-2">
              <CardHeader>
                <CardTitle>Upcoming Jobs</CardTitle>
                <CardDescription>Your next pickups</CardDescription>
              </CardHeader>
              <CardContent className="px-3 sm:px-5">
                {!data ? (
                  <ListSkeleton label="Loading upcoming jobs" />
                ) : data.upcomingJobs.length === 0 ? (
                  <EmptyState text="No upcoming jobs assigned to you at the moment" />
                ) : (
                  <DispatchList dispatches={data.upcomingJobs} from="/pevo" />
                )}
              </CardContent>
            </Card>
            {recentActivity ? (
              <recentActivity.RecentActivity
                activity={data?.activity}
                description="Your latest assignments and updates"
              />
            ) : (
              <Suspense
                fallback={
                  <Card className="min-w-0" role="status" aria-label="Loading recent activity">
                    <CardContent className="grid gap-3">
                      <Skeleton className="h-5 w-40" />
                      <Skeleton className="h-4 w-3/4" />
                      <Skeleton className="h-4 w-1/2" />
                    </CardContent>
                  </Card>
                }
              >
                <LazyRecentActivity
                  activity={data?.activity}
                  description="Your latest assignments and updates"
                />
              </Suspense>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
