import { TEXT_LIMITS } from "@pevo/shared";
import { Hono, type MiddlewareHandler } from "hono";
import { html, raw } from "hono/html";
import { z } from "zod";
import { addNumberedClients } from "../../domain/clients";
import type { AppEnv, Deps } from "../../http/context";
import { readJson } from "../../http/errors";
import { requireAdmin, scopeOf } from "../../http/session";
import { keptMails } from "../../mail/mailer";
import { escapeHtml } from "../../mail/templates";

const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** A seed's size: the e2e suite's server-search specs need 2,000 (SPEC: pickers search on the server). */
const ZSeedClients = z.object({
  name: z
    .string()
    .trim()
    .min(2)
    .max(TEXT_LIMITS.name - 5),
  count: z.number().int().min(1).max(5_000),
});

/**
 * Development only: the emails the outbox kept, newest first; and a seed of numbered clients for the
 * signed-in admin's company (`guards`: the API's same-origin check and session), which the e2e
 * suite uses instead of thousands of requests that would hold up every other spec's server.
 */
export function devRoutes(deps: Deps, guards: MiddlewareHandler<AppEnv>[]) {
  const list = (to?: string) => keptMails(deps.db, to);
  return new Hono<AppEnv>()
    .use("/seed/*", ...guards, requireAdmin)
    .post("/seed/clients", async (c) =>
      c.json(await addNumberedClients(scopeOf(c), ZSeedClients.parse(await readJson(c))), 201),
    )
    .get("/mailbox.json", async (c) => c.json(await list(c.req.query("to"))))
    .get("/mailbox", async (c) => {
      const mails = await list(c.req.query("to"));
      return c.html(html`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#18181b}
article{border:1px solid #e4e4e7;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;word-break:break-all}small{color:#71717a}</style></head>
<body><h1>Development mailbox</h1><p>Emails are kept here because no SMTP_URL is configured.</p>
${mails.length === 0 ? html`<p>No emails yet.</p>` : ""}
${mails.map((m) => html`<article><strong>${m.subject}</strong><br><small>To ${m.to} · ${m.createdAt.toISOString()}</small><pre>${raw(linkify(m.text))}</pre></article>`)}
</body></html>`);
    });
}
