import { lazy, Suspense } from "react";
import { firstScreenLoader, useAfterFirstPaint } from "@/lib/first-screen";
import { mySettingsQuery, useSavedTheme } from "@/lib/my-settings";
import { queryClient } from "@/lib/query-client";
import { meQuery, useMe } from "@/lib/session";
import { RequirePevo } from "../guards";
import { AppShell, UserFooter } from "./app-shell";
import { fullName, nameInitials } from "./identity";
import { pevoNav } from "./pevo-nav";
import { useSignOutAction } from "./use-sign-out-action";

/**
 * The offline bar and write queue (ADR 0014): its own chunk, out of the portal's first load, fetched
 * once the first screen has painted.
 */
const OfflineSync = lazy(() => import("@/features/portal/offline/offline-sync"));

/**
 * The first screen waits for the signed-in PEVO and their saved theme (lib/first-screen.ts).
 * @public read by app/router.tsx's page(), which the dead-code check cannot follow.
 */
export const loader = () =>
  firstScreenLoader(() => [queryClient.prefetchQuery(meQuery), queryClient.prefetchQuery(mySettingsQuery)]);

/** The PEVO portal frame (SPEC §2 'PEVO portal'). Kept small: no admin feature code. */
export default function PevoLayout() {
  return (
    <RequirePevo>
      <PevoShell />
    </RequirePevo>
  );
}

function PevoShell() {
  useSavedTheme();
  const { data: me } = useMe();
  const { signOut, pending } = useSignOutAction();
  const painted = useAfterFirstPaint();
  const email = me?.user.email ?? "";
  const userFooter = (
    <UserFooter
      initials={nameInitials(me)}
      name={fullName(me, me?.user.name || "PEVO User")}
      email={email}
      pending={pending}
      onSignOut={() => void signOut()}
    />
  );
  return (
    <>
      <AppShell
        title="PEVO Portal"
        subtitle={me?.company.name}
        homeHref="/pevo"
        groups={pevoNav}
        footer={userFooter}
        mobileFooter={userFooter}
      />
      {painted && (
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
      )}
    </>
  );
}
