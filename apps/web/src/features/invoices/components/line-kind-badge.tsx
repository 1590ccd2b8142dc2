import { LINE_KIND_LABELS, type LineKind } from "@pevo/shared";
import { Badge } from "@/components/ui/badge";

/** Colours group what the client pays for work (days, miles), for waiting or nights, and at cost. */
const VARIANT: Record<LineKind, "gray" | "yellow" | "blue" | "green" | "red" | "outline"> = {
  day: "blue",
  mileage: "blue",
  overnight: "yellow",
  no_go: "red",
  detention: "yellow",
  standby: "yellow",
  deadhead: "blue",
  per_diem: "yellow",
  high_pole: "blue",
  custom: "gray",
  expense: "green",
  discount: "outline",
};

export function LineKindBadge({ kind }: { kind: LineKind }) {
  return <Badge variant={VARIANT[kind]}>{LINE_KIND_LABELS[kind]}</Badge>;
}
