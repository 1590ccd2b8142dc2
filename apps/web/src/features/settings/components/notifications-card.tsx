import type { TCompanySettings } from "@pevo/shared";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import { useSaveCompany } from "../api";
import { toForm } from "./company-form";

/**
 * What the credential expiry emails say (DECISIONS 'Credential expiry emails'): the subjects and the
 * gist of the texts the server sends (apps/server/src/domain/credentials/expiry-mails.ts, digest.ts).
 */
const EMAILS = [
  {
    to: "To the PEVO",
    when: "30, 7 and 0 days before a credential expires, at 09:00",
    subject: "Your WA certification WA-1001 expires in 7 days (Mar 31, 2027)",
    says: "Renew it, then upload the new one in the portal (My Profile) so the office can approve it before it runs out; with a link to the portal. Not sent to a PEVO who turned Email Notifications off.",
  },
  {
    to: "To each admin",
    when: "30, 7 and 0 days before, at 09:00",
    subject: "Paula One's WA certification WA-1001 expires in 7 days (Mar 31, 2027)",
    says: "Make sure the PEVO renews it and uploads the renewal, then approve it, or record the renewal yourself; with a link to the PEVO's page.",
  },
  {
    to: "Daily digest to each admin",
    when: "Every morning at 07:00, when there is something to report",
    subject: "Credentials expiring: 3 (1 expired)",
    says: "Every credential of your active PEVOs that has expired or expires within 30 days, with a link to the dashboard.",
  },
] as const;

/** Settings → Notifications: the company's automatic emails about credentials, with their switch. */
export function NotificationsCard({ company }: { company: TCompanySettings }) {
  const save = useSaveCompany();
  const on = company.credentialExpiryEmails ?? true;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credential expiry emails</CardTitle>
        <CardDescription>
          Reminders before a PEVO's state certification, insurance policy or driver's licence expires. Times
          are in your company's time zone ({company.timeZone?.replaceAll("_", " ")}). Each reminder goes once;
          nothing is sent for a credential that has been renewed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <Label htmlFor="credential-expiry-emails">Send credential expiry emails</Label>
            <p id="credential-expiry-emails-hint" className="text-sm text-muted-foreground">
              {on
                ? "On: the emails below go out."
                : "Off: none of the emails below is sent, to the PEVOs or to the office."}
            </p>
          </div>
          <Switch
            id="credential-expiry-emails"
            aria-describedby="credential-expiry-emails-hint"
            checked={on}
            disabled={save.isPending}
            onCheckedChange={(value) =>
              save.mutate(
                { ...toForm(company), credentialExpiryEmails: value },
                {
                  onSuccess: () =>
                    toast.success(
                      value ? "Credential expiry emails turned on" : "Credential expiry emails turned off",
                    ),
                  onError: (error) => toast.error(error.message || "Failed to save the setting"),
                },
              )
            }
          />
        </div>
        <ul className="grid gap-3" aria-label="Credential expiry emails">
          {EMAILS.map((email) => (
            <li key={email.to} className={`grid gap-1 rounded-md border p-3 ${on ? "" : "opacity-60"}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <span className="font-medium">{email.to}</span>
                <span className="text-sm text-muted-foreground">{email.when}</span>
              </div>
              <p className="text-sm">
                <span className="text-muted-foreground">Subject: </span>
                <span className="break-words">{email.subject}</span>
              </p>
              <p className="text-sm text-muted-foreground">{email.says}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
