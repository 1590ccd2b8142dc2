import { LogOut } from "lucide-react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useMe } from "@/lib/session";
import { emailInitials } from "./identity";
import { useSignOutAction } from "./use-sign-out-action";

/** The avatar menu at the top right: 'My Account' and 'Sign out' (signed-in users only). */
export function UserMenu() {
  const { data: me } = useMe();
  const { signOut, pending } = useSignOutAction();
  if (!me) return null;
  const initials = emailInitials(me.user.email);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name starts with the initials it shows (WCAG 2.5.3: a voice user says what they see). */}
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${initials}: User menu`}
          className="size-9 rounded-full"
        >
          <Avatar className="size-8">
            <AvatarFallback>{initials}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <p className="truncate px-2 pb-1.5 text-xs text-muted-foreground">{me.user.email}</p>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={pending} onSelect={() => void signOut()}>
          <LogOut />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
