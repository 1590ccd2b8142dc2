/**
 * The outbox survives a crash (docs/adr/0012-outbox.md): the compiled server sends an invoice, the
 * change commits with its mail job, and the process is killed (SIGKILL) while the mail server holds
 * the delivery (no greeting). After a restart the job runner delivers the mail, and the SMTP server
 * (test/smtp-server.ts) counts it exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { first } from "../test/rows";
import { startSmtpServer, type TestSmtpServer } from "../test/smtp-server";
import { type Cluster, startCluster } from "./cluster";
import { DB, unique } from "./fixtures";
import { call, type Server, signIn, sleep, startServer, stopAllServers, waitFor } from "./server";

let cluster: Cluster;
let smtp: TestSmtpServer;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.query("postgres", `create database ${DB}`);
  smtp = await startSmtpServer({ hold: true });
});

afterAll(async () => {
  await stopAllServers();
  await cluster?.destroy();
  await smtp?.close();
});

const mailJob = async (invoiceId: string) =>
  (
    await cluster.query<{ status: string; attempts: number }>(
      DB,
      "select status, attempts from jobs where kind = 'mail' and key = $1",
      [`mail:invoice:${invoiceId}`],
    )
  )[0];

describe("a mail committed with its change", () => {
  it("is delivered exactly once after the process is killed before delivering it", async () => {
    let server: Server = await startServer(cluster.url(DB), { SMTP_URL: smtp.url });
    const cookie = await signIn(server);
    const invoice = first(
      await cluster.query<{ id: string }>(
        DB,
        "select id from invoices where status <> 'void' order by created_at limit 1",
      ),
      "invoice",
    );
    const to = `${unique("fault").replace(" ", "-")}@client.test`;

    // The answer waits for the delivery, which the held SMTP server never lets finish.
    const connectionsBefore = smtp.connections;
    const sending = call(server, "POST", `/api/invoices/${invoice.id}/send`, { cookie, body: { to } });
    expect(await waitFor(() => smtp.connections > connectionsBefore, 15_000)).toBe(true);
    // Committed: the invoice is sent and its mail job is there, not delivered.
    const [row] = await cluster.query<{ sent_to: string }>(DB, "select sent_to from invoices where id = $1", [
      invoice.id,
    ]);
    expect(row?.sent_to).toBe(to);
    expect(await mailJob(invoice.id)).toMatchObject({ status: "pending" });

    server.process.kill("SIGKILL");
    expect((await server.exited).signal).toBe("SIGKILL");
    expect((await sending).status).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes(`<${to}>`))).toHaveLength(0);

    smtp.hold = false;
    server = await startServer(cluster.url(DB), { SMTP_URL: smtp.url });
    const delivered = () => smtp.received.filter((m) => m.to.includes(`<${to}>`));
    expect(await waitFor(() => delivered().length > 0, 30_000), server.output()).toBe(true);
    // A few more polls of the runner (every 5 s): nothing is sent again.
    await sleep(11_000);
    expect(delivered()).toHaveLength(1);
    expect(delivered()[0]?.data).toMatch(/Subject: Invoice .* from /);
    expect(await mailJob(invoice.id)).toMatchObject({ status: "done", attempts: 1 });
  });
});
