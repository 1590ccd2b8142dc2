import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { homeFor, openAppLabel, useMe } from "@/lib/session";

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
