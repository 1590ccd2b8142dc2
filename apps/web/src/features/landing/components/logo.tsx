import { Truck } from "lucide-react";
import { cn } from "@/lib/utils";

/** The product mark and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("flex items-center gap-2", className)}>
      <span
        aria-hidden
        className="flex size-8 shrink-0 items-center justify-center rounded-md bg-amber-400 text-zinc-900 ring-1 ring-amber-500/40 ring-inset"
      >
        <Truck className="size-4.5" strokeWidth={2.25} />
      </span>
      <span className="font-semibold tracking-tight whitespace-nowrap">PEVO Back Office</span>
    </span>
  );
}
