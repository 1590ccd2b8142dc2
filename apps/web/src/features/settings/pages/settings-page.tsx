import type { TCompanySettings } from "@pevo/shared";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SafetyChecklistCard } from "@/features/job-paperwork";
import { useCompany } from "@/lib/shared-queries";
import { AccountCard } from "../components/account-card";
import { AppearanceCard } from "../components/appearance-card";
import { CompanyForm } from "../components/company-form";
import { FactoringCard } from "../components/factoring-card";
import { NotificationsCard } from "../components/notifications-card";
import { TeamCard } from "../components/team-card";

const TABS = ["company", "factoring", "notifications", "team", "account"];

export default function SettingsPage() {
  const company = useCompany();
  // The tab is in the address (?tab=team), so the team list's page, sort and search survive a reload.
  const [params, setParams] = useSearchParams();
  // What a tab that needs the company shows until it is there (null: it is).
  const loaded = company.isPending ? (
    <p className="text-muted-foreground">Loading settings...</p>
  ) : company.isError ? (
    <div className="flex items-center gap-3 text-destructive">
      Error loading settings
      <Button size="sm" variant="outline" onClick={() => company.refetch()}>
        Retry
      </Button>
    </div>
  ) : null;
  const tab = TABS.includes(params.get("tab") ?? "") ? (params.get("tab") as string) : "company";
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Settings"
        subtitle="Your company, invoice defaults, notifications, team and account"
      />
      <Tabs
        value={tab}
        onValueChange={(next) =>
          setParams(next === "company" ? {} : { tab: next }, { preventScrollReset: true })
        }
        className="gap-4"
      >
        {/* Five tabs do not fit one row at 375 px: two rows of three there, one row from sm up. */}
        <TabsList className="mb-4 grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-9 sm:w-fit">
          <TabsTrigger value="company">Company</TabsTrigger>
          <TabsTrigger value="factoring">Factoring</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
        </TabsList>
        <TabsContent value="company" className="grid gap-6">
          {loaded ?? <CompanyForm company={company.data as TCompanySettings} />}
          <SafetyChecklistCard />
        </TabsContent>
        <TabsContent value="factoring">
          <FactoringCard />
        </TabsContent>
        <TabsContent value="notifications">
          {loaded ?? <NotificationsCard company={company.data as TCompanySettings} />}
        </TabsContent>
        <TabsContent value="team">
          <TeamCard />
        </TabsContent>
        <TabsContent value="account" className="grid gap-6">
          <AccountCard />
          <AppearanceCard />
        </TabsContent>
      </Tabs>
    </div>
  );
}
