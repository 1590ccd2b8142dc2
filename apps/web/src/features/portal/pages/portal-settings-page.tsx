import type { TUserSettings } from "@pevo/shared";
import { UserRound } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { type TMySettings, useMySettings, useSaveSetting } from "@/lib/my-settings";
import { useTheme } from "@/lib/theme";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { tapTarget } from "../lib";

const ROLE_LABELS: Record<string, string> = { pevo: "PEVO", admin: "Admin" };

const TOGGLES: { key: keyof TUserSettings; label: string; description: string }[] = [
  {
    key: "emailNotifications",
    label: "Email Notifications",
    description: "Receive emails from your office (password and invitation emails always come)",
  },
  {
    key: "dispatchAlerts",
    label: "Dispatch Alerts",
    description: "Get an email when you are assigned a dispatch",
  },
  {
    key: "pickupReminders",
    label: "Pickup Reminders",
    description: "An email the evening before a pickup and 2 hours before it",
  },
  { key: "darkMode", label: "Dark Mode", description: "Use the dark theme in the portal" },
  {
    key: "locationServices",
    label: "Location Services",
    description: "Allow the portal to use your location",
  },
];

function ReadOnly({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Field label={label} htmlFor={id}>
      <Input
        id={id}
        value={value}
        readOnly
        aria-readonly
        className={cn("bg-muted text-muted-foreground", tapTarget)}
      />
    </Field>
  );
}

function AccountCard({ account }: { account?: TMySettings["account"] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your login and company. Your office manages these.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {account ? (
          <>
            <ReadOnly id="settings-email" label="Email" value={account.email} />
            <ReadOnly id="settings-company" label="Company Name" value={account.companyName} />
            <ReadOnly id="settings-contact" label="Contact Name" value={account.contactName} />
            <ReadOnly id="settings-role" label="Role" value={ROLE_LABELS[account.role] ?? account.role} />
          </>
        ) : (
          [0, 1, 2, 3].map((i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-11 w-full md:h-9" />
            </div>
          ))
        )}
        <Button variant="outline" asChild className={cn("w-full sm:w-auto sm:justify-self-start", tapTarget)}>
          <Link to="/pevo/profile">
            <UserRound />
            Update Profile
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function PreferencesCard({ settings }: { settings?: TUserSettings }) {
  const save = useSaveSetting();
  const { setTheme } = useTheme();

  const toggle = (key: keyof TUserSettings, value: boolean, label: string) => {
    if (key === "darkMode") setTheme(value ? "dark" : "light");
    save.mutate(
      { key, value },
      {
        onError: (error) => {
          if (key === "darkMode") setTheme(value ? "light" : "dark");
          toast.error(`Failed to save ${label}: ${error.message}`);
        },
      },
    );
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>Saved to your account as soon as you change them.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {TOGGLES.map(({ key, label, description }) => {
            const id = `settings-${key}`;
            return (
              <li key={key}>
                <label
                  htmlFor={id}
                  className="flex min-h-16 cursor-pointer items-center justify-between gap-4 py-3"
                >
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{label}</span>
                    <span id={`${id}-description`} className="text-xs text-muted-foreground">
                      {description}
                    </span>
                  </span>
                  {settings ? (
                    <Switch
                      id={id}
                      checked={settings[key]}
                      aria-describedby={`${id}-description`}
                      onCheckedChange={(value) => toggle(key, value, label)}
                      className="h-6 w-11 [&>span]:size-5 [&>span]:data-[state=checked]:translate-x-5"
                    />
                  ) : (
                    <Skeleton className="h-6 w-11 rounded-full" />
                  )}
                </label>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** /pevo/settings: the read-only account facts and the five toggles, each saved at once. */
export default function PortalSettingsPage() {
  const query = useMySettings();
  return (
    <div>
      <PageHeader title="Settings" subtitle="Your account and preferences" />
      {query.isError ? (
        <QueryErrorState message="Error loading settings" query={query} retryClassName={tapTarget} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <AccountCard account={query.data?.account} />
          <PreferencesCard settings={query.data?.settings} />
        </div>
      )}
    </div>
  );
}
