import { Outlet } from "react-router";
import { useSavedTheme } from "@/lib/my-settings";
import { RequireAdmin } from "../guards";

/** The first-sign-in set-up's frame: signed-in admins only, no sidebar (a page of its own). */
export default function SetupLayout() {
  return (
    <RequireAdmin>
      <Themed />
    </RequireAdmin>
  );
}

function Themed() {
  useSavedTheme();
  return <Outlet />;
}
