import { ArrowLeft, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

/** A spinner with a text while a screen loads. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
      <Spinner />
      <span>{text}</span>
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

/** The Retry button of a failed load: a spinner while the retry runs. */
function RetryButton({
  onRetry,
  retrying,
  className,
}: {
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <Button variant="outline" className={className} onClick={onRetry} disabled={retrying}>
      {retrying ? <Spinner /> : <RotateCw />}
      Retry
    </Button>
  );
}

/** A load failure: the message, the server's detail when there is one, and a Retry button. */
export function ErrorState({
  message,
  detail,
  onRetry,
  retrying,
  retryClassName,
}: {
  message: string;
  detail?: string;
  onRetry: () => void;
  retrying?: boolean;
  /** e.g. thumb-sized on phones in the PEVO portal. */
  retryClassName?: string;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-destructive/30 p-8 text-center"
    >
      <p className="font-medium text-destructive">{message}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      <RetryButton onRetry={onRetry} retrying={retrying} className={retryClassName} />
    </div>
  );
}

/** A failed query's error state: its message as the detail, Retry refetches it. */
export function QueryErrorState({
  message,
  query,
  retryClassName,
}: {
  message: string;
  query: { error: Error | null; isFetching: boolean; refetch: () => unknown };
  retryClassName?: string;
}) {
  return (
    <ErrorState
      message={message}
      detail={query.error?.message}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
      retryClassName={retryClassName}
    />
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

/** The way back from a record or a problem to its list, e.g. 'Back to Invoices'. */
export function BackButton({
  to,
  label,
  variant = "outline",
}: {
  to: string;
  label: string;
  variant?: "outline" | "default";
}) {
  return (
    <Button asChild variant={variant}>
      <Link to={to}>
        <ArrowLeft />
        {label}
      </Link>
    </Button>
  );
}

/**
 * A message in place of a screen (a missing or invalid record, an unknown address, an error) with a
 * way back to the list and, for a failure worth repeating, a Retry button. The message is the
 * screen's heading (its h1: every screen has one, axe's page-has-heading-one); `level` 2 where the
 * screen keeps its own title above it.
 */
export function ProblemState({
  message,
  detail,
  onRetry,
  back,
  children,
  level = 1,
}: {
  message: string;
  detail?: string;
  onRetry?: () => void;
  back: ReactNode;
  children?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? "h1" : "h2";
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center"
    >
      <Heading className="text-lg font-medium">{message}</Heading>
      {detail ? <p className="max-w-md text-sm text-muted-foreground">{detail}</p> : null}
      {children}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? <RetryButton onRetry={onRetry} /> : null}
        {back}
      </div>
    </div>
  );
}
