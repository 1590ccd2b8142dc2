import { Link } from "react-router";
import { Logo } from "./logo";

export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Logo className="text-sm" />
          <p className="mt-2 text-sm text-muted-foreground">
            The back office for pilot car and escort vehicle companies.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
          <a href="#features" className="hover:text-foreground">
            Features
          </a>
          <a href="#screenshots" className="hover:text-foreground">
            Screens
          </a>
          <a href="#faq" className="hover:text-foreground">
            FAQ
          </a>
          <Link to="/auth" className="hover:text-foreground">
            Sign in
          </Link>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6">
          © {year} PEVO Back Office. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
