/**
 * What the benchmark requests, for one seeded company: every list (first page, a filtered page, a
 * deep page), the dashboards and the calendar. Query names are the list API's:
 * page, pageSize, sort, dir, q, status (comma-separated), <field>From/<field>To, pevoId, clientId;
 * keyset lists take cursor and limit. Shared by `npm run bench` (bench/run.ts) and the smoke test.
 */
import { COUNT_CAP } from "@pevo/shared";
import type { BenchCompany } from "./seed";

export const PAGE_SIZE = 25;
/** The target: no response over 100 KB. */
export const MAX_RESPONSE_BYTES = 100 * 1024;

export type Endpoint = {
  /** Stable name, the same for every company (the row of the results table). */
  name: string;
  path: string;
  /** Who calls it. */
  as: "admin" | "pevo";
  /** A list: at most this many items may come back. Undefined for dashboards and the calendar. */
  maxItems?: number;
};

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The deepest page a list of `count` rows serves: its last, or the last within the count cap. */
const deepPage = (count: number) => Math.max(1, Math.ceil(Math.min(count, COUNT_CAP) / PAGE_SIZE));

export function endpointsOf(company: BenchCompany): Endpoint[] {
  const { today, counts } = company;
  /** A table's seeded row count (seed.ts counts every table listed here). */
  const seeded = (table: string) => {
    const n = counts[table];
    if (n === undefined) throw new Error(`The seed counted no ${table}`);
    return n;
  };
  const page = `page=1&pageSize=${PAGE_SIZE}`;
  const list = (name: string, path: string, as: Endpoint["as"] = "admin"): Endpoint => ({
    name,
    path,
    as,
    maxItems: PAGE_SIZE,
  });
  return [
    list("dispatches: first page", `/api/dispatches?${page}`),
    list(
      "dispatches: status + pickup range",
      `/api/dispatches?${page}&status=pending,dispatched&pickupFrom=${addDays(today, -30)}&pickupTo=${addDays(today, 60)}`,
    ),
    list("dispatches: search", `/api/dispatches?${page}&q=garcia`),
    list("dispatches: by PEVO", `/api/dispatches?${page}&pevoId=${company.busyPevoId}`),
    list(
      "dispatches: deep page",
      `/api/dispatches?page=${deepPage(seeded("dispatches"))}&pageSize=${PAGE_SIZE}`,
    ),
    list("invoices: first page", `/api/invoices?${page}`),
    list(
      "invoices: status + due range",
      `/api/invoices?${page}&status=sent,overdue&dueFrom=${addDays(today, -60)}&dueTo=${addDays(today, 30)}`,
    ),
    list("invoices: by client", `/api/invoices?${page}&clientId=${company.busyClientId}`),
    list("invoices: search", `/api/invoices?${page}&q=INV-0001`),
    list("invoices: deep page", `/api/invoices?page=${deepPage(seeded("invoices"))}&pageSize=${PAGE_SIZE}`),
    list("credit notes: first page", `/api/credit-notes?${page}`),
    list("credit notes: search", `/api/credit-notes?${page}&q=CN-00001`),
    list(
      "credit notes: deep page",
      `/api/credit-notes?page=${deepPage(seeded("credit_notes"))}&pageSize=${PAGE_SIZE}`,
    ),
    list("bill jobs: uninvoiced completed jobs by client", `/api/invoices/bill-jobs/clients?${page}`),
    list(
      "bill jobs: a client's jobs",
      `/api/invoices/bill-jobs?${page}&clientId=${company.billJobsClientId}`,
    ),
    { name: "client credit", path: `/api/clients/${company.creditClientId}/credit`, as: "admin" },
    // Receivables: every client's open balance in aging buckets, the largest first, and the totals.
    list("receivables: first page", `/api/receivables?${page}`),
    list("rate confirmations: first page", `/api/rate-confirmations?${page}`),
    list(
      "rate confirmations: start range",
      `/api/rate-confirmations?${page}&startFrom=${addDays(today, -90)}&startTo=${today}`,
    ),
    list("rate confirmations: search", `/api/rate-confirmations?${page}&q=amarillo`),
    list(
      "rate confirmations: deep page",
      `/api/rate-confirmations?page=${deepPage(seeded("rate_confirmations"))}&pageSize=${PAGE_SIZE}`,
    ),
    list("clients: first page", `/api/clients?${page}`),
    list("clients: search", `/api/clients?${page}&q=ridge`),
    list("clients: deep page", `/api/clients?page=${deepPage(seeded("clients"))}&pageSize=${PAGE_SIZE}`),
    list("pevos: first page", `/api/pevos?${page}`),
    // A name found in both companies ("garcia" finds none of the small company's 3 PEVOs, whose
    // empty page is no measure of a search).
    list("pevos: search", `/api/pevos?${page}&q=jones`),
    list("team: first page", `/api/company/team?${page}`),
    list("activity: first page", `/api/activity?limit=${PAGE_SIZE}`),
    list("trip logs of a dispatch", `/api/dispatches/${company.dispatchWithTrips}/trip-logs?${page}`),
    list("portal: upcoming", `/api/portal/dispatches?when=upcoming&limit=${PAGE_SIZE}`, "pevo"),
    list("portal: past", `/api/portal/dispatches?when=past&limit=${PAGE_SIZE}`, "pevo"),
    list("portal: trip logs", `/api/portal/trip-logs?limit=${PAGE_SIZE}`, "pevo"),
    // The PEVO's statements (a year of paid two-week settlements), read set-based, and the year's SUM.
    list("portal: earnings", `/api/portal/earnings?limit=${PAGE_SIZE}`, "pevo"),
    { name: "dashboard", path: "/api/dashboard", as: "admin" },
    { name: "portal dashboard", path: "/api/portal/dashboard", as: "pevo" },
    {
      name: "calendar: week",
      path: `/api/calendar?from=${addDays(today, -3)}&to=${addDays(today, 3)}`,
      as: "admin",
    },
    // The office's settlement run of the last two weeks (~300 PEVOs at 100k, 3 at 1k), as its page
    // opens: the first page of its PEVOs with their totals, and the run's state and totals (a draft's
    // jobs are recomputed when their inputs change, not on read: DECISIONS 'PEVO pay').
    list(
      "settlement preview: two weeks",
      `/api/settlements/${company.draftSettlementId ?? missing("draftSettlementId")}/pevos?${page}`,
    ),
    {
      name: "settlement preview: run totals",
      path: `/api/settlements/${company.draftSettlementId ?? missing("draftSettlementId")}`,
      as: "admin",
    },
    // Each PEVO's 1099-NEC box 1 of this year, a year of paid settlements (kept summed per PEVO and
    // year): the year's counts, and the first page of its recipients (highest first) and of its
    // missing W-9s.
    { name: "1099-NEC year totals", path: `/api/tax-years/${today.slice(0, 4)}`, as: "admin" },
    list("1099-NEC recipients", `/api/tax-years/${today.slice(0, 4)}/recipients?${page}`),
    list("1099-NEC missing W-9s", `/api/tax-years/${today.slice(0, 4)}/missing-w9s?${page}`),
    // The dashboard's chart: invoiced, collected, PEVO pay and margin of the last 12 months.
    { name: "dashboard: monthly chart", path: `/api/reports/monthly?today=${today}`, as: "admin" },
    {
      name: "calendar: month grid",
      path: `/api/calendar?from=${addDays(today, -20)}&to=${addDays(today, 21)}`,
      as: "admin",
    },
  ];
}

