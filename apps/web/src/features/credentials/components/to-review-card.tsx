import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatLocalDateTime, timeAgo } from "@/lib/format";
import { useCredentialsToReview } from "../office-lists-api";

/** At most this many rows on the dashboard; the rest are counted. */
const SHOWN = 8;

/**
 * The dashboard's "To review": the credentials PEVOs submitted from the portal, oldest first, each
 * linking to the PEVO's page where the office approves or rejects it (DECISIONS 'Credential
 * versions'). Follows live: a PEVO's submission refetches it.
 */
export function ToReviewCard() {
  const toReview = useCredentialsToReview();
  let body: React.ReactNode;
  if (toReview.isPending) {
    body = (
      <div className="grid gap-2" role="status" aria-label="Loading credentials to review">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (toReview.isError) {
    body = <QueryErrorState message="Error loading credentials to review" query={toReview} />;
  } else if (toReview.data.items.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ClipboardCheck className="size-4" aria-hidden />
        Nothing to review: every credential a PEVO submitted is reviewed.
      </p>
    );
  } else {
    const items = toReview.data.items;
    body = (
      <>
        <ul className="divide-y" aria-label="Credentials to review">
          {items.slice(0, SHOWN).map((item) => (
            <li key={item.versionId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="min-w-32 flex-1 truncate text-sm font-medium">{item.pevoName}</span>
              <span className="text-sm text-muted-foreground">{item.label}</span>
              <Badge variant={item.change === "update" ? "yellow" : "outline"}>
                {item.change === "update" ? "Renewal" : "New"}
              </Badge>
              <span className="text-xs text-muted-foreground tabular-nums">
                <time dateTime={item.submittedAt} title={formatLocalDateTime(new Date(item.submittedAt))}>
                  Submitted {timeAgo(item.submittedAt)}
                </time>
              </span>
              <Link
                to={`/pevos/edit/${item.pevoId}#credentials`}
                className="text-sm font-medium underline underline-offset-4"
                aria-label={`Review ${item.label} of ${item.pevoName}`}
              >
                Review
              </Link>
            </li>
          ))}
        </ul>
        {items.length > SHOWN ? (
          <p className="mt-2 text-xs text-muted-foreground">and {items.length - SHOWN} more</p>
        ) : null}
      </>
    );
  }
  const count = toReview.data?.items.length ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span>To review</span>
          {count > 0 ? <Badge variant="yellow">{count}</Badge> : null}
        </CardTitle>
        <CardDescription>
          Credentials PEVOs submitted from the portal. A renewal leaves the approved one in force until you
          approve it.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** The PEVO list's and the PEVO page's badge: how many of this PEVO's changes wait for review. */
export function PendingReviewBadge({ pevoId }: { pevoId: string }) {
  const toReview = useCredentialsToReview();
  const count = (toReview.data?.items ?? []).filter((i) => i.pevoId === pevoId).length;
  if (count === 0) return null;
  return (
    <Badge variant="yellow" aria-label={`${count} credential${count === 1 ? "" : "s"} to review`}>
      {count} to review
    </Badge>
  );
}
