import { APP_ROUTES } from "@pevo/shared";
import { Navigate, Outlet, useLocation } from "react-router";
import { useOnboarding } from "@/lib/company-onboarding";
import { useSavedTheme } from "@/lib/my-settings";
import { useMe } from "@/lib/session";
import { RequireAdmin } from "../guards";
import { adminNav } from "./admin-nav";
import { AppShell, UserFooter } from "./app-shell";
import { emailInitials, fullName } from "./identity";
import { useSignOutAction } from "./use-sign-out-action";
import { UserMenu } from "./user-menu";

/** The admin area frame (SPEC §2 'Admin layout'). */
export default function AdminLayout() {
  return (
    <RequireAdmin>
      <AdminShell />
    </RequireAdmin>
  );
}

function AdminShell() {
  useSavedTheme();
  const { data: me } = useMe();
  const { signOut, pending } = useSignOutAction();
  const email = me?.user.email ?? "";
  // A new company's first sign-in goes through the set-up until it is saved or skipped (DECISIONS
  // 'Company set-up and logo'). The shell does not wait for the answer: only a new company moves on.
  const onboarding = useOnboarding();
  const { pathname } = useLocation();
  // The set-up is a page of its own, without the sidebar.
  if (pathname === APP_ROUTES.setup) return <Outlet />;
  if (onboarding.data?.setupPending) return <Navigate to={APP_ROUTES.setup} replace />;
  return (
    <AppShell
      title="PEVO Back Office"
      subtitle={me?.company.name}
      homeHref="/dashboard"
      groups={adminNav}
      headerEnd={<UserMenu />}
      mobileFooter={
        <UserFooter
          initials={emailInitials(email)}
          name={fullName(me, "Admin User")}
          email={email}
          pending={pending}
          onSignOut={() => void signOut()}
        />
      }
    />
  );
}
