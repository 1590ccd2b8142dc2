import { pickupReminderHandlers } from "./features/dispatches/pickup-reminders";
import { invoiceReminderHandlers } from "./features/invoices/reminders";
import { signatureReminderHandlers } from "./features/rate-confirmations/signature-service";
import type { Deps } from "./http/context";
import type { JobHandlers } from "./lib/jobs";

/** Every kind of durable job the server runs (lib/jobs.ts): one registry, one worker. */
export function jobHandlers(deps: Pick<Deps, "mailer" | "config">): JobHandlers {
  return {
    ...pickupReminderHandlers(deps),
    ...signatureReminderHandlers(deps),
    ...invoiceReminderHandlers(deps),
  };
}
