import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";

const RELOADED = "pevo-reloaded-after-chunk-error";

/** A screen that failed to load or render. A new release replaces the old bundles: reload once. */
export function RouteError() {
  const error = useRouteError();
  const chunkMissing =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message);
  useEffect(() => {
    if (chunkMissing && !sessionStorage.getItem(RELOADED)) {
      sessionStorage.setItem(RELOADED, "1");
      window.location.reload();
    }
  }, [chunkMissing]);
  const message = isRouteErrorResponse(error)
    ? error.statusText
    : error instanceof Error
      ? error.message
      : "An unexpected error occurred";
  return (
    <div role="alert" className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {chunkMissing ? "A new version of the app is available. Reload the page to continue." : message}
      </p>
      <Button
        onClick={() => {
          sessionStorage.removeItem(RELOADED);
          window.location.reload();
        }}
      >
        Reload
      </Button>
    </div>
  );
}
