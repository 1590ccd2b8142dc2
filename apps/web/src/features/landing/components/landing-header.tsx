import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { homeFor, useMe } from "@/lib/session";
import { openAppLabel } from "./join-or-open-link";
import { Logo } from "./logo";

const links = [
  { href: "#features", label: "Features" },
  { href: "#screenshots", label: "Screens" },
  { href: "#faq", label: "FAQ" },
];

export function LandingHeader() {
  const { data: me } = useMe();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" aria-label="PEVO Back Office home" className="min-w-0 rounded-md text-sm sm:text-base">
          <Logo />
        </Link>
        <nav
          aria-label="Sections"
          className="hidden items-center gap-6 text-sm text-muted-foreground md:flex"
        >
          {links.map((link) => (
            <a key={link.href} href={link.href} className="transition-colors hover:text-foreground">
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          {me ? (
            // Signed in (e.g. just after verifying the email): the way into the app, not another login.
            <Button asChild size="sm" className="px-2.5 sm:px-3">
              <Link to={homeFor(me)}>{openAppLabel(me)}</Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
                <Link to="/auth">Login</Link>
              </Button>
              <Button asChild size="sm" className="px-2.5 sm:px-3">
                <Link to="/auth?signup=true">Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
