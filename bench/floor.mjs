// The physical floor of the dispatch list: a bare node:http server with a pg pool (the same size as
// the app's) that runs the dispatch list's own SQL for its first page — the statement the API sends
// (apps/server/src/features/dispatches/service.ts listDispatches: the page's ids in a subquery, the
// PEVO and job number, the invoices and the coverage as JSON columns) and its capped count — and
// answers the same JSON. No framework, no session, no validation: what is left is PostgreSQL and
// JSON. `npm run bench` starts it (PORT, DATABASE_URL), checks that it answers the same items as
// GET /api/dispatches, and measures it next to the API in the same run.
// GET /dispatches?companyId=<uuid>&page=1&pageSize=25
import { createServer } from "node:http";
import pg from "pg";

// A date stays YYYY-MM-DD text, as the app's driver reads it (not a JS Date at local midnight).
pg.types.setTypeParser(1082, (value) => value);
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: "-c random_page_cost=1.1",
});

const ORDER = `"dispatches"."pickup_date" desc, "dispatches"."pickup_time" desc, "dispatches"."id" desc`;
const ROWS = `
  select "dispatches"."id", "dispatches"."driver_name", "dispatches"."pickup_date", "dispatches"."pickup_time",
    "dispatches"."status", "dispatches"."pevo_id", "pevos"."first_name" || ' ' || "pevos"."last_name",
    "dispatches"."rate_confirmation_id", "rate_confirmations"."job_number", "dispatches"."position_type",
    "dispatches"."position_name", "dispatches"."created_at",
    ( select coalesce(
        json_agg(json_build_object('id', "invoices"."id", 'invoiceNumber', "invoices"."invoice_number")
          order by "invoices"."created_at", "invoices"."id"),
        '[]'::json)
      from "invoices"
      where "invoices"."company_id" = "dispatches"."company_id" and "invoices"."dispatch_id" = "dispatches"."id"),
    ( select case when sum(g.n) > 0 then json_build_object('covered', sum(least(g.n, g.covered))::int, 'total', sum(g.n)::int) end
      from (
        select count(*) as n, (
          select count(*) from "dispatches" d
          where d.company_id = "dispatches"."company_id" and d.rate_confirmation_id = "dispatches"."rate_confirmation_id"
            and d.status <> 'canceled' and d.pevo_id is not null
            and d.position_type = p.position_type and d.position_name is not distinct from p.custom_name) as covered
        from "rate_confirmation_positions" p
        where p.company_id = "dispatches"."company_id" and p.rate_confirmation_id = "dispatches"."rate_confirmation_id"
        group by p.position_type, p.custom_name
      ) g)
  from "dispatches"
  left join "pevos" on "pevos"."id" = "dispatches"."pevo_id"
  left join "rate_confirmations" on "rate_confirmations"."id" = "dispatches"."rate_confirmation_id"
  where ("dispatches"."company_id" = $1 and "dispatches"."id" in (
    select "id" from "dispatches" where "dispatches"."company_id" = $1 order by ${ORDER} limit $2 offset $3))
  order by ${ORDER}`;
// The app's capped count (apps/server/src/lib/paging.ts countUpTo, COUNT_CAP = 10,000).
const COUNT = `select count(*) from (select 1 from "dispatches" where "dispatches"."company_id" = $1 limit 10001) "counted"`;
const NAMES = [
  "id",
  "driverName",
  "pickupDate",
  "pickupTime",
  "status",
  "pevoId",
  "pevoName",
  "rateConfirmationId",
  "jobNumber",
  "positionType",
  "positionName",
  "createdAt",
  "invoices",
  "coverage",
];

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    const companyId = url.searchParams.get("companyId");
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 25);
    const [rows, total] = await Promise.all([
      pool.query({ text: ROWS, values: [companyId, pageSize, (page - 1) * pageSize], rowMode: "array" }),
      pool.query(COUNT, [companyId]),
    ]);
    const items = rows.rows.map((r) => Object.fromEntries(NAMES.map((name, i) => [name, r[i]])));
    const counted = Number(total.rows[0].count);
    const body = JSON.stringify({
      items,
      total: Math.min(counted, 10000),
      totalCapped: counted > 10000,
      page,
      pageSize,
    });
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  } catch (error) {
    res.writeHead(500, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: String(error) }));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`floor listening on ${server.address().port}`);
});
const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
