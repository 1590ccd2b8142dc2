import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ToolbarProps } from "react-big-calendar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { CalendarEvent } from "../events";

const VIEWS = [
  ["month", "Month"],
  ["week", "Week"],
  ["day", "Day"],
  ["agenda", "List"],
] as const;

/** Prev / Today / Next, the period's label, and Month / Week / Day / List. */
export function CalendarToolbar({ label, onNavigate, onView, view }: ToolbarProps<CalendarEvent>) {
  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-2">
        <Button variant="outline" size="icon" aria-label="Previous" onClick={() => onNavigate("PREV")}>
          <ChevronLeft />
        </Button>
        <Button variant="outline" onClick={() => onNavigate("TODAY")}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label="Next" onClick={() => onNavigate("NEXT")}>
          <ChevronRight />
        </Button>
        <h2 className="ml-2 text-lg font-semibold" aria-live="polite">
          {label}
        </h2>
      </div>
      <div className="inline-flex rounded-md border p-0.5" role="group" aria-label="View">
        {VIEWS.map(([v, name]) => (
          <button
            key={v}
            type="button"
            aria-pressed={view === v}
            onClick={() => onView(v)}
            className={cn(
              "rounded px-3 py-1 text-sm",
              view === v ? "bg-primary text-primary-foreground" : "hover:bg-accent",
            )}
          >
            {name}
          </button>
        ))}
      </div>
    </div>
  );
}
