/**
 * The `credential-reminder` job (reminders.ts schedules it): when it runs it checks again (the row,
 * its expiry, the PEVO's Email Notifications through domain/pevos' `pevoMailRecipient`) and sends
 * nothing for a credential that is no longer current (rejected, or replaced by a renewal: expiring.ts).
 */
import { type Executor, pevoCertifications, pevoInsurance } from "@pevo/db";
import { INSURANCE_TYPE_LABELS } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import type { JobHandlers } from "../../lib/jobs";
import { type CompanyId, scoped } from "../../lib/tenant";
import { companyTimeZone } from "../company";
import { pevoMailRecipient } from "../pevos";
import { isCurrentCredential } from "./expiring";
import { CREDENTIAL_REMINDER, credentialReminderMail, type Payload, reminderInstant } from "./reminders";

type Scope = { companyId: CompanyId };
type Kind = Payload["kind"];

/** What a reminder names: the credential as it is when the mail goes; null when it is not current. */
async function currentCredential(tx: Executor, scope: Scope, kind: Kind, id: string) {
  if (kind === "certifications") {
    const [row] = await tx
      .select({
        expiresOn: pevoCertifications.expiresOn,
        state: pevoCertifications.state,
        number: pevoCertifications.certificateNumber,
      })
      .from(pevoCertifications)
      .where(
        scoped(
          pevoCertifications,
          scope,
          eq(pevoCertifications.id, id),
          isCurrentCredential(tx, pevoCertifications),
        ),
      );
    return row ? { expiresOn: row.expiresOn, label: `${row.state} certification ${row.number}` } : null;
  }
  const [row] = await tx
    .select({
      expiresOn: pevoInsurance.expiresOn,
      type: pevoInsurance.type,
      number: pevoInsurance.policyNumber,
    })
    .from(pevoInsurance)
    .where(scoped(pevoInsurance, scope, eq(pevoInsurance.id, id), isCurrentCredential(tx, pevoInsurance)));
  return row
    ? { expiresOn: row.expiresOn, label: `${INSURANCE_TYPE_LABELS[row.type]} insurance ${row.number}` }
    : null;
}

export function credentialReminderHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    [CREDENTIAL_REMINDER]: async ({ tx, companyId, payload, job }) => {
      const { kind, id, pevoId, days } = payload as Payload;
      const scope = { companyId };
      const credential = await currentCredential(tx, scope, kind, id);
      if (!credential) return;
      const timeZone = await companyTimeZone(tx, scope);
      // The expiry or the zone moved since it was scheduled: a later instant waits for it.
      const due = reminderInstant(credential.expiresOn, days, timeZone);
      if (due.getTime() > job.runAt.getTime()) return { runAgainAt: due };
      const to = await pevoMailRecipient(tx, scope, pevoId, null);
      if (!to) return;
      await deps.mailer.send(
        credentialReminderMail(to, credential.label, credential.expiresOn, days, deps.config.appUrl),
        { tx, messageId: `<job-${job.id}@${new URL(deps.config.appUrl).hostname}>` },
      );
    },
  };
}
