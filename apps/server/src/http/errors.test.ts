import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { captureLogs } from "../../test/log-capture";
import { setLogger } from "../lib/log";
import { isDatabaseUnavailable, toErrorResponse } from "./errors";
import { requestLog } from "./request-log";

/** An error as node-postgres reports one from the server (a DatabaseError with its SQLSTATE). */
const pgServerError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** As Drizzle wraps a failed query (the driver's error is its cause). */
const wrapped = (cause: unknown) => new Error("Failed query: select 1", { cause });

describe("a database that is away", () => {
  it("is told from the errors node-postgres gives for a lost or unobtainable connection", () => {
    const unavailable = [
      pgServerError("57P01", "terminating connection due to administrator command"),
      pgServerError("57P02", "terminating connection due to crash of another server process"),
      pgServerError("57P03", "the database system is starting up"),
      pgServerError("08006", "connection failure"),
      pgServerError("53300", "sorry, too many clients already"),
      Object.assign(new AggregateError([], "connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated due to connection timeout"),
      new Error("Client has encountered a connection error and is not queryable"),
      wrapped(pgServerError("57P01", "terminating connection due to administrator command")),
      wrapped(new Error("Connection terminated unexpectedly")),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    const other = [
      pgServerError("23505", "duplicate key value violates unique constraint"),
      pgServerError("42P01", "relation does not exist"),
      new Error("Something else"),
      null,
      "text",
    ];
    for (const error of other) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it("answers 503 with Retry-After in the API's error shape", async () => {
    const logs = captureLogs();
    setLogger(logs.logger);
    const app = new Hono();
    app.onError((error, c) => toErrorResponse(c, error));
    app.use(requestLog());
    app.get("/lost", () => {
      throw wrapped(pgServerError("57P01", "terminating connection due to administrator command"));
    });
    app.get("/bug", () => {
      throw new Error("a bug");
    });
    const lost = await app.request("/lost");
    expect(lost.status).toBe(503);
    expect(lost.headers.get("retry-after")).toBe("5");
    expect(await lost.json()).toEqual({ error: expect.any(String) });
    expect(lost.headers.get("x-request-id")).toBeTruthy();
    const bug = await app.request("/bug", { headers: { "X-Request-Id": "req-1" } });
    expect(bug.status).toBe(500);
    expect(bug.headers.get("x-request-id")).toBe("req-1");
    expect(((await bug.json()) as { error: string }).error).toContain("quote this reference: req-1.");
    expect(logs.lines.filter((line) => line.level === 50).map((line) => line.reqId)).toEqual([
      expect.any(String),
      "req-1",
    ]);
  });
});

describe("a transaction that lost a race", () => {
  it("answers 503 with Retry-After for a deadlock or serialization failure, also under Drizzle's wrapper", async () => {
    setLogger(captureLogs().logger);
    const app = new Hono();
    app.onError((error, c) => toErrorResponse(c, error));
    app.get("/deadlock", () => {
      throw wrapped(pgServerError("40P01", "deadlock detected"));
    });
    app.get("/serialization", () => {
      throw pgServerError("40001", "could not serialize access");
    });
    for (const path of ["/deadlock", "/serialization"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(await res.json()).toEqual({ error: expect.stringContaining("Please try again") });
    }
  });
});
