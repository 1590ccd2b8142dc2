import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { tapTarget } from "../lib";

/** A load failure with the server's message and a Retry button. */
export function LoadError({
  title,
  error,
  retrying,
  onRetry,
}: {
  title: string;
  error: Error | null;
  retrying?: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 p-8 text-center"
    >
      <p className="font-medium text-destructive">{title}</p>
      {error?.message ? <p className="text-sm text-muted-foreground">{error.message}</p> : null}
      <Button variant="outline" className={tapTarget} onClick={onRetry} disabled={retrying}>
        {retrying ? <Spinner /> : <RefreshCw />}
        Retry
      </Button>
    </div>
  );
}

/** A centred empty-state text, optionally with an icon and an action. */
export function EmptyState({ icon, text, action }: { icon?: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      {icon ? <div className="rounded-full bg-muted p-3 text-muted-foreground">{icon}</div> : null}
      <p className="text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}
