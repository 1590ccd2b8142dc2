import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/** A row's icon actions, right-aligned (the page provides the TooltipProvider). */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex shrink-0 items-center justify-end gap-1">{children}</div>;
}

/** One icon action of a row: a link (`to`) or a button (`onClick`); its label is the tooltip and the name. */
export function RowAction({
  label,
  icon,
  to,
  onClick,
  destructive,
}: {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
  destructive?: boolean;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {to ? (
          <Button variant="ghost" size="icon" asChild>
            <Link to={to} aria-label={label}>
              {icon}
            </Link>
          </Button>
        ) : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={label}
            className={
              destructive ? "text-destructive hover:bg-destructive/10 hover:text-destructive" : undefined
            }
            onClick={onClick}
          >
            {icon}
          </Button>
        )}
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
