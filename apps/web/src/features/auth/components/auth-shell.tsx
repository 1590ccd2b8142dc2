import { CircleAlert, Truck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** The public auth screens: one centered card under the product name. */
export function AuthShell({
  title,
  description,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center bg-muted/40 px-4 py-8 sm:py-12">
      <Card className="w-full max-w-md gap-6 py-6">
        <CardHeader className="justify-items-center px-5 text-center sm:px-6">
          <Link
            to="/"
            className="mb-1 flex size-11 items-center justify-center rounded-lg bg-primary text-primary-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            aria-label="PEVO Back Office home"
          >
            <Truck className="size-6" />
          </Link>
          <h1 className="text-xl font-semibold tracking-tight">PEVO Back Office</h1>
          {title ? <h2 className="text-base font-medium">{title}</h2> : null}
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="px-5 sm:px-6">{children}</CardContent>
      </Card>
    </main>
  );
}

/** A form-level message (role=alert): a failed sign-in, an invalid link. */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive",
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}

/** A neutral note: where to sign in, what was sent. */
export function FormNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-md border bg-muted/60 px-3 py-2 text-sm text-muted-foreground", className)}>
      {children}
    </div>
  );
}

/** A full-screen spinner with a line of text. */
export function FullPageStatus({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex min-h-svh flex-col items-center justify-center gap-3 text-muted-foreground"
    >
      <Spinner className="size-8" />
      <p>{text}</p>
    </div>
  );
}
