import { coverageText, type TCoverage } from "@pevo/shared";
import { cn } from "@/lib/utils";

/**
 * '2 of 3 positions dispatched' (DECISIONS 'One dispatch per position'): amber while a position has no
 * dispatch, muted once every position is covered.
 */
export function CoverageText({ coverage, className }: { coverage: TCoverage; className?: string }) {
  const complete = coverage.covered >= coverage.total;
  return (
    <span
      data-coverage={complete ? "complete" : "incomplete"}
      className={cn(
        "whitespace-nowrap",
        complete ? "text-muted-foreground" : "font-medium text-amber-700 dark:text-amber-400",
        className,
      )}
    >
      {coverageText(coverage)}
    </span>
  );
}
