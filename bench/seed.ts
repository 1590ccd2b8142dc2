/**
 * The benchmark's data set: a company with `dispatches` jobs and everything around them, seeded
 * with set-based SQL (`INSERT ... SELECT generate_series`), so 100,000 dispatches take seconds.
 * Works on PostgreSQL and on PGlite (the smoke test in `npm test` seeds 1k vs 10k with it).
 *
 * Proportions (from the issue, at 100,000 dispatches): ~20,000 rate confirmations (standard rates,
 * 1–2 positions each), ~50,000 invoices with two lines each (each claiming its job), ~50,000 trip logs, 2,000 clients,
 * 300 PEVOs, plus activity. Dates spread over three years (about 2.5 years back, 0.5 ahead);
 * statuses follow the date (past jobs mostly completed, future ones pending or dispatched).
 * The admin (and one PEVO login, on the busiest PEVO) can sign in with `password`.
 */
import { randomUUID } from "node:crypto";
import { type Database, missingRow, pevos } from "@pevo/db";
import { insertCompanyWithAdmin } from "@pevo/db/seed";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { createUserWithAccount, hashPassword } from "../apps/server/src/domain/company";

export type BenchCompany = {
  companyId: string;
  name: string;
  admin: { email: string; password: string };
  pevo: { email: string; password: string; pevoId: string };
  /** Row counts actually seeded. */
  counts: Record<string, number>;
  /** A dispatch with trip logs (for the office's trip log list). */
  dispatchWithTrips: string;
  /** A PEVO id and a client id with many rows (filters). */
  busyPevoId: string;
  busyClientId: string;
  /** The client with the most uninvoiced completed jobs (the Bill jobs screen's one client). */
  billJobsClientId: string;
  /** The client with the most client-credit entries (its credit and ledger). */
  creditClientId: string;
  today: string;
  /** A draft settlement of the last two weeks (createDraftSettlement, once the server is up). */
  draftSettlementId?: string;
};

export type SeedOptions = {
  name: string;
  /** Number of dispatches; the rest follows in proportion. */
  dispatches: number;
  /** The day the data is centred on (YYYY-MM-DD); default today (UTC). */
  today?: string;
  password?: string;
};

export const BENCH_PASSWORD = "bench-password-42";

// biome-ignore format: a word list, several to a line
const FIRST = [
  "James", "Maria", "Robert", "Linda", "Michael", "Patricia", "David", "Jennifer", "William", "Elizabeth",
  "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Carlos", "Karen", "Daniel", "Nancy",
  "Matthew", "Lisa", "Anthony", "Betty", "Mark", "Sandra", "Donald", "Ashley", "Steven", "Dorothy",
  "Paul", "Kimberly", "Andrew", "Emily", "Joshua", "Donna", "Kenneth", "Michelle", "Kevin", "Carol",
];
// biome-ignore format: a word list, several to a line
const LAST = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
];
// biome-ignore format: a word list, several to a line
const FIRM = [
  "Lone Star", "Blue Ridge", "Great Plains", "Red River", "Summit", "Keystone", "Prairie", "Gulf Coast",
  "Rocky Mountain", "Heartland", "Big Sky", "Cascade", "Ozark", "Pioneer", "Frontier", "Bayou",
  "Granite", "Iron Horse", "Silver State", "Sunbelt",
];
// biome-ignore format: a word list, several to a line
const KIND = [
  "Heavy Haul", "Transport", "Logistics", "Crane Services", "Wind Energy", "Freight", "Trucking", "Rigging",
];
// biome-ignore format: a word list, several to a line
const CITY = [
  "Houston, TX", "Dallas, TX", "Amarillo, TX", "Oklahoma City, OK", "Tulsa, OK", "Wichita, KS",
  "Denver, CO", "Albuquerque, NM", "Phoenix, AZ", "Little Rock, AR", "Shreveport, LA", "Baton Rouge, LA",
  "Memphis, TN", "Nashville, TN", "Kansas City, MO", "Omaha, NE", "Des Moines, IA", "Sioux Falls, SD",
  "Bismarck, ND", "Cheyenne, WY", "Billings, MT", "Salt Lake City, UT", "Boise, ID", "Reno, NV",
  "Fresno, CA", "Bakersfield, CA", "El Paso, TX", "Lubbock, TX", "San Antonio, TX", "Laredo, TX",
];
const STREET = [
  "Industrial Blvd",
  "Main St",
  "Route 66",
  "Commerce Dr",
  "Rail Yard Rd",
  "Port Ave",
  "Plant Rd",
];
// biome-ignore format: a word list, several to a line
const LOAD = [
  "Wind turbine blade", "Transformer", "Excavator", "Bridge beam", "Modular home", "Boat hull",
  "Pressure vessel", "Mining truck", "Grain bin", "Crane boom",
];

