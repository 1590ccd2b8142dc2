import { ArrowLeft, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export function LoadingState({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-lg border border-destructive/30 p-8 text-center"
    >
      <p className="text-destructive">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw />
        Retry
      </Button>
    </div>
  );
}

export function BackToDispatching() {
  return (
    <Button asChild variant="outline">
      <Link to="/dispatching">
        <ArrowLeft />
        Back to Dispatching
      </Link>
    </Button>
  );
}

/** A missing dispatch or an unknown address inside /dispatching, with a way back to the list. */
export function DispatchNotFound({
  message = "Dispatch not found",
  children,
}: {
  message?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center"
    >
      <p className="text-lg font-medium">{message}</p>
      {children}
      <BackToDispatching />
    </div>
  );
}
