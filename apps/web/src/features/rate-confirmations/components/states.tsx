import { ArrowLeft, RotateCw } from "lucide-react";
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

export function BackToListButton({ variant = "outline" }: { variant?: "outline" | "default" }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/rate-confirmations">
        <ArrowLeft />
        Back to List
      </Link>
    </Button>
  );
}

/** A missing record or an unknown address inside /rate-confirmations. */
export function FeatureNotFound({ message }: { message: string }) {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center">
      <p className="text-lg font-medium">{message}</p>
      <BackToListButton />
    </div>
  );
}
