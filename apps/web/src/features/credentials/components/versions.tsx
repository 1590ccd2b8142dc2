import { CREDENTIAL_REVIEW_LABELS, type TCredentialVersion } from "@pevo/shared";
import { formatShortDate, timeAgo } from "@/lib/format";
import type { CredentialsOwner } from "../api";
import { ReviewBadge } from "./review-controls";

/** The PEVO's submitted change of an approved credential, waiting for the office's review. */
export function PendingVersion({
  owner,
  submittedAt,
  detail,
  expiresOn,
}: {
  owner: CredentialsOwner;
  submittedAt: string;
  detail: string;
  expiresOn: string | null;
}) {
  return (
    <div className="grid gap-0.5 rounded-md border border-amber-300 border-dashed p-2 text-xs dark:border-amber-500/40">
      <p className="font-medium text-amber-800 dark:text-amber-200">
        {owner.kind === "portal" ? "Your update" : "The PEVO's update"} · sent {timeAgo(submittedAt)}
      </p>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">
        {detail}
        {expiresOn ? ` · expires ${formatShortDate(expiresOn)}` : ""}
      </p>
      <p className="text-muted-foreground">
        {owner.kind === "portal"
          ? "The approved version above stays in force until your office approves this one."
          : "The approved version above stays in force until you approve this one."}
      </p>
    </div>
  );
}

/** Who submitted each version of the credential, when, and the office's decision. */
export function VersionHistory({ versions }: { versions: TCredentialVersion[] }) {
  if (versions.length === 0) return null;
  return (
    <details className="text-xs">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-muted-foreground md:min-h-0">
        History ({versions.length})
      </summary>
      <ol className="mt-1 grid gap-1.5 border-l pl-3">
        {versions.map((v) => (
          <li key={v.id} className="grid gap-0.5">
            <p className="flex flex-wrap items-center gap-x-2">
              <ReviewBadge status={v.status} />
              <span className="[overflow-wrap:anywhere]">{v.summary}</span>
            </p>
            <p className="text-muted-foreground">
              Submitted by {v.submittedBy ?? "a former user"} {timeAgo(v.submittedAt)}
              {v.reviewedAt && v.status !== "pending"
                ? ` · ${CREDENTIAL_REVIEW_LABELS[v.status].toLowerCase()} by ${v.reviewedBy ?? "a former user"} ${timeAgo(v.reviewedAt)}`
                : ""}
            </p>
            {v.status === "rejected" && v.reviewNote ? (
              <p className="text-destructive [overflow-wrap:anywhere]">Note: {v.reviewNote}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
