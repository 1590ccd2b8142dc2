import type { PevoStatus } from "@pevo/shared";
import { Badge } from "@/components/ui/badge";

/** Active green, Inactive gray. */
export function PevoStatusBadge({ status }: { status: PevoStatus | string }) {
  return status === "active" ? <Badge variant="green">Active</Badge> : <Badge variant="gray">Inactive</Badge>;
}

export { ExpiryValue } from "@/components/expiry-value";
