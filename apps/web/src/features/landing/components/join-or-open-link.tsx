import type { TMe } from "@pevo/shared";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { homeFor, useMe } from "@/lib/session";

/** The signed-in visitor's way into the app from the landing (its header, hero and call to action). */
export const openAppLabel = (me: TMe) =>
  me.user.role === "pevo" ? "Open the portal" : "Open your dashboard";

/**
 * The landing's main button: Join Waitlist (SPEC §2) for a visitor, and for a signed-in one (the
 * owner who just verified the email lands here) the way into the app instead of another signup.
 */
export function JoinOrOpenLink() {
  const { data: me } = useMe();
  return (
    <Link to={me ? homeFor(me) : "/auth?signup=true"}>
      {me ? openAppLabel(me) : "Join Waitlist"}
      <ArrowRight />
    </Link>
  );
}
