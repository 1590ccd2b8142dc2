import { Trash2 } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";

/** One numbered row of a repeating group (a position, a custom rate) with its Remove button. */
export function RemovableRow({
  id,
  title,
  removeLabel,
  onRemove,
  children,
}: {
  id: string;
  title: string;
  removeLabel: string;
  onRemove: () => void;
  children: React.ReactNode;
}) {
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-title`} className="text-sm font-medium">
          {title}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={removeLabel}
          onClick={onRemove}
        >
          <Trash2 />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>
      {children}
    </div>
  );
}
