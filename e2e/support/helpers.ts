import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, BrowserContext } from "./test";
import { type APIRequestContext, expect, type Locator, type Page, test } from "./test";

export const DEMO_ADMIN = { email: "admin@demo-escort.test", password: "demo-admin-2025" };
export const DEMO_PEVO = { email: "pevo@demo-escort.test", password: "demo-pevo-2025" };

/** A unique address per test run, so tests never collide on one database. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`;

type MailRow = { to: string; subject: string; text: string };

/** The newest email to an address from the development outbox, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<MailRow> {
  let found: MailRow | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const mails = (await response.json()) as MailRow[];
      found = mails.find((m) => !subject || subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found as MailRow;
}

/** The first link in an email's text. */
export function linkIn(mail: MailRow): string {
  const match = mail.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in email "${mail.subject}"`);
  return match[0];
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Fills and submits the login form of the /auth page that is already open (keeps the guard's return location). */
export async function submitSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

export type Account = { email: string; password: string; companyName: string; contactPerson: string };

/**
 * A brand-new company and its verified admin, made through the API with its own cookie jar
 * (the `request` fixture), so the page under test stays signed out.
 */
export async function createAdmin(request: APIRequestContext, prefix = "admin"): Promise<Account> {
  const account: Account = {
    email: uniqueEmail(prefix),
    password: "secret-pass-1",
    companyName: `E2E Escorts ${Math.random().toString(36).slice(2, 7)}`,
    contactPerson: "Pat Tester",
  };
  const { email, password, companyName, contactPerson } = account;
  const created = await request.post("/api/signup", {
    data: { email, password, companyName, contactPerson },
  });
  expect(created.status(), await created.text()).toBe(201);
  const verified = await request.get(linkIn(await latestMail(request, email, /verify/i)));
  expect(verified.ok()).toBe(true);
  await skipSetup(request);
  return account;
}

/**
 * Skips the first-sign-in set-up of the company whose admin `request` is signed in as (the
 * verification link signs in), as its "Skip for now" does: the specs that need a company but not
 * its set-up start on the dashboard. setup.spec.ts goes through the set-up itself.
 */
export async function skipSetup(request: APIRequestContext) {
  const skipped = await request.post("/api/company/onboarding/setup-done", { headers: sameOrigin() });
  expect(skipped.status(), await skipped.text()).toBe(204);
}

/** A folder under test-results/screenshots/ for a journey's own files (PDF pages, shots), made if missing. */
export function screenshotFolder(name: string) {
  const dir = resolve(test.info().project.outputDir, "screenshots", name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Saves a screenshot of a page or of one element under test-results/screenshots/ for the team to
 * look at (toasts hidden unless asked for).
 */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; toasts?: boolean } = {},
) {
  const path = resolve(test.info().project.outputDir, "screenshots", `${name}.png`);
  const style = options.toasts ? undefined : "[data-sonner-toaster] { display: none !important; }";
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage ?? false, style });
  else await target.screenshot({ path, style });
}

/** Signs in as the demo admin through the login form and waits for the dashboard. */
export async function signInAsDemoAdmin(page: Page) {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/**
 * A new page of `context` signed in as the demo admin (on the dashboard), and today as its browser
 * sees it: the office side of the journeys that watch an office and a phone at once.
 */
export async function openDemoOffice(context: BrowserContext) {
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);
  return { page, today };
}

/** A browser context of this app with a viewport of its own (the office's 1280 px, the phone's 375 px). */
export const newViewportContext = (browser: Browser, width: number, height: number) =>
  browser.newContext({ baseURL: String(test.info().project.use.baseURL), viewport: { width, height } });

/** The stroke drawSignature draws: points right of its start, above and below the pad's middle. */
const SIGNATURE_STROKE = [
  [60, -30],
  [110, 25],
  [170, -20],
  [230, 15],
] as const;

/** Draws a signature on a signature pad with the mouse: the first `points` points of one stroke (at most 4). */
export async function drawSignature(page: Page, pad: Locator, points: number = SIGNATURE_STROKE.length) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("The signature pad is not visible");
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of SIGNATURE_STROKE.slice(0, points)) {
    await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2 + dy, { steps: 5 });
  }
  await page.mouse.up();
}

/** A short random tag that makes names unique per test run. */
export const uniqueTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Calendar days (YYYY-MM-DD) as the browser sees them in its own time zone. */
export async function browserDays(page: Page) {
  return page.evaluate(() => {
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const now = new Date();
    const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
    return {
      today: iso(now),
      yesterday: iso(new Date(y, m, d - 1)),
      fifthOfNextMonth: iso(new Date(y, m + 1, 5)),
      fifteenthOfNextMonth: iso(new Date(y, m + 1, 15)),
    };
  });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** YYYY-MM-DD → 'Jan 05, 2025' (how lists, details and date pickers show a date). */
export const usDate = (iso: string) =>
  `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(8, 10)}, ${iso.slice(0, 4)}`;
/** YYYY-MM-DD → 'MM/dd/yyyy' (PEVO certification expiry). */
export const shortUsDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Opens a date picker (its trigger button) and returns the open calendar popover. */
export async function openCalendar(page: Page, trigger: Locator) {
  await trigger.click();
  const calendar = page.getByRole("dialog").filter({ has: page.getByRole("grid") });
  await expect(calendar).toBeVisible();
  return calendar;
}

/** The in-month day cell of an open calendar (outside days are hidden), paging to its month first. */
export async function calendarDay(calendar: Locator, iso: string) {
  const firstDay = calendar.locator("td[data-day]:not([data-outside])").first();
  const target = iso.slice(0, 7);
  for (let i = 0; i < 24; i++) {
    const shown = (await firstDay.getAttribute("data-day"))?.slice(0, 7) ?? "";
    if (shown === target) break;
    const label = shown < target ? "Go to the Next Month" : "Go to the Previous Month";
    await calendar.getByRole("button", { name: label }).click();
    await expect(firstDay).not.toHaveAttribute("data-day", new RegExp(`^${shown}`));
  }
  return calendar.locator(`td[data-day="${iso}"]:not([data-outside])`);
}

/** Picks a day (YYYY-MM-DD) in the date picker whose trigger button is given. */
export async function pickDate(page: Page, trigger: Locator, iso: string) {
  const calendar = await openCalendar(page, trigger);
  await (await calendarDay(calendar, iso)).getByRole("button").click();
  await expect(calendar).toBeHidden();
  await expect(trigger).toHaveText(usDate(iso));
}

/** The toast of a message (toasts can repeat a text shown elsewhere on the page). */
export const toastWith = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Screenshots the page at desktop (1280 px) and phone (375 px) widths, then restores the desktop size. */
export async function screenshotBothWidths(page: Page, name: string) {
  // From the top: a full-page capture draws the sticky header and sidebar where the page is scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300); // let the layout settle after the resize
  await saveScreenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await saveScreenshot(page, `${name}-375`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForTimeout(300);
}

/** The Origin header of this app, for state-changing API calls made from a test (the server checks it). */
export const sameOrigin = () => ({ Origin: new URL(String(test.info().project.use.baseURL)).origin });

/** POSTs JSON to the API with this app's Origin and expects 201 Created; returns the created record. */
export async function apiCreate<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  // Set-ups may book a PEVO twice (parallel specs share the demo company's PEVOs): the double booking
  // check and its dialog are dispatch-positions.spec.ts's, which posts through the UI.
  if (
    (path === "/api/dispatches" || path === "/api/rate-confirmations") &&
    data &&
    typeof data === "object" &&
    !("allowConflict" in data)
  ) {
    data = { ...data, allowConflict: true };
  }
  const response = await request.post(path, { data, headers: sameOrigin() });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

export type CreatedPevo = { id: string; firstName: string; lastName: string; email: string | null };

/**
 * A new PEVO of the signed-in admin's company through the API (`request` must carry the admin's
 * session, e.g. `page.request` after signing in). With an email the PEVO gets a login account and an
 * invitation email. Every assignment checks insurance and the licence: the PEVO gets a licence
 * expiry and approved auto liability insurance (the office's own entries), unless `qualified: false`.
 */
export async function createPevoViaApi(
  request: APIRequestContext,
  pevo: {
    firstName: string;
    lastName: string;
    email?: string;
    phone?: string;
    licenseNumber?: string;
    states?: string[];
    status?: "active" | "inactive";
    /** The licence expiry (default QUALIFIED_UNTIL when qualified). */
    certificationExpiry?: string;
    /** Default: unless inactive (an inactive PEVO is not assigned). */
    qualified?: boolean;
  },
) {
  const { qualified = pevo.status !== "inactive", ...fields } = pevo;
  const created = await apiCreate<CreatedPevo>(request, "/api/pevos", {
    status: "active",
    states: ["TX"],
    ...(qualified ? { certificationExpiry: QUALIFIED_UNTIL } : {}),
    ...fields,
  });
  if (qualified) await addInsuranceViaApi(request, created.id);
  return created;
}

/**
 * A PEVO with a login (createPevoViaApi with a unique email from `emailPrefix`: the PEVO gets the
 * invitation email); its `email` is that address. signInInvitedPevo then opens the portal as them.
 */
export async function createPevoWithLoginViaApi(
  request: APIRequestContext,
  emailPrefix: string,
  pevo: Omit<Parameters<typeof createPevoViaApi>[1], "email">,
) {
  const email = uniqueEmail(emailPrefix);
  const created = await createPevoViaApi(request, { ...pevo, email });
  return { ...created, email };
}

/**
 * The invited PEVO's first sign-in on `page`: sets the password from the invitation
 * (acceptInvitation), signs in on /auth as a returning user does and waits for the portal (/pevo).
 */
export async function signInInvitedPevo(page: Page, email: string, password: string) {
  await acceptInvitation(page, email, password);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/pevo$/, { timeout: 20_000 });
}

/** Approved auto liability insurance through QUALIFIED_UNTIL (the office's entry) for a PEVO. */
export function addInsuranceViaApi(request: APIRequestContext, pevoId: string) {
  return apiCreate(request, `/api/pevos/${pevoId}/credentials/insurance`, {
    type: "auto_liability",
    carrier: "Interstate Mutual",
    policyNumber: `AL-${pevoId.slice(0, 8)}`,
    coverageAmount: "1000000",
    expiresOn: QUALIFIED_UNTIL,
  });
}

/** The licence and insurance expiry of a PEVO made by createPevoViaApi. */
export const QUALIFIED_UNTIL = "2035-12-31";

/**
 * A new rate confirmation of the signed-in admin's company through the API, for the company's first
 * client, with one Lead Car position (assigned to `pevoId` when given) and `chaseCars` Chase Car ones.
 */
async function firstClient(request: APIRequestContext) {
  const page = (await (await request.get("/api/clients")).json()) as {
    items: { id: string; name: string }[];
  };
  expect(page.items.length, "the company needs a client").toBeGreaterThan(0);
  return page.items[0];
}

/** The rates most journeys' rate confirmations carry ($450 a day, $1.85 a mile, …). */
const STANDARD_RATES = {
  minimumDailyRate: "450",
  mileageRate: "1.85",
  overnightRate: "125",
  noGoRate: "300",
  detentionRate: "45",
  detentionThreshold: 2,
};

export async function createRateConfirmationViaApi(
  request: APIRequestContext,
  rc: {
    /** The company's first client unless given. */
    client?: { id: string; name: string };
    description?: string;
    jobNumber: string;
    originAddress: string;
    destinationAddress: string;
    startDate: string;
    pevoId?: string;
    /** The states on the route, in order (the load details' route). */
    routeStates?: string[];
    /** How many unassigned Chase Car positions follow the Lead Car (default none). */
    chaseCars?: number;
  },
) {
  const client = rc.client ?? (await firstClient(request));
  const { pevoId, routeStates, chaseCars = 0, client: _client, ...fields } = rc;
  const created = await apiCreate<{ id: string; jobNumber: string }>(request, "/api/rate-confirmations", {
    clientId: client.id,
    description: `Oversize load ${rc.jobNumber}: 14 ft wide, two escorts required.`,
    standardRates: STANDARD_RATES,
    customRates: [],
    positions: [
      { positionType: "lead_car", pevoId: pevoId ?? null },
      ...Array.from({ length: chaseCars }, () => ({ positionType: "chase_car", pevoId: null })),
    ],
    ...(routeStates ? { loadDetails: { routeStates } } : {}),
    ...fields,
  });
  return { ...created, clientName: client.name };
}

/**
 * A completed job of the rate confirmation: Dale Driver, picked up on 2025-01-02 (unless `pickupDate`)
 * at 08:30, of no PEVO unless `pevoId`.
 */
export function createCompletedDispatchViaApi(
  request: APIRequestContext,
  rateConfirmationId: string,
  extra: { driverCompany?: string; pevoId?: string; pickupDate?: string } = {},
) {
  return apiCreate<{ id: string }>(request, "/api/dispatches", {
    rateConfirmationId,
    driverName: "Dale Driver",
    driverPhone: "(806) 555-0199",
    pickupDate: "2025-01-02",
    pickupTime: "08:30",
    status: "completed",
    ...extra,
  });
}

/**
 * A job dispatched to a PEVO (the PEVO still to accept it) on the rate confirmation: picked up on
 * `pickupDate` at 06:30, the driver's phone 806 555 0199.
 */
export function createDispatchedJobViaApi(
  request: APIRequestContext,
  job: { rateConfirmationId: string; pevoId: string; driverName: string; pickupDate: string },
) {
  return apiCreate<{ id: string }>(request, "/api/dispatches", {
    ...job,
    driverPhone: "8065550199",
    pickupTime: "06:30",
    status: "dispatched",
  });
}

/**
 * Opens an invitation (the newest one to `email`) in `page`, sets the password on /auth/reset and
 * ends signed out on /auth.
 */
export async function acceptInvitation(page: Page, email: string, password: string) {
  const mail = await latestMail(page.request, email, /invited/i);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/auth\/reset\?/, { timeout: 20_000 });
  const form = page.getByRole("form", { name: "Set your password" });
  await form.getByLabel("New Password").fill(password);
  await form.getByLabel("Confirm Password").fill(password);
  await form.getByRole("button", { name: "Set Password" }).click();
  // The invitation signs the new login in: a PEVO lands in the portal, an admin on the dashboard.
  await expect(page).toHaveURL(/\/(pevo|dashboard)$/, { timeout: 20_000 });
  // Then signed out, so that the spec signs in as a returning user does (setup.spec.ts checks the landing).
  const out = await page.request.post("/api/auth/sign-out", { headers: sameOrigin(), data: {} });
  expect(out.ok()).toBe(true);
  await page.goto("/auth");
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible({ timeout: 20_000 });
}

/** The emails to an address in the development outbox whose subject matches. */
export async function mailsTo(request: APIRequestContext, to: string, subject: RegExp) {
  const response = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  const mails = (await response.json()) as MailRow[];
  return mails.filter((m) => subject.test(m.subject));
}

// ---- Invoices, dashboards, calendar and settings ----

/** YYYY-MM-DD plus `days` calendar days (date arithmetic only: no time zone can shift it). */
export function addDaysIso(iso: string, days: number) {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * A brand-new company (signup through the API, verified from the mailbox link) whose admin then
 * signs in on `page` through the login form; `page.request` then carries the admin's session.
 */
export async function signInFreshAdmin(page: Page, request: APIRequestContext, prefix = "admin") {
  const account = await createAdmin(request, prefix);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return account;
}

/** PUTs JSON to the API with this app's Origin and expects 200 OK; returns the saved record. */
export async function apiUpdate<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.put(path, { data, headers: sameOrigin() });
  expect(response.status(), `PUT ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Picks an option of a Radix select (its trigger is a combobox) by the option's text. */
