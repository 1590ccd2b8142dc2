import type { ActivityStatus, ActivityType } from "@pevo/shared";
import type { ReactNode } from "react";
import { ActivityBadge } from "@/components/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLocalDateTime, formatMoney, timeAgo } from "@/lib/format";

/** An activity event as both dashboards receive it (the admin's also has an amount). */
export type TActivityItem = {
  id: string;
  type: ActivityType | (string & {});
  status: ActivityStatus;
  message: string;
  createdAt: string;
  amount?: string | null;
};

/** The letter badge of an activity type (SPEC §3); A for anything else. */
const LETTERS: Record<string, string> = {
  invoice_generated: "I",
  rate_signed: "R",
  pevo_dispatched: "D",
  dispatch_accepted: "D",
  dispatch_declined: "D",
  dispatch_step: "D",
  payment_received: "P",
  signature_requested: "S",
  signature_viewed: "S",
  signature_declined: "S",
  signature_voided: "S",
  signature_canceled: "S",
  signature_reminded: "S",
  signature_expired: "S",
  invoice_sent: "I",
  invoice_viewed: "I",
  invoice_voided: "I",
  invoice_reminded: "I",
  invoice_deleted: "I",
  invoice_notes_changed: "I",
  invoice_reissued: "I",
  payment_deleted: "P",
  credit_note_issued: "C",
  credit_note_sent: "C",
  credit_note_viewed: "C",
  client_credit_added: "P",
  client_credit_applied: "P",
  client_credit_refunded: "P",
  invoice_factored: "I",
  invoice_unfactored: "I",
  invoice_sent_to_factor: "I",
  factoring_changed: "A",
  pay_plan_changed: "P",
  settlement_created: "P",
  settlement_approved: "P",
  settlement_paid: "P",
  settlement_deleted: "P",
};
const activityLetter = (type: string) => LETTERS[type] ?? "A";

/** The events, newest first (the dashboard's card and the /activity page). */
export function ActivityList({ activity }: { activity: TActivityItem[] }) {
  return (
    <ul className="grid gap-4">
      {activity.map((item) => (
        <li key={item.id} className="flex items-start gap-3">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-foreground"
          >
            {activityLetter(item.type)}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            {/* Older events may quote texts of any length: at most three lines here, all of it on hover. */}
            <p
              className="line-clamp-3 text-sm leading-snug [overflow-wrap:anywhere]"
              title={item.message.length > 120 ? item.message.slice(0, 2000) : undefined}
            >
              {item.message.slice(0, 2000)}
            </p>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <time dateTime={item.createdAt} title={formatLocalDateTime(new Date(item.createdAt))}>
                {timeAgo(item.createdAt)}
              </time>
              {item.amount ? <span>{formatMoney(item.amount)}</span> : null}
              <ActivityBadge type={item.type} status={item.status} className="ml-auto" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Recent Activity, newest first: the company's on the admin dashboard, a PEVO's own in the portal. */
export function RecentActivity({
  activity,
  loading,
  description,
  action,
}: {
  activity?: TActivityItem[];
  loading?: boolean;
  description: string;
  /** A link at the top right, e.g. "View all" to the whole log. */
  action?: ReactNode;
}) {
  let body: ReactNode;
  if (loading || !activity) {
    body = (
      <div className="grid gap-4" role="status" aria-label="Loading recent activity">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (activity.length === 0) {
    body = <p className="py-8 text-center text-sm text-muted-foreground">No recent activity yet</p>;
  } else {
    body = <ActivityList activity={activity} />;
  }
  return (
    <Card className="min-w-0">
      <CardHeader className={action ? "grid-cols-[minmax(0,1fr)_auto]" : undefined}>
        <CardTitle>Recent Activity</CardTitle>
        {action ? <div className="col-start-2 row-span-2 row-start-1 self-start">{action}</div> : null}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
