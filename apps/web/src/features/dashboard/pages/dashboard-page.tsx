import { RefreshCw } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { RecentActivity } from "@/components/recent-activity";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatLongToday } from "@/lib/format";
import { useDashboard } from "../api";
import { SummaryCards } from "../components/summary-cards";
import { UpcomingJobs } from "../components/upcoming-jobs";

/** /dashboard: figures, upcoming jobs and recent activity, all computed from the company's data. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <div>
      <PageHeader title="Dashboard" subtitle={formatLongToday()} />
      {dashboard.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 p-10 text-center"
        >
          <p className="font-medium text-destructive">Error loading dashboard</p>
          <p className="text-sm text-muted-foreground">{dashboard.error.message}</p>
          <Button variant="outline" onClick={() => dashboard.refetch()} disabled={dashboard.isFetching}>
            {dashboard.isFetching ? <Spinner /> : <RefreshCw />}
            Retry
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          <SummaryCards cards={dashboard.data?.cards} />
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <UpcomingJobs jobs={dashboard.data?.upcomingJobs} loading={dashboard.isPending} />
            <RecentActivity
              activity={dashboard.data?.activity}
              loading={dashboard.isPending}
              description="The latest events in your company"
            />
          </div>
        </div>
      )}
    </div>
  );
}
