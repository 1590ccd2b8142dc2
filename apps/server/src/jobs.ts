import { credentialDigestHandlers, credentialReminderHandlers } from "./domain/credentials";
import { pickupReminderHandlers } from "./domain/dispatches";
import { documentPurgeHandlers } from "./domain/documents";
import { invoiceReminderHandlers } from "./domain/invoices";
import { signatureJobHandlers } from "./domain/rate-confirmations";
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
