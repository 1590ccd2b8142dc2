import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { useMe } from "@/lib/session";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { emailInitials } from "./identity";

/**
 * Loaded when first opened: Radix's menu (floating-ui, the focus scope, the scroll lock) and the
 * modules it shares with the sign-in form's first-load group were a third of every office screen's
 * first load (docs/performance.md).
 */
const UserMenuDropdown = lazy(() => import("./user-menu-dropdown"));

/** The avatar menu at the top right: 'My Account' and 'Sign out' (signed-in users only). */
export function UserMenu() {
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const opened = useOpenedOnce(open);
  if (!me) return null;
  const initials = emailInitials(me.user.email);
  // Until the menu's code is in, the button opens it as Radix's trigger does: on a primary press
  // (without taking the focus), or on Enter, Space or Arrow Down.
  const standIn = (
    <AvatarButton
      initials={initials}
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? "open" : "closed"}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        setByKeyboard(false);
        setOpen(true);
      }}
      onKeyDown={(event) => {
        if (!["Enter", " ", "ArrowDown"].includes(event.key)) return;
        event.preventDefault();
        setByKeyboard(true);
        setOpen(true);
      }}
    />
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuDropdown
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setByKeyboard(false);
        }}
        email={me.user.email}
        focusFirstItem={byKeyboard}
        trigger={<AvatarButton initials={initials} />}
      />
    </Suspense>
  );
}

function AvatarButton({ initials, ...props }: ComponentProps<typeof Button> & { initials: string }) {
  return (
    // The name starts with the initials it shows (WCAG 2.5.3: a voice user says what they see).
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${initials}: User menu`}
      className="size-9 rounded-full"
      {...props}
    >
      <Avatar className="size-8">
        <AvatarFallback>{initials}</AvatarFallback>
      </Avatar>
    </Button>
  );
}
