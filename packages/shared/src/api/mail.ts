import { z } from "zod";
import { ZId } from "./common";

/**
 * Where a record's email stands. Every email is a durable job written in the transaction of the
 * change that causes it (docs/adr/0012-outbox.md): `queued` until the job runner delivers it (also
 * between retries, with the attempts so far and the last error), `sent` once delivered, `failed`
 * after the runner's last attempt. Retry (POST /api/mail/{jobId}/retry) queues it again.
 */
export const MAIL_STATUSES = ["queued", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const ZMailState = z.object({
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().describe("Delivery attempts so far"),
  lastError: z.string().nullable().describe("Why the last attempt failed"),
  jobId: ZId.describe("The mail's job: POST /api/mail/{jobId}/retry queues it again"),
});
export type TMailState = z.output<typeof ZMailState>;