function missing(what: string): never {
  throw new Error(`The company has no ${what}: call createDraftSettlement first`);
}

/**
 * The settlement preview's draft: a default pay plan (per job: day rate, miles over a minimum,
 * overnight, wait) and a run over the two weeks before `today` (the seed left them unpaid).
 */
export async function createDraftSettlement(
  fetcher: (path: string, init: RequestInit) => Response | Promise<Response>,
  origin: string,
  cookie: string,
  today: string,
): Promise<string> {
  const post = async (path: string, body: unknown) => {
    const res = await fetcher(path, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  await post("/api/pay-plans/default", {
    effectiveFrom: addDays(today, -1000),
    kind: "per_job",
    dayRate: "450.00",
    mileRate: "1.10",
    mileageMinimum: "100",
    overnightRate: "125.00",
    waitRate: "25.00",
    waitThreshold: 2,
    reimbursedExpenses: ["fuel", "tolls"],
  });
  const run = await post("/api/settlements", {
    periodKind: "biweekly",
    periodStart: addDays(today, -14),
    periodEnd: addDays(today, -1),
    includeUninvoiced: true,
  });
  return run.id;
}

/** A list answer in either shape: a page `{ items, ... }` or (before paging) a whole array. */
export function itemsOf(body: unknown): { items: unknown[]; paged: boolean } | undefined {
  if (Array.isArray(body)) return { items: body, paged: false };
  if (body && typeof body === "object" && Array.isArray((body as { items?: unknown }).items)) {
    return { items: (body as { items: unknown[] }).items, paged: true };
  }
  return undefined;
}

/** Signs in with Better Auth over HTTP (any fetch: the real server or app.request); returns the Cookie header. */
export async function signIn(
  fetcher: (path: string, init: RequestInit) => Response | Promise<Response>,
  origin: string,
  login: { email: string; password: string },
): Promise<string> {
  const res = await fetcher("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(login),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${login.email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/** One request's size check: status, bytes, and for a list the number of items against its page. */
export type SizeCheck = {
  name: string;
  status: number;
  bytes: number;
  items?: number;
  paged?: boolean;
  problems: string[];
};

export async function checkSize(endpoint: Endpoint, res: Response): Promise<SizeCheck> {
  const text = await res.text();
  const bytes = Buffer.byteLength(text);
  const problems: string[] = [];
  if (res.status !== 200) problems.push(`answered ${res.status}: ${text.slice(0, 200)}`);
  if (bytes > MAX_RESPONSE_BYTES) problems.push(`${bytes} bytes, over ${MAX_RESPONSE_BYTES}`);
  const check: SizeCheck = { name: endpoint.name, status: res.status, bytes, problems };
  if (endpoint.maxItems !== undefined && res.status === 200) {
    const list = itemsOf(JSON.parse(text));
    if (!list) problems.push("not a list: neither { items } nor an array");
    else {
      check.items = list.items.length;
      check.paged = list.paged;
      if (list.items.length > endpoint.maxItems) {
        problems.push(`${list.items.length} items, more than a page of ${endpoint.maxItems}`);
      }
    }
  }
  return check;
}
