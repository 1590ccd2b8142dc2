import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { ActivityList } from "@/components/recent-activity";
import { BackButton, ErrorState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useActivityLog } from "../api";

/** /activity: every event of the company, newest first, older ones with "Load more". */
export default function ActivityPage() {
  const log = useActivityLog();
  const events = log.data?.pages.flatMap((p) => p.items) ?? [];

  let body: ReactNode;
  if (log.isPending) {
    body = <ListSkeleton label="Loading activity" rows={6} />;
  } else if (log.isError && !log.data) {
    body = <QueryErrorState message="Error loading activity" query={log} />;
  } else if (events.length === 0) {
    body = <p className="py-8 text-center text-sm text-muted-foreground">No activity yet</p>;
  } else {
    body = (
      <div className="grid gap-4">
        <ActivityList activity={events} />
        {log.isFetchNextPageError ? (
          <ErrorState message="Error loading older events" onRetry={() => void log.fetchNextPage()} />
        ) : log.hasNextPage ? (
          <Button
            variant="outline"
            className="justify-self-center"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? <Spinner /> : null}
            Load more
          </Button>
        ) : (
          <p className="text-center text-sm text-muted-foreground" aria-live="polite">
            That is everything: {events.length} {events.length === 1 ? "event" : "events"}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Activity"
        subtitle="Everything that happened in your company, newest first"
        actions={<BackButton to="/dashboard" label="Back to Dashboard" />}
      />
      <Card className="min-w-0">
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
