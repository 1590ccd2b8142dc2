/**
 * A transaction that PostgreSQL rolls back as a deadlock's victim (40P01) or for a serialization
 * failure (40001) is run again, whole, up to three attempts (packages/db transaction-retry.ts), each
 * re-run logged at warn with its SQLSTATE, attempt and the request's id; when the attempts run out the
 * answer is 503 with Retry-After, never 500. The deadlock is real: two transactions on two connections
 * lock two rows in opposite orders and PostgreSQL picks the victim (on PGlite, one session, the two
 * run one after the other). The serialization failure is raised by a trigger on `clients`, on both
 * databases. Run on PGlite and with TEST_DATABASE_URL on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../test/harness";

/** Both drivers (pg, PGlite) answer a raw statement with its rows. */
type Rows<R> = { rows: R[] };

let t: TestApp;
let admin: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin();
});
afterAll(() => t?.close());

/** The lines logged for re-runs since `from` (an index into t.logs). */
const retriesSince = (from: number) => t.logs.slice(from).filter((line) => line.sqlstate !== undefined);

/** A promise and its resolve, to hold a transaction until the other one has taken its first lock. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

test("a deadlock's victim is run again on PostgreSQL, and both transactions commit exactly once", async () => {
  await t.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
  await t.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
  // PGlite is one session: the second transaction waits for the first, so there is nothing to wait for.
  const racing = t.databaseKind === "postgres";
  const locked = [signal(), signal()];
  let runs = 0;
  const bump = (id: number) => sql`update deadlock_probe set n = n + 1 where id = ${id}`;
  /** Transaction 0 locks row 1 then row 2; transaction 1 row 2 then row 1. */
  const crosswise = (me: 0 | 1) =>
    t.db.transaction(async (tx) => {
      runs += 1;
      await tx.execute(bump(me === 0 ? 1 : 2));
      if (racing) {
        // Each holds its first row before asking for the other's: a deadlock on the first attempt;
        // on a re-run both signals are given, and the victim only waits for the winner's commit.
        locked[me]?.resolve();
        await locked[me === 0 ? 1 : 0]?.promise;
      }
      await tx.execute(bump(me === 0 ? 2 : 1));
    });
  const from = t.logs.length;

  await Promise.all([crosswise(0), crosswise(1)]);

  const { rows } = (await t.db.execute(
    sql`select id, n from deadlock_probe order by id`,
  )) as unknown as Rows<{ id: number; n: number }>;
  expect(rows).toEqual([
    { id: 1, n: 2 },
    { id: 2, n: 2 },
  ]);
  if (racing) {
    expect(runs).toBe(3);
    expect(retriesSince(from)).toEqual([
      expect.objectContaining({ level: 40, sqlstate: "40P01", attempt: 1, pauseMs: expect.any(Number) }),
    ]);
  } else {
    expect(runs).toBe(2);
    expect(retriesSince(from)).toEqual([]);
  }
});

describe("a serialization failure in a request's transaction", () => {
  const PROBE = "(serialization probe)";

  beforeAll(async () => {
    // The sequence counts the attempts: nextval is not rolled back with the transaction. A name
    // starting "Always" fails every attempt; any other probe name fails the first one only.
    await t.db.execute(sql.raw(`create sequence serialization_probe_attempts`));
    await t.db.execute(
      sql.raw(`create function serialization_probe() returns trigger language plpgsql as $$
        declare
          attempt bigint := nextval('serialization_probe_attempts');
        begin
          if new.name like 'Always%' or attempt = 1 then
            raise exception 'could not serialize access (test trigger)' using errcode = '40001';
          end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger serialization_probe before insert on clients for each row
        when (new.name like '%${PROBE}') execute function serialization_probe()`),
    );
  });

  /** Starts counting attempts from zero. */
  const restartCount = () => t.db.execute(sql.raw(`alter sequence serialization_probe_attempts restart`));
  const attempts = async () => {
    const { rows } = (await t.db.execute(
      sql.raw(`select last_value::int as n, is_called from serialization_probe_attempts`),
    )) as unknown as Rows<{ n: number; is_called: boolean }>;
    return rows[0]?.is_called ? rows[0].n : 0;
  };
  const clientsNamed = async (name: string) => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from clients where name = ${name}`,
    )) as unknown as Rows<{ n: number }>;
    return rows[0]?.n;
  };

  test("once: the transaction is run again and the request succeeds, its re-run logged with the request id", async () => {
    await restartCount();
    const name = `Once ${PROBE}`;
    const from = t.logs.length;

    const res = await t.as(admin)("POST", "/api/clients", { name });

    expect(res.status).toBe(201);
    expect(await attempts()).toBe(2);
    expect(await clientsNamed(name)).toBe(1);
    expect(retriesSince(from)).toEqual([
      expect.objectContaining({
        level: 40,
        sqlstate: "40001",
        attempt: 1,
        reqId: res.headers.get("x-request-id"),
      }),
    ]);
  });

  test("every time: three attempts, then 503 with Retry-After and the API's error shape, nothing kept", async () => {
    await restartCount();
    const name = `Always ${PROBE}`;
    const from = t.logs.length;

    const res = await t.as(admin)("POST", "/api/clients", { name });

    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.body).toEqual({
      error: "The server is busy with another change to the same records. Please try again in a moment.",
    });
    expect(await attempts()).toBe(3);
    expect(await clientsNamed(name)).toBe(0);
    const reqId = res.headers.get("x-request-id");
    expect(retriesSince(from)).toEqual([
      expect.objectContaining({ level: 40, sqlstate: "40001", attempt: 1, reqId }),
      expect.objectContaining({ level: 40, sqlstate: "40001", attempt: 2, reqId }),
    ]);
    expect(t.logs.slice(from).filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({ reqId, msg: expect.stringContaining("Database conflict, answered 503") }),
    ]);
  });
});
