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

export function BackToInvoices({ label = "Back to Invoices" }: { label?: string }) {
  return (
    <Button asChild variant="outline">
      <Link to="/invoices">
        <ArrowLeft />
        {label}
      </Link>
    </Button>
  );
}

/** A message in place of a screen (error, missing or invalid record) with a way back to the list. */
export function InvoiceProblem({
  message,
  onRetry,
  back = <BackToInvoices />,
  children,
}: {
  message: string;
  onRetry?: () => void;
  back?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-4 rounded-lg border border-dashed p-10 text-center"
    >
      <p className="text-lg font-medium">{message}</p>
      {children}
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <Button variant="outline" onClick={onRetry}>
            <RotateCw />
            Retry
          </Button>
        ) : null}
        {back}
      </div>
    </div>
  );
}