/** A PostgreSQL text[] literal of our own word lists (no quotes in them). */
const words = (list: string[]) => sql.raw(`array['${list.join("','")}']::text[]`);
/** The k-th word, k any integer expression. */
const pick = (list: string[], k: SQL) => sql`(${words(list)})[1 + ((${k}) % ${list.length})::int]`;

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function rows<T>(db: Database, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Seeds one company; returns how to sign in and what was made. */
export async function seedBenchCompany(db: Database, options: SeedOptions): Promise<BenchCompany> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const password = options.password ?? BENCH_PASSWORD;
  const n = options.dispatches;
  const nClients = Math.max(5, Math.round(n / 50));
  const nPevos = Math.max(3, Math.round(n * 0.003));
  const nRcs = Math.max(5, Math.round(n / 5));
  const nActivity = Math.max(10, Math.round(n / 5));
  const slug = `${options.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 8)}`;
  const email = `admin@${slug}.example`;
  const passwordHash = await hashPassword(password);
  const { company } = await insertCompanyWithAdmin(db, {
    companyName: options.name,
    contactPerson: "Bench Admin",
    email,
    passwordHash,
    emailVerified: true,
  });
  const c = sql`${company.id}::uuid`;
  // Three years of dates: day 0 is about 2.5 years ago.
  const first = sql`${addDays(today, -912)}::date`;
  const span = 1095;

  await db.execute(sql`
    insert into clients (company_id, name, contact_person, mc_number, dot_number, email, phone, address, created_at, updated_at)
    select ${c},
      ${pick(FIRM, sql`i * 7`)} || ' ' || ${pick(KIND, sql`i / 20`)} || ' ' || i,
      ${pick(FIRST, sql`i * 3`)} || ' ' || ${pick(LAST, sql`i * 11`)},
      'MC' || (100000 + i), 'DOT' || (2000000 + i),
      'dispatch' || i || '@' || lower(replace(${pick(FIRM, sql`i * 7`)}, ' ', '')) || '.example',
      '(' || (200 + i % 700) || ') 555-' || lpad((i % 10000)::text, 4, '0'),
      (100 + i % 9000) || ' ' || ${pick(STREET, sql`i`)} || ', ' || ${pick(CITY, sql`i * 13`)},
      ${first}::timestamptz + (i * ${span} / ${nClients}::int) * interval '1 day',
      ${first}::timestamptz + (i * ${span} / ${nClients}::int) * interval '1 day'
    from generate_series(1, ${nClients}::int) i`);

  await db.execute(sql`
    insert into pevos (company_id, first_name, last_name, email, phone, license_number, certification_expiry, status, created_at, updated_at)
    select ${c}, ${pick(FIRST, sql`i * 7 + 3`)}, ${pick(LAST, sql`i * 13 + 5`)} || case when i > 40 then '-' || i else '' end,
      'pevo' || i || '@${sql.raw(slug)}.example',
      '(' || (300 + i % 600) || ') 555-' || lpad(((i * 37) % 10000)::text, 4, '0'),
      'PE' || lpad(i::text, 7, '0'),
      ${today}::date - 60 + (i * 17) % 760,
      (case when i % 10 = 0 then 'inactive' else 'active' end)::pevo_status,
      ${first}::timestamptz + (i % 300) * interval '1 day',
      ${first}::timestamptz + (i % 300) * interval '1 day'
    from generate_series(1, ${nPevos}::int) i`);

  await db.execute(sql`
    with cl as (
      select id, (row_number() over (order by created_at, id) - 1)::int as rn from clients where company_id = ${c}
    )
    insert into rate_confirmations (company_id, client_id, job_number, origin_address, destination_address, start_date, end_date,
      description, signature_status, signature_expires_at, canceled_at, created_at, updated_at)
    select ${c}, cl.id,
      'J' || to_char(d.start, 'YYMM') || '-' || lpad(i::text, 6, '0'),
      (100 + i % 900) || ' ' || ${pick(STREET, sql`i * 3`)} || ', ' || ${pick(CITY, sql`i * 7`)},
      (100 + (i * 7) % 900) || ' ' || ${pick(STREET, sql`i * 5`)} || ', ' || ${pick(CITY, sql`i * 11 + 4`)},
      d.start, case when i % 7 = 0 then null else d.start + (i % 4) end,
      ${pick(LOAD, sql`i`)} || ', ' || (12 + i % 6) || ' ft wide, ' || (90 + i % 80) || ' ft long',
      (case when d.start < ${today}::date - 14 or i % 3 = 0 then 'signed' when i % 3 = 1 then 'awaiting_signature' else 'not_sent' end)::signature_status,
      -- An awaiting one's link expires 30 days after it was sent (5 days before the start).
      case when not (d.start < ${today}::date - 14 or i % 3 = 0) and i % 3 = 1 then d.start + 25 end,
      case when i % 40 = 0 then d.start - 2 + interval '8 hours' end,
      d.start - 7 + interval '10 hours', d.start - 7 + interval '10 hours'
    from generate_series(1, ${nRcs}::int) i
    cross join lateral (select ${first} + ((i - 1) * ${span} / ${nRcs}::int) as start) d
    join cl on cl.rn = (i * 7919) % ${nClients}::int`);

  await db.execute(sql`
    insert into rate_confirmation_standard_rates (rate_confirmation_id, company_id, minimum_daily_rate, mileage_rate,
      overnight_rate, no_go_rate, detention_rate, detention_threshold)
    select id, company_id, 450 + (hashtext(id::text) & 255), 1.85, 150, 250, 45, 2
    from rate_confirmations where company_id = ${c}`);

  // Positions: a lead car on every job, a chase car on every third, each with a PEVO.
  await db.execute(sql`
    with r as (select id, (row_number() over (order by start_date, id))::int as rn from rate_confirmations where company_id = ${c}),
    p as (select id, (row_number() over (order by created_at, id) - 1)::int as rn from pevos where company_id = ${c})
    insert into rate_confirmation_positions (company_id, rate_confirmation_id, position_type, pevo_id, sort_order)
    select ${c}, r.id, (case when k = 0 then 'lead_car' else 'chase_car' end)::position_type, p.id, k
    from r cross join generate_series(0, 1) k
    join p on p.rn = (r.rn * 31 + k * 7) % ${nPevos}::int
    where k = 0 or r.rn % 3 = 0`);

  // Dispatches: about five per rate confirmation on consecutive days; one in twelve unassigned.
  await db.execute(sql`
    with r as (
      select id, start_date, (row_number() over (order by start_date, id) - 1)::int as rn
      from rate_confirmations where company_id = ${c}
    ),
    p as (select id, (row_number() over (order by created_at, id) - 1)::int as rn from pevos where company_id = ${c})
    insert into dispatches (company_id, rate_confirmation_id, pevo_id, driver_name, driver_phone, driver_company,
      pickup_date, pickup_time, notes, status, created_at, updated_at)
    select ${c}, r.id, case when i % 12 = 0 then null else p.id end,
      ${pick(FIRST, sql`i * 17`)} || ' ' || ${pick(LAST, sql`i * 29 + 7`)},
      '(' || (400 + i % 500) || ') 555-' || lpad(((i * 53) % 10000)::text, 4, '0'),
      case when i % 3 = 0 then null else ${pick(FIRM, sql`i * 5`)} || ' ' || ${pick(KIND, sql`i`)} end,
      x.pickup, lpad((5 + i % 14)::text, 2, '0') || ':' || (array['00', '15', '30', '45'])[1 + i % 4],
      case when i % 5 = 0 then 'Call the driver 30 minutes before pickup' end,
      (case
        when x.pickup < ${today}::date then
          case when i % 10 = 0 then 'canceled' when i % 20 = 1 then 'dispatched' else 'completed' end
        when i % 20 = 0 then 'canceled'
        when i % 3 = 0 then 'dispatched'
        else 'pending' end)::dispatch_status,
      x.pickup - 6 + interval '11 hours' + (i % 3600) * interval '1 second',
      x.pickup - 6 + interval '11 hours' + (i % 3600) * interval '1 second'
    from generate_series(0, ${n - 1}::int) i
    join r on r.rn = (i::bigint * ${nRcs}::int / ${n}::int)::int
    join p on p.rn = (i * 31 + i / 97) % ${nPevos}::int
    cross join lateral (select r.start_date + (i % 3) as pickup) x`);

  // Statistics of the fresh rows, so that the joins below are planned as hash joins (without them
  // the planner takes the new tables for empty and loops).
  await db.execute(sql`analyze clients, pevos, rate_confirmations, dispatches`);

  // Invoices: every other dispatch (its client and PEVO copied), two lines each.
  await db.execute(sql`
    with d as (
      select d.id, d.pickup_date, d.status, d.pevo_id, d.rate_confirmation_id,
        (row_number() over (order by d.pickup_date, d.id))::int as rn
      from dispatches d where d.company_id = ${c}
    )
    insert into invoices (company_id, dispatch_id, client_id, invoice_number, issue_date, due_date, subtotal, tax_rate, tax, total,
      notes, status, amount_paid, customer_name, customer_address, pevo_name, pevo_position, created_at, updated_at)
    select ${c}, d.id, cl.id, 'INV-' || lpad((d.rn / 2)::text, 6, '0'),
      d.pickup_date + 2, d.pickup_date + 32, m.subtotal, 0, 0, m.subtotal,
      case when d.rn % 9 = 0 then 'Thank you for your business' end,
      (case
        when d.pickup_date + 2 > ${today}::date then 'draft'
        when d.pickup_date + 32 < ${today}::date and d.rn % 10 <> 0 then 'paid'
        when d.rn % 4 = 0 and d.pickup_date + 32 >= ${today}::date then 'draft'
        else 'sent' end)::invoice_status,
      (case when d.pickup_date + 2 <= ${today}::date and d.pickup_date + 32 < ${today}::date and d.rn % 10 <> 0
        then m.subtotal else 0 end),
      cl.name, cl.address, pv.first_name || ' ' || pv.last_name, 'Lead Car',
      d.pickup_date + 2 + interval '16 hours', d.pickup_date + 2 + interval '16 hours'
    from d
    join rate_confirmations rc on rc.company_id = ${c} and rc.id = d.rate_confirmation_id
    join clients cl on cl.company_id = ${c} and cl.id = rc.client_id
    left join pevos pv on pv.company_id = ${c} and pv.id = d.pevo_id
    cross join lateral (select (450 + d.rn % 200)::numeric + (d.rn % 300) * 1.85 as subtotal) m
    where d.rn % 2 = 0`);

  await db.execute(sql`
    insert into invoice_line_items (company_id, invoice_id, date, location, mileage, charge, sort_order)
    select ${c}, v.id, v.issue_date - 2, ${pick(CITY, sql`hashtext(v.invoice_number) & 1023`)},
      case when k = 0 then 0 else m.miles end,
      case when k = 0 then v.subtotal - m.miles * 1.85 else m.miles * 1.85 end, k
    from invoices v cross join generate_series(0, 1) k
    cross join lateral (select (hashtext(v.invoice_number) & 127)::numeric as miles) m
    where v.company_id = ${c}`);

  // Each invoice claims its job, as the app's invoices do (invoice_jobs, DECISIONS 'Consolidated
  // invoices'; migration 0034 did the same for the invoices before it): Bill jobs lists the other
  // completed jobs, not every completed job of the company.
  await db.execute(sql`
    insert into invoice_jobs (company_id, invoice_id, dispatch_id, created_at)
    select ${c}, v.id, v.dispatch_id, v.created_at
    from invoices v where v.company_id = ${c} and v.dispatch_id is not null and v.status <> 'void'`);

  // Credit notes: one paid invoice in eight credited $125.00 (an overnight not owed), all of it the
  // client's credit (the invoice was paid), with its line and its client-credit ledger entry.
  await db.execute(sql`
    insert into credit_notes (company_id, invoice_id, client_id, credit_note_number, date, reason,
      total_cents, applied_cents, to_credit_cents, created_at)
    select ${c}, v.id, v.client_id, 'CN-' || lpad((row_number() over (order by v.issue_date, v.id))::text, 7, '0'),
      v.issue_date + 5, 'Overnight not owed', 12500, 0, 12500, v.created_at + interval '5 days'
    from invoices v
    where v.company_id = ${c} and v.status = 'paid' and v.client_id is not null
      and (hashtext(v.invoice_number) & 7) = 0`);
  await db.execute(sql`
    insert into credit_note_lines (company_id, credit_note_id, description, quantity, rate_cents, amount_cents)
    select ${c}, n.id, 'Overnight not owed', 1, 12500, 12500 from credit_notes n where n.company_id = ${c}`);
  await db.execute(sql`
    insert into client_credit_entries (company_id, client_id, kind, date, amount_cents, invoice_id, credit_note_id)
    select ${c}, n.client_id, 'credit_note', n.date, n.to_credit_cents, n.invoice_id, n.id
    from credit_notes n where n.company_id = ${c}`);

  // Trip logs: the PEVO of every other dispatch (the ones without an invoice), one in four with fuel.
  await db.execute(sql`
    with d as (
      select id, pevo_id, pickup_date, (row_number() over (order by pickup_date, id))::int as rn
      from dispatches where company_id = ${c} and pevo_id is not null
    )
    insert into trip_logs (company_id, pevo_id, dispatch_id, trip_date, start_location, end_location, miles, hours, notes, created_at, updated_at)
    select ${c}, d.pevo_id, d.id, d.pickup_date,
      ${pick(CITY, sql`d.rn * 7`)}, ${pick(CITY, sql`d.rn * 11 + 3`)},
      40 + d.rn % 400, 2 + (d.rn % 10), case when d.rn % 6 = 0 then 'Detour for a low bridge' end,
      d.pickup_date + interval '20 hours', d.pickup_date + interval '20 hours'
    from d where d.rn % 2 = 1 or d.rn % 23 = 0`);

  await db.execute(sql`
    insert into trip_log_expenses (company_id, trip_log_id, type, amount, sort_order)
    select ${c}, t.id, 'fuel'::expense_type, 40 + (hashtext(t.id::text) & 127), 0
    from trip_logs t where t.company_id = ${c} and hashtext(t.id::text) % 4 = 0`);

  // Activity: what the office did, over the three years.
  await db.execute(sql`
    with p as (select id, first_name || ' ' || last_name as name, (row_number() over (order by created_at, id) - 1)::int as rn
      from pevos where company_id = ${c})
    insert into activity_events (company_id, type, status, client, job, pevo, pevo_id, amount, message, created_at)
    select ${c},
      (array['dispatch_created', 'invoice_sent', 'rate_confirmation_signed', 'trip_logged'])[1 + i % 4],
      (array['success', 'success', 'pending', 'success'])[1 + i % 4]::activity_status,
      ${pick(FIRM, sql`i`)} || ' ' || ${pick(KIND, sql`i / 3`)}, 'J-' || i, p.name, p.id,
      case when i % 4 = 1 then (300 + i % 900)::numeric end,
      (array['Dispatch created', 'Invoice sent', 'Rate confirmation signed', 'Trip logged'])[1 + i % 4] || ' for J-' || i,
      ${first}::timestamptz + (i::bigint * ${span} * 86400 / ${nActivity}::int) * interval '1 second'
    from generate_series(1, ${nActivity}::int) i
    join p on p.rn = i % ${nPevos}::int`);

  // A PEVO login on the PEVO with the most dispatches (the portal's lists).
  const [busy = missingRow("dispatches with a PEVO")] = await rows<{ pevo_id: string; n: number }>(
    db,
    sql`select pevo_id, count(*)::int as n from dispatches where company_id = ${c} and pevo_id is not null
        group by pevo_id order by n desc, pevo_id limit 1`,
  );
  const pevoEmail = `pevo@${slug}.example`;
  await db.transaction(async (tx) => {
    const login = await createUserWithAccount(tx, {
      companyId: company.id,
      email: pevoEmail,
      password,
      role: "pevo",
      name: "Bench Pevo",
      companyName: options.name,
      contactPerson: "Bench Pevo",
      emailVerified: true,
    });
    await tx
      .update(pevos)
      .set({ userId: login.id, email: pevoEmail })
      .where(and(eq(pevos.companyId, company.id), eq(pevos.id, busy.pevo_id)));
  });

  // PEVO pay: a paid two-week settlement for each of the 26 periods before the last two weeks (those
  // stay unpaid for the settlement preview), paying every completed, assigned job of its period:
  // the paid history behind the 1099-NEC year totals (its jobs' inserts fill paid_compensation_years
  // by migration 0052's triggers).
  await db.execute(sql`
    insert into settlements (company_id, period_kind, period_start, period_end, include_uninvoiced, status,
      approved_at, paid_date, paid_method, created_at)
    select ${c}, 'biweekly', ${today}::date - 14 * (k + 2), ${today}::date - 14 * (k + 1) - 1, true, 'paid',
      (${today}::date - 14 * (k + 1) + 2)::timestamptz, ${today}::date - 14 * (k + 1) + 4, 'ach',
      (${today}::date - 14 * (k + 1))::timestamptz
    from generate_series(0, 25) k`);
  await db.execute(sql`
    insert into settlement_jobs (company_id, settlement_id, dispatch_id, pevo_id, job_date, job_number, route,
      position, invoiced_cents, pay_cents, reimbursed_cents)
    select ${c}, s.id, d.id, d.pevo_id, d.pickup_date, r.job_number, 'Amarillo, TX → Tulsa, OK', 'Lead Car',
      60000, 40000 + (hashtext(d.id::text) & 16383), case when d.pickup_date::text like '%5' then 4500 else 0 end
    from settlements s
    join dispatches d on d.company_id = ${c} and d.pickup_date between s.period_start and s.period_end
    join rate_confirmations r on r.company_id = ${c} and r.id = d.rate_confirmation_id
    where s.company_id = ${c} and d.status = 'completed' and d.pevo_id is not null`);

  const [trips = missingRow("trip_logs with a dispatch")] = await rows<{ dispatch_id: string }>(
    db,
    sql`select dispatch_id from trip_logs where company_id = ${c} and dispatch_id is not null
        group by dispatch_id order by count(*) desc, dispatch_id limit 1`,
  );
  const [client = missingRow("invoices with a client")] = await rows<{ client_id: string }>(
    db,
    sql`select client_id from invoices where company_id = ${c} and client_id is not null
        group by client_id order by count(*) desc, client_id limit 1`,
  );
  // The client with the most completed jobs no invoice claims: a full page of Bill jobs.
  const [billing = missingRow("uninvoiced completed jobs")] = await rows<{ client_id: string }>(
    db,
    sql`select r.client_id from dispatches d
        join rate_confirmations r on r.company_id = ${c} and r.id = d.rate_confirmation_id
        where d.company_id = ${c} and d.status = 'completed'
          and not exists (select 1 from invoice_jobs j where j.company_id = ${c} and j.dispatch_id = d.id
            and j.released_at is null)
        group by r.client_id order by count(*) desc, r.client_id limit 1`,
  );
  // The client with the most credit entries: its credit and ledger (the seed credits one paid
  // invoice in eight, so the busiest client of the small company may have none).
  const [credited = missingRow("client credit entries")] = await rows<{ client_id: string }>(
    db,
    sql`select client_id from client_credit_entries where company_id = ${c}
        group by client_id order by count(*) desc, client_id limit 1`,
  );
  const counted = await rows<{ t: string; n: number }>(
    db,
    sql`select 'dispatches' as t, count(*)::int as n from dispatches where company_id = ${c}
        union all select 'rate_confirmations', count(*)::int from rate_confirmations where company_id = ${c}
        union all select 'positions', count(*)::int from rate_confirmation_positions where company_id = ${c}
        union all select 'invoices', count(*)::int from invoices where company_id = ${c}
        union all select 'invoice_line_items', count(*)::int from invoice_line_items where company_id = ${c}
        union all select 'invoice_jobs', count(*)::int from invoice_jobs where company_id = ${c}
        union all select 'credit_notes', count(*)::int from credit_notes where company_id = ${c}
        union all select 'trip_logs', count(*)::int from trip_logs where company_id = ${c}
        union all select 'clients', count(*)::int from clients where company_id = ${c}
        union all select 'pevos', count(*)::int from pevos where company_id = ${c}
        union all select 'settlement_jobs', count(*)::int from settlement_jobs where company_id = ${c}
        union all select 'activity_events', count(*)::int from activity_events where company_id = ${c}`,
  );
  return {
    companyId: company.id,
    name: options.name,
    admin: { email, password },
    pevo: { email: pevoEmail, password, pevoId: busy.pevo_id },
    counts: Object.fromEntries(counted.map((r) => [r.t, Number(r.n)])),
    dispatchWithTrips: trips.dispatch_id,
    busyPevoId: busy.pevo_id,
    busyClientId: client.client_id,
    billJobsClientId: billing.client_id,
    creditClientId: credited.client_id,
    today,
  };
}

/**
 * The steady state autovacuum reaches after a bulk load: fresh statistics (the planner's choices at
 * 100k depend on them) and the visibility map (index-only scans for counts). The tables the
 * invoices', dispatches', claims' and settlements' triggers keep (a row per company and day, per due
 * date, per client with open invoices or unbilled jobs, per client and day of unbilled jobs, per PEVO
 * and year paid) are exact after the seed, since the triggers run on
 * its inserts too, and are also rewritten: the seed writes a company's years in one statement, so
 * each of their rows is updated thousands of times in one transaction, and the row versions fill
 * hundreds of pages (743 for 1,700 per-day rows) that the dashboard then reads. The app writes a
 * dispatch per transaction, and PostgreSQL prunes an updated row's old versions in place, so the
 * tables stay the size of their rows.
 */
export async function analyze(db: Database) {
  await db.execute(sql`vacuum analyze`);
  await db.execute(
    sql`vacuum (full, analyze) dispatch_day_counts, invoice_open_balances, client_open_balances, client_unbilled_jobs,
      client_unbilled_days, paid_compensation_years`,
  );
}
