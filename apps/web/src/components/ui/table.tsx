import type * as React from "react";
import { cn } from "@/lib/utils";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}
export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}
export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}
export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}
/**
 * A cell. Long unbroken words wrap anywhere rather than widen the table; with `truncate` (the full
 * text) the cell keeps to one line, cut with an ellipsis, and shows the full text on hover.
 */
export function TableCell({
  className,
  truncate,
  children,
  ...props
}: React.ComponentProps<"td"> & { truncate?: string | null }) {
  if (truncate == null) {
    return (
      <td className={cn("p-3 align-middle [overflow-wrap:anywhere]", className)} {...props}>
        {children}
      </td>
    );
  }
  return (
    <td className={cn("p-3 align-middle", className)} title={truncate} {...props}>
      <div className="max-w-48 truncate xl:max-w-64">{children}</div>
    </td>
  );
}
