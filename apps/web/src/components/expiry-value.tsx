import { AlertTriangle, Clock } from "lucide-react";
import { expiryHint } from "@/lib/expiry";
import { formatShortDate } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The expiry as MM/dd/yyyy (or N/A), with 'Expired' in red or 'Expires in N days' in amber beside it. */
export function ExpiryValue({ expiry, className }: { expiry: string | null; className?: string }) {
  if (!expiry) return <span className={className}>N/A</span>;
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-x-2 gap-y-1", className)}>
      <span className="tabular-nums">{formatShortDate(expiry)}</span>
      <ExpiryHintText expiry={expiry} />
    </span>
  );
}

/** Only the hint ('Expired', 'Expires in N days'), or nothing when the date is far. */
export function ExpiryHintText({ expiry }: { expiry: string | null }) {
  const hint = expiryHint(expiry);
  if (!hint) return null;
  return (
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
  );
}
