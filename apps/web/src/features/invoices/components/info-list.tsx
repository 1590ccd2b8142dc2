import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A read-only list of label / value pairs (Dispatch, Job and Rate Information). */
export function InfoList({
  items,
  className,
}: {
  items: [label: string, value: ReactNode][];
  className?: string;
}) {
  return (
    <dl className={cn("grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm", className)}>
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}
