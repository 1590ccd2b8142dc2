import type { CSSProperties, ReactNode } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "./sheet";

/** The sidebar on a phone: a slide-out panel. Loaded by sidebar.tsx when the menu first opens. */
export default function SidebarSheet({
  open,
  onOpenChange,
  label,
  width,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  width: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        data-slot="sidebar"
        data-mobile="true"
        // The panel is portalled out of the wrapper, so it gets the width variable itself.
        style={{ "--sidebar-width-mobile": width } as CSSProperties}
        className="w-(--sidebar-width-mobile) max-w-[calc(100vw-2.5rem)] gap-0 border-sidebar-border bg-sidebar p-0 text-sidebar-foreground [&>button:last-child]:top-5 [&>button:last-child]:right-4 [&>button:last-child_svg]:size-5"
      >
        <SheetTitle className="sr-only">{label}</SheetTitle>
        <SheetDescription className="sr-only">Choose a page to open.</SheetDescription>
        <nav aria-label={label} className="flex h-full w-full flex-col overflow-hidden">
          {children}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
