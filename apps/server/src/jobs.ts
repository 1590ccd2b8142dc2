import { pickupReminderHandlers } from "./domain/dispatches";
import { credentialDigestHandlers } from "./features/credentials/digest";
import { credentialReminderHandlers } from "./features/credentials/reminders";
import { documentPurgeHandlers } from "./features/documents/purge-job";
import { invoiceReminderHandlers } from "./features/invoices/reminders";
import { signatureJobHandlers } from "./features/rate-confirmations/signature-jobs";
import type { Deps } from "./http/context";
import type { JobHandlers } from "./lib/jobs";
import { mailJobHandlers } from "./mail/mail-jobs";

/** Every kind of durable job the server runs (lib/jobs.ts): one registry, one worker. */
export function jobHandlers(deps: Pick<Deps, "mailer" | "config" | "storage">): JobHandlers {
  return {
    ...mailJobHandlers(deps),
    ...pickupReminderHandlers(deps),
    ...signatureJobHandlers(deps),
    ...documentPurgeHandlers(deps),
    ...credentialReminderHandlers(deps),
    ...credentialDigestHandlers(deps),
    ...invoiceReminderHandlers(deps),
  };
}
