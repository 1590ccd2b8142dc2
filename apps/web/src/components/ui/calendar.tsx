import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type * as React from "react";
import { DayPicker, getDefaultClassNames } from "react-day-picker";
import { cn } from "@/lib/utils";
import { buttonVariants } from "./button";

function Chevron({ orientation }: { orientation?: "left" | "right" | "up" | "down" }) {
  if (orientation === "down") return <ChevronDownIcon className="size-3.5 text-muted-foreground" />;
  return orientation === "left" ? (
    <ChevronLeftIcon className="size-4" />
  ) : (
    <ChevronRightIcon className="size-4" />
  );
}

/** A month grid (react-day-picker) in the app's look. */
export function Calendar({ className, classNames, ...props }: React.ComponentProps<typeof DayPicker>) {
  const d = getDefaultClassNames();
  return (
    <DayPicker
      className={cn("p-3", className)}
      classNames={{
        root: cn("w-fit", d.root),
        months: cn("relative flex flex-col gap-4", d.months),
        month: cn("flex w-full flex-col gap-4", d.month),
        nav: cn("absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1", d.nav),
        button_previous: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8", d.button_previous),
        button_next: cn(buttonVariants({ variant: "ghost", size: "icon" }), "size-8", d.button_next),
        month_caption: cn(
          "flex h-8 w-full items-center justify-center px-8 text-sm font-medium",
          d.month_caption,
        ),
        // The month and year drop-downs are native selects (keyboard and phone pickers for free),
        // laid transparent over a label drawn in the app's look.
        dropdowns: cn("flex h-8 w-full items-center justify-center gap-1.5 text-sm font-medium", d.dropdowns),
        dropdown_root: cn(
          "relative rounded-md border border-input shadow-xs has-focus:border-ring has-focus:ring-[3px] has-focus:ring-ring/50",
          d.dropdown_root,
        ),
        dropdown: cn("absolute inset-0 cursor-pointer bg-popover opacity-0", d.dropdown),
        caption_label: cn(
          props.captionLayout?.startsWith("dropdown")
            ? "flex h-8 items-center gap-1 rounded-md pr-1 pl-2 text-sm font-medium"
            : "text-sm font-medium",
          d.caption_label,
        ),
        weekdays: cn("flex", d.weekdays),
        weekday: cn(
          "flex-1 rounded-md text-[0.8rem] font-normal text-muted-foreground select-none",
          d.weekday,
        ),
        week: cn("mt-2 flex w-full", d.week),
        day: cn("relative aspect-square w-full p-0 text-center text-sm select-none", d.day),
        day_button: cn(
          buttonVariants({ variant: "ghost" }),
          "size-9 p-0 font-normal aria-selected:opacity-100",
          d.day_button,
        ),
        selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary",
        today: "[&>button]:ring-1 [&>button]:ring-ring",
        outside: "text-muted-foreground opacity-50",
        disabled: "text-muted-foreground opacity-40 [&>button]:cursor-not-allowed",
        hidden: "invisible",
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
