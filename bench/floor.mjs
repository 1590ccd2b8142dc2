// The physical floor of the dispatch list: a bare node:http server with a pg pool (the same size as
// the app's) that runs the SQL of the dispatch list's first page — the rows of the page with their
// PEVO and job number, their invoices, and the total — and answers the same JSON shape. No
// framework, no session, no validation: what is left is PostgreSQL and JSON. `npm run bench` starts
// it (PORT, DATABASE_URL) and measures it next to GET /api/dispatches in the same run.
// GET /dispatches?companyId=<uuid>&page=1&pageSize=25
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const ROWS = `
  select d.id, d.driver_name as "driverName", d.pickup_date::text as "pickupDate", d.pickup_time as "pickupTime",
    d.status, d.pevo_id as "pevoId", p.first_name || ' ' || p.last_name as "pevoName",
    d.rate_confirmation_id as "rateConfirmationId", rc.job_number as "jobNumber", d.created_at as "createdAt"
  from dispatches d
  left join pevos p on p.id = d.pevo_id
  left join rate_confirmations rc on rc.id = d.rate_confirmation_id
  where d.company_id = $1
  order by d.created_at desc, d.id desc
  limit $2 offset $3`;
const INVOICES = `
  select id, invoice_number as "invoiceNumber", dispatch_id as "dispatchId" from invoices
  where company_id = $1 and dispatch_id = any($2::uuid[]) order by created_at`;
// The app's capped count (apps/server/src/lib/paging.ts countUpTo, COUNT_CAP = 10,000).
const COUNT =
  "select count(*)::int as n from (select 1 from dispatches where company_id = $1 limit 10001) counted";

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    const companyId = url.searchParams.get("companyId");
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 25);
    const [rows, total] = await Promise.all([
      pool.query(ROWS, [companyId, pageSize, (page - 1) * pageSize]),
      pool.query(COUNT, [companyId]),
    ]);
    const ids = rows.rows.map((r) => r.id);
    const invoices = ids.length ? (await pool.query(INVOICES, [companyId, ids])).rows : [];
    const items = rows.rows.map((r) => ({
      ...r,
      invoices: invoices.filter((i) => i.dispatchId === r.id).map(({ dispatchId: _, ...i }) => i),
    }));
    const counted = total.rows[0].n;
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
