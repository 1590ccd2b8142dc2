import { ArrowLeft, MapPinOff } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { homeFor, useMe } from "@/lib/session";

/**
 * SPEC §2: any unknown address (the server answers it with HTTP 404). 'Return to Dashboard' leads
 * where the visitor's dashboard is: /dashboard for an admin, /pevo for a PEVO, /auth when signed out.
 */
export default function NotFound() {
  const { data: me } = useMe();
  const home = me ? homeFor(me) : "/auth";
  return (
    <main className="flex min-h-svh flex-col items-center justify-center bg-background px-6 py-16 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">
        <MapPinOff className="size-8" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-muted-foreground uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        This route doesn't lead anywhere. The page may have moved, or the address may be mistyped.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={home}>
          <ArrowLeft />
          Return to Dashboard
        </Link>
      </Button>
    </main>
  );
}
