/**
 * What the credential expiry reminders say (DECISIONS 'Credential expiry emails'): one mail to the
 * PEVO (renew it and upload it in the portal) and one to each admin of the office (the PEVO, what
 * expires, and a link to the PEVO's page). Settings → Notifications shows these texts, rendered
 * by the same functions with an example credential (notification-samples.ts).
 */
import { formatDay } from "../../lib/dates";
import { escapeHtml, layout } from "../../mail/templates";
import type { CredentialExpiry } from "./expiring";

/** What a reminder is about: the credential and the days left on the day it goes. */
type ExpiryFacts = Pick<
  CredentialExpiry,
  "kind" | "label" | "number" | "pevoId" | "pevoName" | "expiresOn"
> & {
  daysLeft: number;
};

/** How a sentence names it: "TX certification C-123", "auto liability insurance AL-77", "driver's licence D-1". */
function credentialName(facts: ExpiryFacts) {
  const label = facts.kind === "certification" ? facts.label : facts.label.toLowerCase();
  return facts.number ? `${label} ${facts.number}` : label;
}

/** "in 30 days (Dec 27, 2026)" or "today (Nov 27, 2026)". */
function when(facts: ExpiryFacts) {
  const day = formatDay(facts.expiresOn);
  if (facts.daysLeft === 0) return `today (${day})`;
  return `in ${facts.daysLeft} ${facts.daysLeft === 1 ? "day" : "days"} (${day})`;
}

/** The PEVO's mail: what expires, when, and to renew it and upload it in the portal. */
export function pevoExpiryMail(to: { email: string; name: string }, facts: ExpiryFacts, appUrl: string) {
  const url = `${appUrl}/pevo/profile`;
  const what = credentialName(facts);
  const lines = [
    `Your ${what} expires ${when(facts)}.`,
    "What to do: renew it, then upload the new one in your portal (My Profile, Credentials) so the office can approve it before it runs out. Once it has expired you cannot be assigned jobs that need it.",
  ];
  return {
    to: to.email,
    subject: `Your ${what} expires ${when(facts)}`,
    text: `Hello ${to.name},\n\n${lines.join("\n\n")}\n\nOpen your portal:\n${url}\n`,
    html: layout(
      facts.daysLeft === 0 ? "A credential expires today" : "A credential expires soon",
      `Hello ${escapeHtml(to.name)},<br><br>${lines.map(escapeHtml).join("<br><br>")}`,
      url,
      "Upload the renewal",
    ),
  };
}

/** The office's mail (one per admin): whose credential expires, when, and a link to the PEVO. */
export function officeExpiryMail(to: { email: string; name: string }, facts: ExpiryFacts, appUrl: string) {
  const url = `${appUrl}/pevos/edit/${facts.pevoId}`;
  const what = `${facts.pevoName}'s ${credentialName(facts)}`;
  const lines = [
    `${what} expires ${when(facts)}.`,
    `What to do: make sure ${facts.pevoName} renews it and uploads the renewal in the PEVO portal, then approve it; or record the renewal yourself on their page. Once it has expired they cannot be assigned jobs that need it.`,
  ];
  return {
    to: to.email,
    subject: `${what} expires ${when(facts)}`,
    text: `Hello ${to.name},\n\n${lines.join("\n\n")}\n\nOpen ${facts.pevoName}'s page:\n${url}\n`,
    html: layout(
      facts.daysLeft === 0 ? "A PEVO's credential expires today" : "A PEVO's credential expires soon",
      `Hello ${escapeHtml(to.name)},<br><br>${lines.map(escapeHtml).join("<br><br>")}`,
      url,
      `Open ${escapeHtml(facts.pevoName)}`,
    ),
  };
}

/**
 * The activity log's line for a reminder sent: "Expiry reminder: Jane Doe's TX certification C-1
 * expires in 7 days (Dec 4, 2026); emailed to Jane Doe and 2 admins".
 */
export function expiryReminderActivity(facts: ExpiryFacts, sent: { pevo: boolean; admins: number }) {
  const to = [
    sent.pevo ? facts.pevoName : null,
    sent.admins > 0 ? `${sent.admins} ${sent.admins === 1 ? "admin" : "admins"}` : null,
  ].filter(Boolean);
  return `Expiry reminder: ${facts.pevoName}'s ${credentialName(facts)} expires ${when(facts)}; emailed to ${to.join(" and ")}`;
}
