import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useSignOut } from "@/lib/session";
import { toast } from "@/lib/toast";

/** Signs out, goes to /auth and says so; a failure is shown as a toast (SPEC §2, §8). */
export function useSignOutAction() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    if (pending) return;
    setPending(true);
    try {
      await signOut();
      navigate("/auth");
      toast.success("Successfully signed out");
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : "Failed to sign out");
    } finally {
      setPending(false);
    }
  }, [navigate, pending, signOut]);

  return { signOut: run, pending };
}
