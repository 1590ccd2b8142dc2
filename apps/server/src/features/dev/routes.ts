import type { Database } from "@pevo/db";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { keptMails } from "../../mail/mailer";
import { escapeHtml } from "../../mail/templates";

const linkify = (text: string) => escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Development only: the emails the outbox kept, newest first. */
export function devRoutes(db: Database) {
  const list = (to?: string) => keptMails(db, to);
  return new Hono()
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
