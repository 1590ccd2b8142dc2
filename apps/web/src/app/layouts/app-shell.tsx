import { LogOut, Menu } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { NavLink, Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarSeparator,
  SidebarTrigger,
  useSidebar,
} from "@/components/ui/sidebar";
import { Spinner } from "@/components/ui/spinner";
import { UnsavedChangesPrompt } from "@/components/unsaved-changes";
import { useLiveEvents } from "@/lib/live-events";
import { cn } from "@/lib/utils";
import { BrandMark } from "./brand";
import type { NavGroup } from "./nav-items";

type ShellProps = {
  /** Product name in the sidebar header. */
  title: string;
  /** A second line under the name (the company). */
  subtitle?: string;
  /** Where the brand links to. */
  homeHref: string;
  groups: NavGroup[];
  /** Sidebar footer on desktop. */
  footer?: ReactNode;
  /** Footer of the mobile slide-out panel. */
  mobileFooter?: ReactNode;
  /** Right-hand end of the top bar. */
  headerEnd?: ReactNode;
};

/**
 * The signed-in frame: sidebar (slide-out panel on phones), top bar and the page. It also holds the
 * tab's live event stream (lib/live-events.ts): only signed-in screens open one, never a public page.
 */
export function AppShell(props: ShellProps) {
  useLiveEvents();
  return (
    <SidebarProvider>
      <ShellSidebar {...props} />
      <SidebarInset>
        <TopBar {...props} />
        <main id="main" className="flex-1 p-4 md:p-6 lg:p-8">
          <div className="mx-auto w-full max-w-7xl">
            <Outlet />
          </div>
        </main>
      </SidebarInset>
      <ScrollRestoration />
      <UnsavedChangesPrompt />
    </SidebarProvider>
  );
}

function Brand({ title, subtitle, homeHref }: Pick<ShellProps, "title" | "subtitle" | "homeHref">) {
  const { isMobile, setOpenMobile } = useSidebar();
  return (
    <NavLink
      to={homeHref}
      end
      onClick={() => setOpenMobile(false)}
      className="flex min-w-0 items-center gap-2.5 rounded-md p-1 outline-hidden focus-visible:ring-2 focus-visible:ring-ring/60 group-data-[collapsible=icon]:p-0"
    >
      <BrandMark />
      <span className="grid min-w-0 leading-tight group-data-[collapsible=icon]:hidden">
        <span className={cn("truncate font-semibold", isMobile ? "text-base" : "text-sm")}>{title}</span>
        {subtitle ? <span className="truncate text-xs text-sidebar-foreground/60">{subtitle}</span> : null}
      </span>
    </NavLink>
  );
}

function ShellSidebar({ title, subtitle, homeHref, groups, footer, mobileFooter }: ShellProps) {
  const { isMobile, setOpenMobile } = useSidebar();
  const location = useLocation();

  // Choosing a page closes the phone panel (also on back / forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of page.
  useEffect(() => {
    setOpenMobile(false);
  }, [location.pathname, setOpenMobile]);

  return (
    <Sidebar label={`${title} navigation`}>
      <SidebarHeader
        className={cn(
          "border-b border-sidebar-border",
          isMobile ? "h-16 justify-center px-4 pr-12" : "h-14 justify-center",
        )}
      >
        <Brand title={title} subtitle={subtitle} homeHref={homeHref} />
      </SidebarHeader>
      <SidebarContent className={isMobile ? "py-2" : undefined}>
        {groups.map((group, index) => (
          <div key={group.label ?? index} className={cn("flex flex-col", group.pinToBottom && "mt-auto")}>
            {group.pinToBottom ? <SidebarSeparator /> : null}
            <SidebarGroup>
              {group.label ? <SidebarGroupLabel>{group.label}</SidebarGroupLabel> : null}
              <SidebarMenu>
                {group.items.map((item) => (
                  <SidebarMenuItem key={item.to}>
                    <SidebarMenuButton asChild tooltip={item.title}>
                      <NavLink to={item.to} end={item.end} onClick={() => setOpenMobile(false)}>
                        <item.icon aria-hidden />
                        <span>{item.title}</span>
                      </NavLink>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                ))}
              </SidebarMenu>
            </SidebarGroup>
          </div>
        ))}
      </SidebarContent>
      {isMobile ? mobileFooter : footer}
    </Sidebar>
  );
}

/** The navigation item of the current page (nested paths count for their item). */
function currentItem(groups: NavGroup[], pathname: string) {
  const items = groups.flatMap((group) => group.items);
  return items.find((item) =>
    item.end ? pathname === item.to : pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
}

function TopBar({ title, homeHref, headerEnd, groups }: ShellProps) {
  const { isMobile, setOpenMobile } = useSidebar();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const section = currentItem(groups, pathname)?.title;
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 md:px-4 lg:px-6">
      {isMobile ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            className="-ml-1 size-10"
            onClick={() => setOpenMobile(true)}
          >
            <Menu className="size-5" />
          </Button>
          <NavLink to={homeHref} end className="flex min-w-0 items-center gap-2 rounded-md">
            <BrandMark className="size-7" />
            <span className="truncate text-sm font-semibold">{title}</span>
          </NavLink>
        </>
      ) : (
        <>
          <SidebarTrigger className="-ml-1" />
          {section ? (
            <>
              <span aria-hidden className="mx-1 h-4 w-px bg-border" />
              <span className="truncate text-sm font-medium text-muted-foreground">{section}</span>
            </>
          ) : null}
        </>
      )}
      <div className="ml-auto flex items-center gap-2">
        {navigation.state === "loading" ? <Spinner className="text-muted-foreground" /> : null}
        {headerEnd}
      </div>
      {navigation.state === "loading" ? (
        <span aria-hidden className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-primary" />
      ) : null}
    </header>
  );
}

/** The user's avatar, name and e-mail with a sign-out button (sidebar and phone panel footers). */
export function UserFooter({
  initials,
  name,
  email,
  onSignOut,
  pending,
}: {
  initials: string;
  name: string;
  email: string;
  onSignOut: () => void;
  pending?: boolean;
}) {
  const { isMobile, state } = useSidebar();
  const collapsed = !isMobile && state === "collapsed";
  return (
    <SidebarFooter className={cn("border-t border-sidebar-border", isMobile && "gap-3 p-4")}>
      <div className={cn("flex min-w-0 items-center gap-3", collapsed ? "justify-center" : "px-1")}>
        <Avatar className={isMobile ? "size-10" : "size-8"}>
          <AvatarFallback className={isMobile ? "text-sm" : undefined}>{initials}</AvatarFallback>
        </Avatar>
        {collapsed ? null : (
          <div className="grid min-w-0 flex-1 leading-tight">
            <span className="truncate text-sm font-medium">{name}</span>
            <span className="truncate text-xs text-sidebar-foreground/60">{email}</span>
          </div>
        )}
      </div>
      {isMobile ? (
        <Button variant="outline" className="h-11 w-full text-base" disabled={pending} onClick={onSignOut}>
          <LogOut className="size-5" />
          Sign out
        </Button>
      ) : (
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton tooltip="Sign out" disabled={pending} onClick={onSignOut}>
              <LogOut aria-hidden />
              <span>Sign out</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      )}
    </SidebarFooter>
  );
}
