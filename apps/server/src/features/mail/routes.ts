import { ZMailState } from "@pevo/shared";
import { z } from "zod";
import { createRoute, createRouter, errors, json, named, uuidParam } from "../../http/openapi";
import { requireAdmin, scopeOf } from "../../http/session";
import { MAIL_NOT_FOUND, retryMail } from "../../mail/mail-jobs";

const router = createRouter();
router.use(requireAdmin);

/** The outbox's mails, as the records that sent them show them (mail/mail-jobs.ts). */
export const mailRoutes = router.openapi(
  createRoute({
    method: "post",
    path: "/{jobId}/retry",
    tags: ["Mail"],
    summary:
      "Retry an email that failed (or is waiting for its next attempt): queued again and delivered at once; 409 when it was already sent",
    request: { params: z.object({ jobId: uuidParam(MAIL_NOT_FOUND) }) },
    responses: {
      200: json(named("MailState", ZMailState), "Where the mail stands now"),
      ...errors(401, 403, 404, 409),
    },
  }),
  async (c) => c.json(await retryMail(scopeOf(c), c.get("deps"), c.req.valid("param").jobId), 200),
);
