import type { PevoStatus } from "@pevo/shared";
import { AlertTriangle, Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatShortDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { expiryHint } from "../expiry";

/** Active green, Inactive gray. */
export function PevoStatusBadge({ status }: { status: PevoStatus | string }) {
  return status === "active" ? <Badge variant="green">Active</Badge> : <Badge variant="gray">Inactive</Badge>;
}

/** The expiry as MM/dd/yyyy (or N/A), with 'Expired' in red or 'Expires in N days' in amber beside it. */
export function ExpiryValue({ expiry, className }: { expiry: string | null; className?: string }) {
  if (!expiry) return <span className={className}>N/A</span>;
  const hint = expiryHint(expiry);
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <span className="tabular-nums">{formatShortDate(expiry)}</span>
      {hint ? (
        <span
          className={cn(
            "inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap",
            hint.tone === "expired" ? "text-red-600 dark:text-red-400" : "text-amber-700 dark:text-amber-400",
          )}
        >
          {hint.tone === "expired" ? (
            <AlertTriangle className="size-3.5" aria-hidden />
          ) : (
            <Clock className="size-3.5" aria-hidden />
          )}
          {hint.label}
        </span>
      ) : null}
    </span>
  );
}
