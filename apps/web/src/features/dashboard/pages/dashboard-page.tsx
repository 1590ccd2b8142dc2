import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { RecentActivity } from "@/components/recent-activity";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ExpiringCredentialsCard, ToReviewCard } from "@/features/credentials";
import { MonthlyMarginCard } from "@/features/reports";
import { formatLongToday } from "@/lib/format";
import { useDashboard } from "../api";
import { ArrowRight } from "../components/arrow-right-icon";
import { GetStarted } from "../components/get-started";
import { SummaryCards } from "../components/summary-cards";
import { UpcomingJobs } from "../components/upcoming-jobs";

/** /dashboard: figures, upcoming jobs and recent activity, all computed from the company's data. */
export default function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <div>
      <PageHeader title="Dashboard" subtitle={formatLongToday()} />
      {dashboard.isError ? (
        <QueryErrorState message="Error loading dashboard" query={dashboard} />
      ) : (
        <div className="grid gap-6">
          <GetStarted />
          <SummaryCards cards={dashboard.data?.cards} />
          <MonthlyMarginCard settled={!dashboard.isPending} />
          <div className="grid gap-6 xl:grid-cols-2">
            <ToReviewCard />
            <ExpiringCredentialsCard />
          </div>
          <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_20rem]">
            <UpcomingJobs jobs={dashboard.data?.upcomingJobs} loading={dashboard.isPending} />
            <RecentActivity
              activity={dashboard.data?.activity}
              loading={dashboard.isPending}
              description="The latest events in your company"
              action={
                <Button asChild variant="ghost" size="sm">
                  <Link to="/activity">
                    View all
                    <ArrowRight />
                  </Link>
                </Button>
              }
            />
          </div>
        </div>
      )}
    </div>
  );
}
