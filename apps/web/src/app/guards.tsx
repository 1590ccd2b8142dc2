import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/lib/session";

function FullPageSpinner({ text }: { text: string }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8" />
      <p>{text}</p>
    </div>
  );
}

/** Admin area: signed-in admins only; a PEVO is sent to their portal. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <FullPageSpinner text="Loading..." />;
  if (!me) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  if (me.user.role !== "admin") return <Navigate to="/pevo" replace />;
  return children;
}

/** The pevo-only guard (SPEC §2): no user, or not a PEVO, goes to /auth flagged as a PEVO login. */
export function RequirePevo({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <FullPageSpinner text="Loading..." />;
  if (me?.user.role !== "pevo") {
    return (
      <Navigate to="/auth" replace state={{ from: location.pathname + location.search, pevoLogin: true }} />
    );
  }
  return children;
}
