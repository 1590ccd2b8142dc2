import { Truck } from "lucide-react";
import { cn } from "@/lib/utils";

/** The product mark: a truck in an amber square, like an OVERSIZE LOAD banner. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-md bg-amber-400 text-zinc-900 shadow-xs ring-1 ring-amber-500/40 ring-inset",
        className,
      )}
    >
      <Truck className="size-4.5" strokeWidth={2.25} />
    </span>
  );
}
