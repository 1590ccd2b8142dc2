/**
 * A tiny real SMTP server on 127.0.0.1 for the outbox tests (nodemailer is the client, over TCP):
 * it speaks just enough SMTP (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), keeps every message it
 * accepted, and can misbehave the way mail servers do:
 * - `refuse`: that many transactions are refused at MAIL FROM with a 451 (try again later);
 * - `hold`: while true, a new connection gets no greeting at all (a server that hangs), so the
 *   sender waits until it gives up or dies.
 */
import { once } from "node:events";
import { createServer, type Socket } from "node:net";

type ReceivedMail = { from: string; to: string[]; data: string; messageId: string | null };

export type TestSmtpServer = {
  url: string;
  port: number;
  /** The messages accepted, in order. */
  received: ReceivedMail[];
  /** Connections opened so far (held ones included). */
  connections: number;
  /** Transactions refused so far. */
  refused: number;
  /** How many of the next transactions to refuse. */
  refuse: number;
  hold: boolean;
  close: () => Promise<void>;
};

export async function startSmtpServer(
  options: { refuse?: number; hold?: boolean; port?: number } = {},
): Promise<TestSmtpServer> {
  const sockets = new Set<Socket>();
  const state: TestSmtpServer = {
    url: "",
    port: 0,
    received: [],
    connections: 0,
    refused: 0,
    refuse: options.refuse ?? 0,
    hold: options.hold ?? false,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };

  const server = createServer((socket) => {
    sockets.add(socket);
    state.connections++;
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (state.hold) return; // no greeting: the client waits
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = "";
    let inData = false;
    let mail: { from: string; to: string[] } | null = null;
    reply("220 127.0.0.1 test SMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          const messageId = /^Message-ID:\s*(.+)$/im.exec(data)?.[1]?.trim() ?? null;
          state.received.push({ from: mail?.from ?? "", to: mail?.to ?? [], data, messageId });
          mail = null;
          reply("250 2.0.0 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 127.0.0.1");
        else if (verb === "MAIL") {
          if (state.refuse > 0) {
            state.refuse--;
            state.refused++;
            reply("451 4.3.0 Try again later");
          } else {
            mail = { from: line.slice(10).trim(), to: [] };
            reply("250 2.1.0 OK");
          }
        } else if (verb === "RCPT") {
          if (!mail) reply("503 5.5.1 MAIL first");
          else {
            mail.to.push(line.slice(8).trim());
            reply("250 2.1.5 OK");
          }
        } else if (verb === "DATA") {
          if (!mail?.to.length) reply("503 5.5.1 RCPT first");
          else {
            inData = true;
            reply("354 End data with <CR><LF>.<CR><LF>");
          }
        } else if (verb === "RSET") {
          mail = null;
          reply("250 2.0.0 OK");
        } else if (verb === "NOOP") reply("250 2.0.0 OK");
        else if (verb === "QUIT") {
          reply("221 2.0.0 Bye");
          socket.end();
          return;
        } else reply("502 5.5.2 Command not implemented");
      }
    });
  });
  server.listen(options.port ?? 0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The SMTP server has no port");
  state.port = address.port;
  state.url = `smtp://127.0.0.1:${address.port}`;
  return state;
}
