import { LogOut } from "lucide-react";
import { type ReactNode, useCallback } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSignOutAction } from "./use-sign-out-action";

/**
 * The avatar menu itself (Radix's dropdown menu), loaded by `UserMenu` when first opened. From then
 * on its own trigger opens it. `focusFirstItem`: the opening that loaded it came from the keyboard,
 * which Radix's trigger (not yet there) would have answered by focusing the first item.
 */
export default function UserMenuDropdown({
  open,
  onOpenChange,
  email,
  focusFirstItem,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  focusFirstItem: boolean;
  trigger: ReactNode;
}) {
  const { signOut, pending } = useSignOutAction();
  // Focused as the content mounts, Radix's focus scope keeps it there (it focuses the menu itself
  // only when nothing inside has the focus).
  const focusFirst = useCallback(
    (content: HTMLDivElement | null) => {
      if (!focusFirstItem || !content) return;
      content
        .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
        ?.focus({ preventScroll: true });
    },
    [focusFirstItem],
  );
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent ref={focusFirst} align="end" className="w-60">
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <p className="truncate px-2 pb-1.5 text-xs text-muted-foreground">{email}</p>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={pending} onSelect={() => void signOut()}>
          <LogOut />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