export async function chooseOption(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(trigger).toHaveText(option);
}

/** What a PDF says (its text as a viewer would copy it, and its title): the API tests' reader. */
export { readPdf } from "../../apps/server/test/pdf-text";

/** Opens the PEVO picker of a single-dispatch form, searches for `name` and returns its option. */
export async function searchDispatchPevo(page: Page, name: string) {
  await page.getByRole("combobox", { name: "PEVO (optional)", exact: true }).click();
  await page.getByRole("combobox", { name: "Search PEVOs" }).fill(name);
  return page.getByRole("option").filter({ hasText: name });
}

// ---- PEVO pay ----

/** The company's default pay plan from 60 days before `today`: $450 a job, fuel reimbursed. */
export function createPerJobPayPlanViaApi(request: APIRequestContext, today: string) {
  return apiCreate(request, "/api/pay-plans/default", {
    effectiveFrom: addDaysIso(today, -60),
    kind: "per_job",
    dayRate: "450.00",
    reimbursedExpenses: ["fuel"],
  });
}

/** A draft settlement run of a custom period (jobs not invoiced yet included). */
export function createSettlementRunViaApi(
  request: APIRequestContext,
  periodStart: string,
  periodEnd: string,
) {
  return apiCreate<{ id: string }>(request, "/api/settlements", {
    periodKind: "custom",
    periodStart,
    periodEnd,
    includeUninvoiced: true,
  });
}

/** A bonus for a PEVO on a draft settlement run. */
export function addSettlementBonusViaApi(
  request: APIRequestContext,
  settlementId: string,
  bonus: { pevoId: string; amount: string; note: string },
) {
  return apiCreate(request, `/api/settlements/${settlementId}/adjustments`, { ...bonus, kind: "bonus" });
}

/** Approves a settlement run, then marks it paid when `payment` is given (ACH on `date`, with its reference). */
export async function approveSettlementViaApi(
  request: APIRequestContext,
  settlementId: string,
  payment?: { date: string; reference: string },
) {
  const post = async (step: "approve" | "pay", data?: object) => {
    const res = await request.post(`/api/settlements/${settlementId}/${step}`, {
      data,
      headers: sameOrigin(),
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await post("approve");
  if (payment) await post("pay", { date: payment.date, method: "ach", reference: payment.reference });
}
