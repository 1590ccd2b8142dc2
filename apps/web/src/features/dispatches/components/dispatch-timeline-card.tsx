import type { TDispatchLifecycle } from "@pevo/shared";
import { JobTimeline } from "@/components/job-timeline";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { inlineLinkClass } from "@/lib/utils";
import { useDispatchTimeline } from "../lifecycle-api";

/** The PEVO's side of the job, in a word. */
const STAGE_LABELS: Record<TDispatchLifecycle["stage"], string> = {
  none: "No PEVO assigned",
  awaiting: "Awaiting the PEVO's answer",
  accepted: "Accepted",
  on_my_way: "On the way",
  arrived_pickup: "At pickup",
  escort_started: "Escort under way",
  completed: "Completed",
};

/** The job on the road, as the PEVO reports it from the phone; updates live. */
export function DispatchTimelineCard({ dispatchId }: { dispatchId: string }) {
  const timeline = useDispatchTimeline(dispatchId);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Timeline
          {timeline.data ? (
            <Badge variant="outline" data-testid="timeline-stage">
              {timeline.data.canceled ? "Canceled" : STAGE_LABELS[timeline.data.stage]}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>The PEVO's answer and each step of the job, as it happens.</CardDescription>
      </CardHeader>
      <CardContent>
        {timeline.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading timeline...
          </p>
        ) : timeline.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the timeline.{" "}
            <button type="button" className={inlineLinkClass} onClick={() => void timeline.refetch()}>
              Retry
            </button>
          </p>
        ) : (
          <JobTimeline events={timeline.data.events} timeZone={timeline.data.timeZone} />
        )}
      </CardContent>
    </Card>
  );
}
