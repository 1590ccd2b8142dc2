import type { SettlementStatus } from "@pevo/shared";
import { Badge } from "@/components/ui/badge";

/** Draft grey, approved (locked) blue, paid green: the invoice badges' colours for the same ideas. */
const STATUS: Record<SettlementStatus, { tone: "gray" | "blue" | "green"; label: string }> = {
  draft: { tone: "gray", label: "Draft" },
  approved: { tone: "blue", label: "Approved" },
  paid: { tone: "green", label: "Paid" },
};

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  return <Badge variant={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
