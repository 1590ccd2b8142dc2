import {
  addDaysIso,
  apiCreate,
  apiUpdate,
  browserDays,
  createPevoViaApi,
  saveScreenshot,
  screenshotBothWidths,
  signInFreshAdmin,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { type APIRequestContext, expect, type Locator, type Page, test } from "../support/test";

/**
 * SPEC §2 /dashboard; DECISIONS 'Dashboards' (real figures, server-written activity) and 'Screens the
 * spec does not show' (/calendar). Each test signs up a company of its own, so its figures start at 0.
 */

const RATES = {
  minimumDailyRate: "450",
  mileageRate: "1.85",
  overnightRate: "125",
  noGoRate: "300",
  detentionRate: "45",
  detentionThreshold: 2,
};

type Rc = { id: string; jobNumber: string; originAddress: string; destinationAddress: string };
type Dispatch = { id: string; pickupDate: string; status: string };

const createClient = (request: APIRequestContext, name: string) =>
  apiCreate<{ id: string; name: string }>(request, "/api/clients", {
    name,
    contactPerson: "Rita Alvarez",
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
  });

/** For a PEVO whose licence expires before the job (to show the expiry on the calendar). */
const LICENCE_OVERRIDE = { qualificationOverride: { reason: "Renewed licence seen at the office" } };

const createRc = (
  request: APIRequestContext,
  rc: {
    clientId: string;
    jobNumber: string;
    startDate: string;
    endDate?: string;
    pevoId?: string;
    qualificationOverride?: { reason: string };
  },
) =>
  apiCreate<Rc>(request, "/api/rate-confirmations", {
    clientId: rc.clientId,
    jobNumber: rc.jobNumber,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate: rc.startDate,
    endDate: rc.endDate ?? null,
    description: "Transformer move, 16 ft wide, two escorts required.",
    standardRates: RATES,
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: rc.pevoId ?? null }],
    ...(rc.qualificationOverride ? { qualificationOverride: rc.qualificationOverride } : {}),
  });

const dispatchBody = (d: {
  rateConfirmationId: string | null;
  pevoId: string | null;
  driverName: string;
  pickupDate: string;
  pickupTime?: string;
  status: string;
  qualificationOverride?: { reason: string };
}) => ({ driverPhone: "(806) 555-0199", pickupTime: "07:45", ...d });

const createDispatch = (request: APIRequestContext, d: Parameters<typeof dispatchBody>[0]) =>
  apiCreate<Dispatch>(request, "/api/dispatches", dispatchBody(d));

/** A summary card: its title, figure and subtitle, nothing else. */
async function expectCard(page: Page, title: string, figure: number, subtitle: string) {
  const card = page
    .locator("[data-slot=card]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
  await expect(card).toHaveText(new RegExp(`^${title}\\s*${figure}\\s*${subtitle}$`));
}

async function expectCards(page: Page, figures: [number, number, number, number]) {
  await expectCard(page, "Active Jobs", figures[0], "Currently in progress");
  await expectCard(page, "PEVOs", figures[1], "Available for dispatch");
  await expectCard(page, "Pending Signatures", figures[2], "Rate confirmations awaiting signature");
  await expectCard(page, "Upcoming Jobs", figures[3], "Scheduled for this week");
}

const activityList = (page: Page) =>
  page.locator("[data-slot=card]").filter({ has: page.getByText("Recent Activity", { exact: true }) });
const activityItem = (page: Page, message: string | RegExp) =>
  activityList(page).getByRole("listitem").filter({ hasText: message });

test.describe("Dashboard", () => {
  test("journey 4: a new company's dashboard shows 0s; the figures, Upcoming Jobs and Recent Activity follow the data", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signInFreshAdmin(page, request, "dash");
    const { today } = await browserDays(page);
    const longToday = await page.evaluate(() =>
      new Date().toLocaleDateString("en-US", {
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
      }),
    );

    // A fresh company: all zero, nothing upcoming, no activity.
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(longToday, { exact: true })).toBeVisible();
    await expectCards(page, [0, 0, 0, 0]);
    await expect(page.getByText("No upcoming jobs in the next 7 days")).toBeVisible();
    await expect(page.getByText("No recent activity yet")).toBeVisible();

    // An active PEVO (and an inactive one, which does not count), a dispatched job in 2 days with a
    // rate confirmation and that PEVO, and a pending job in 10 days (neither active nor upcoming).
    const tag = uniqueTag();
    const TAG = tag.toUpperCase();
    const client = await createClient(page.request, `Lone Star Heavy Haul ${tag}`);
    const pevo = await createPevoViaApi(page.request, { firstName: "Jordan", lastName: `Reyes${tag}` });
    const pevoName = `${pevo.firstName} ${pevo.lastName}`;
    await createPevoViaApi(page.request, { firstName: "Ina", lastName: `Active${tag}`, status: "inactive" });
    const pickup = addDaysIso(today, 2);
    const rc = await createRc(page.request, {
      clientId: client.id,
      jobNumber: `DASH-${TAG}`,
      startDate: pickup,
      pevoId: pevo.id,
    });
    const dispatchFields = {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: `Dale Driver ${tag}`,
      pickupDate: pickup,
      status: "dispatched",
    };
    const dispatch = await createDispatch(page.request, dispatchFields);
    const later = await createRc(page.request, {
      clientId: client.id,
      jobNumber: `LATER-${TAG}`,
      startDate: addDaysIso(today, 10),
    });
    await createDispatch(page.request, {
      rateConfirmationId: later.id,
      pevoId: null,
      driverName: `Later Driver ${tag}`,
      pickupDate: addDaysIso(today, 10),
      status: "pending",
    });

    await page.reload();
    await expectCards(page, [1, 1, 0, 1]);

    // The Upcoming Jobs table (wide screen): Job ID, Client, Date, Status, PEVO, origin → destination, View.
    await page.setViewportSize({ width: 1600, height: 900 });
    const upcoming = page
      .locator("[data-slot=card]")
      .filter({ has: page.getByText("Upcoming Jobs", { exact: true }) });
    const table = upcoming.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Job ID",
      "Client",
      "Date",
      "Status",
      "PEVO",
      "Route",
      "Actions",
    ]);
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    const cells = rows.first().getByRole("cell");
    await expect(cells).toHaveText([
      rc.jobNumber,
      client.name,
      usDate(pickup),
      "Dispatched",
      pevoName,
      /^Amarillo, TX 79101\s*Tulsa, OK 74103$/,
      "View",
    ]);
    await expect(cells.nth(3).locator("[data-slot=badge]")).toHaveClass(/bg-blue-100/);
    await expect(cells.nth(5).getByRole("img", { name: "to" })).toBeVisible();

    // Recent Activity: the server wrote 'pevo_dispatched' (letter D; done, so no badge).
    const dispatched = activityItem(page, `${pevoName} dispatched on ${rc.jobNumber} for ${usDate(pickup)}`);
    await expect(dispatched).toHaveCount(1);
    await expect(dispatched.locator("span").first()).toHaveText("D");
    await expect(dispatched.locator("[data-slot=badge]")).toHaveCount(0);
    await expect(dispatched.locator("time")).toHaveText("just now");
    await screenshotBothWidths(page, "dashboard");

    // On a phone the jobs are cards with the same facts.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(upcoming.getByRole("table")).toHaveCount(0);
    const jobCard = upcoming.getByRole("listitem").filter({ hasText: rc.jobNumber });
    await expect(jobCard).toContainText(client.name);
    await expect(jobCard).toContainText(usDate(pickup));
    await expect(jobCard).toContainText(pevoName);
    await expect(jobCard).toContainText("Dispatched");
    await expect(jobCard.getByRole("img", { name: "to" })).toBeVisible();
    await page.setViewportSize({ width: 1600, height: 900 });

    // View opens the dispatch.
    await rows.first().getByRole("link", { name: "View" }).click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/${dispatch.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible({
      timeout: 30_000,
    });

    // The figures follow the data: an invoice (I), the job completed, an unassigned job tomorrow.
    await apiCreate(page.request, "/api/invoices", {
      invoiceNumber: `INV-DASH-${TAG}`,
      issueDate: today,
      dueDate: addDaysIso(today, 30),
      dispatchId: dispatch.id,
      customerName: client.name,
      lineItems: [{ date: pickup, location: "Amarillo, TX", mileage: "400", charge: "740" }],
    });
    await apiUpdate(page.request, `/api/dispatches/${dispatch.id}`, {
      ...dispatchBody(dispatchFields),
      status: "completed",
    });
    const tomorrow = addDaysIso(today, 1);
    await createDispatch(page.request, {
      rateConfirmationId: null,
      pevoId: null,
      driverName: `Walk-in Driver ${tag}`,
      pickupDate: tomorrow,
      status: "pending",
    });

    await page.goto("/dashboard");
    await expectCards(page, [0, 1, 0, 2]);
    await expect(rows).toHaveCount(2);
    // Ordered by pickup date; the unassigned job reads 'Not assigned' and dashes for what it lacks.
    await expect(rows.nth(0).getByRole("cell")).toHaveText([
      "-",
      "-",
      usDate(tomorrow),
      "Pending",
      "Not assigned",
      /^-\s*-$/,
      "View",
    ]);
    await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("Completed");
    const invoiced = activityItem(page, `Invoice INV-DASH-${TAG} generated for ${rc.jobNumber}`);
    await expect(invoiced).toHaveCount(1);
    await expect(invoiced.locator("span").first()).toHaveText("I");
    await expect(invoiced).toContainText("$740.00");
    // A done event carries no badge (DECISIONS 'Activity badges').
    await expect(invoiced.locator("[data-slot=badge]")).toHaveCount(0);
    // Newest first: the invoice, the dispatch, the client added first (A: a type without its own letter).
    await expect(activityList(page).getByRole("listitem").locator("p")).toHaveText([
      `Invoice INV-DASH-${TAG} generated for ${rc.jobNumber}`,
      `${pevoName} dispatched on ${rc.jobNumber} for ${usDate(pickup)}`,
      `Auto liability insurance AL-${pevo.id.slice(0, 8)} of ${pevoName} added`,
      `Client ${client.name} added`,
    ]);
    await expect(activityList(page).getByRole("listitem").last().locator("span").first()).toHaveText("A");
  });
});

/** The month view's (in-month) date cell of a day. */
function monthDay(page: Page, iso: string) {
  const day = Number(iso.slice(8, 10));
  return page
    .locator(".rbc-month-view .rbc-date-cell:not(.rbc-off-range)")
    .filter({ hasText: new RegExp(`^0?${day}$`) });
}

/** Expects a (single-day, or the start of a multi-day) event of the month view on the day `iso`: in its week row, from its column. */
async function expectOnDay(page: Page, event: Locator, iso: string) {
  const cell = monthDay(page, iso);
  await expect(cell).toHaveCount(1);
  await expect(event).toBeVisible();
  const week = cell.locator("xpath=ancestor::div[contains(concat(' ', @class, ' '), ' rbc-month-row ')][1]");
  const [cellBox, weekBox, eventBox] = await Promise.all([
    cell.boundingBox(),
    week.boundingBox(),
    event.boundingBox(),
  ]);
  expect(cellBox && weekBox && eventBox, "the day, its week and the event are on screen").toBeTruthy();
  if (!cellBox || !weekBox || !eventBox) return;
  expect(eventBox.y).toBeGreaterThanOrEqual(weekBox.y);
  expect(eventBox.y + eventBox.height).toBeLessThanOrEqual(weekBox.y + weekBox.height + 1);
  expect(eventBox.x).toBeGreaterThanOrEqual(cellBox.x - 4);
  expect(eventBox.x).toBeLessThan(cellBox.x + cellBox.width - 4);
}

/**
 * A calendar event by (part of) its tooltip: react-big-calendar puts it on the event's content in the
 * month view and all-day row, and on the event itself (after the time range) in the week's time grid.
 */
const calendarEvent = (scope: Page | Locator, title: string) =>
  scope.locator(`.rbc-event[title*="${title}"], .rbc-event:has(> [title*="${title}"])`);

/** Sets the signed-in user's saved theme (their settings) and reloads. */
async function setSavedTheme(page: Page, dark: boolean) {
  await apiUpdate(page.request, "/api/me/settings", {
    emailNotifications: true,
    dispatchAlerts: true,
    pickupReminders: true,
    darkMode: dark,
    locationServices: false,
  });
  await page.reload();
  if (dark) await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test.describe("Calendar", () => {
  test("journey 5: month and week views show pickups coloured by status, rate confirmation spans and certification expiries; prev / next / today; a click opens the dispatch", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signInFreshAdmin(page, request, "cal");
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    const TAG = tag.toUpperCase();
    // Another day of this month, some way from today.
    const otherDay = `${today.slice(0, 8)}${Number(today.slice(8)) <= 14 ? "20" : "08"}`;

    const client = await createClient(page.request, `Calendar Client ${tag}`);
    const pevo = await createPevoViaApi(page.request, {
      firstName: "Morgan",
      lastName: `Blake${tag}`,
      certificationExpiry: otherDay,
    });
    const pevoName = `${pevo.firstName} ${pevo.lastName}`;
    const rc = await createRc(page.request, {
      clientId: client.id,
      jobNumber: `CAL-${TAG}`,
      startDate: today,
      endDate: addDaysIso(today, 2),
      pevoId: pevo.id,
      ...LICENCE_OVERRIDE,
    });
    const dispatched = await createDispatch(page.request, {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: `Dale Driver ${tag}`,
      pickupDate: today,
      pickupTime: "07:45",
      status: "dispatched",
      ...LICENCE_OVERRIDE,
    });
    const other = await createRc(page.request, {
      clientId: client.id,
      jobNumber: `CALDONE-${TAG}`,
      startDate: otherDay,
    });
    await createDispatch(page.request, {
      rateConfirmationId: other.id,
      pevoId: null,
      driverName: `Done Driver ${tag}`,
      pickupDate: otherDay,
      pickupTime: "13:00",
      status: "completed",
    });

    const labels = await page.evaluate(() => {
      const now = new Date();
      const month = (offset: number) =>
        new Date(now.getFullYear(), now.getMonth() + offset, 1).toLocaleDateString("en-US", {
          month: "long",
          year: "numeric",
        });
      return { previous: month(-1), current: month(0), next: month(1) };
    });

    await page.goto("/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible({ timeout: 30_000 });
    const label = page.getByRole("heading", { level: 2 });
    await expect(label).toHaveText(labels.current);
    await expect(page.getByRole("button", { name: "month" })).toHaveAttribute("aria-pressed", "true");

    const pickupEvent = calendarEvent(page, `${rc.jobNumber} · ${pevoName}`);
    const completedEvent = calendarEvent(page, `13:00 ${other.jobNumber}`);
    const span = calendarEvent(page, `Job ${rc.jobNumber}`);
    const expiry = calendarEvent(page, `Licence expires: ${pevoName}`);

    // Pickups on their day, coloured by status (dispatched blue, completed green).
    await expect(pickupEvent).toHaveCount(1, { timeout: 30_000 });
    await expect(pickupEvent).toBeVisible();
    await expect(pickupEvent).toHaveText(`07:45 ${rc.jobNumber} · ${pevoName}`);
    await expectOnDay(page, pickupEvent, today);
    expect(await background(pickupEvent)).toBe("rgb(191, 219, 254)");
    await expect(completedEvent).toHaveCount(1);
    await expectOnDay(page, completedEvent, otherDay);
    expect(await background(completedEvent)).toBe("rgb(187, 247, 208)");

    // The rate confirmation's span starts on its start date (and spans 3 days where the week allows).
    await expect(span.first()).toBeVisible();
    await expectOnDay(page, span.first(), today);
    expect(await background(span.first())).toBe("rgb(228, 228, 231)");
    const todayCell = monthDay(page, today);
    const spanBox = await span.first().boundingBox();
    const dayBox = await todayCell.boundingBox();
    if (spanBox && dayBox && new Date(`${today}T12:00:00`).getDay() <= 4) {
      expect(spanBox.width).toBeGreaterThan(dayBox.width * 2);
    }

    // The PEVO's driver's licence expiry on its day.
    await expect(expiry).toHaveCount(1);
    await expectOnDay(page, expiry, otherDay);
    expect(await background(expiry)).toBe("rgb(254, 215, 170)");
    await expect(page.getByRole("list", { name: "Legend" })).toContainText("Credential expiry");
    // Credential expiries are all-day items the office can hide.
    const showExpiries = page.getByRole("switch", { name: "Show credential expiries" });
    await expect(showExpiries).toBeChecked();
    await showExpiries.click();
    await expect(expiry).toHaveCount(0);
    await expect(pickupEvent).toBeVisible();
    await showExpiries.press("Space");
    await expect(expiry).toHaveCount(1);
    await screenshotBothWidths(page, "calendar-month");

    // Next / Previous / Today change the period (and its label).
    await page.getByRole("button", { name: "Next" }).click();
    await expect(label).toHaveText(labels.next);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(label).toHaveText(labels.previous);
    await page.getByRole("button", { name: "Today" }).click();
    await expect(label).toHaveText(labels.current);
    await expect(pickupEvent).toBeVisible();

    // Week view: the pickup in its time slot, the span in the all-day row.
    await page.getByRole("button", { name: "week" }).click();
    await expect(page.getByRole("button", { name: "week" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator(".rbc-time-view")).toBeVisible();
    await expect(label).not.toHaveText(labels.current);
    const weekLabel = (await label.textContent()) ?? "";
    const weekView = page.locator(".rbc-time-view");
    await expect(
      calendarEvent(weekView.locator(".rbc-time-content"), `${rc.jobNumber} · ${pevoName}`),
    ).toBeVisible();
    await expect(calendarEvent(weekView.locator(".rbc-allday-cell"), `Job ${rc.jobNumber}`)).toBeVisible();
    await screenshotBothWidths(page, "calendar-week");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(label).not.toHaveText(weekLabel);
    await page.getByRole("button", { name: "Today" }).click();
    await expect(label).toHaveText(weekLabel);

    // Clicking the pickup opens the dispatch.
    await calendarEvent(weekView, `${rc.jobNumber} · ${pevoName}`).click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/${dispatched.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible({
      timeout: 30_000,
    });

    // And from the month view too.
    await page.goto("/calendar");
    await pickupEvent.click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/${dispatched.id}$`));

    // On a phone the calendar opens on the list: whole titles, each one a link.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/calendar");
    await expect(page.getByRole("button", { name: "List" })).toHaveAttribute("aria-pressed", "true");
    const agenda = page.locator(".rbc-agenda-view");
    const listed = agenda.getByRole("link", { name: `07:45 ${rc.jobNumber} · ${pevoName}` });
    await expect(listed).toBeVisible({ timeout: 30_000 });
    await expect(agenda.getByRole("link", { name: `Job ${rc.jobNumber}` }).first()).toBeVisible();
    const listedBox = await listed.boundingBox();
    expect(listedBox && listedBox.x + listedBox.width).toBeLessThanOrEqual(375);
    await saveScreenshot(page, "calendar-list-375", { fullPage: true });
    await listed.click();
    await expect(page).toHaveURL(new RegExp(`/dispatching/${dispatched.id}$`));
  });
  test("a busy day shows its first pickups and +N more (month, week, day and list views), which opens the dispatch list on that day", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    await signInFreshAdmin(page, request, "calbusy");
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    // Six pickups today: the calendar loads the first four by time; two are behind "+2 more".
    const times = ["06:00", "07:00", "08:00", "09:00", "10:00", "11:00"];
    for (const [i, time] of times.entries())
      await createDispatch(page.request, {
        rateConfirmationId: null,
        pevoId: null,
        driverName: `Busy ${tag} ${i + 1}`,
        pickupDate: today,
        pickupTime: time,
        status: "pending",
      });
    const dayName = await page.evaluate(
      (iso) => new Date(`${iso}T12:00:00`).toLocaleDateString("en-US", { month: "long", day: "numeric" }),
      today,
    );
    const more = page.getByRole("link", { name: `2 more pickups on ${dayName}`, exact: true });
    const pickupAt = (scope: Page | Locator, n: number) =>
      calendarEvent(scope, `${times[n - 1]} Busy ${tag} ${n}`);

    await page.goto("/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible({ timeout: 30_000 });
    await expect(more).toBeVisible({ timeout: 30_000 });
    await expect(more).toHaveText("+2 more");
    await expect(pickupAt(page, 1)).toBeVisible();
    await saveScreenshot(page, "calendar-month-busy-light-1280", { fullPage: true });
    await setSavedTheme(page, true);
    await expect(more).toBeVisible({ timeout: 30_000 });
    await saveScreenshot(page, "calendar-month-busy-dark-1280", { fullPage: true });
    await setSavedTheme(page, false);

    // Week view: the four loaded pickups in their slots, "+2 more" under the day's header.
    await page.getByRole("button", { name: "Week", exact: true }).click();
    const timeView = page.locator(".rbc-time-view");
    await expect(timeView).toBeVisible();
    for (const n of [1, 2, 3, 4]) await expect(pickupAt(timeView, n)).toBeVisible();
    for (const n of [5, 6]) await expect(pickupAt(timeView, n)).toHaveCount(0);
    await expect(more).toBeVisible();

    // Day view: the same day.
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await expect(page.getByRole("button", { name: "Day", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(pickupAt(timeView, 4)).toBeVisible();
    await expect(more).toBeVisible();

    // List view: "+2 more" under the day's date.
    await page.getByRole("button", { name: "List", exact: true }).click();
    await expect(
      page.locator(".rbc-agenda-view").getByRole("link", { name: `06:00 Busy ${tag} 1` }),
    ).toBeVisible();
    await expect(more).toBeVisible();

    // "+2 more" opens the dispatch list filtered to that day: all six pickups.
    await more.click();
    await expect(page).toHaveURL(new RegExp(`/dispatching\\?pickupFrom=${today}&pickupTo=${today}$`));
    await expect(page.getByRole("main").getByText(`Busy ${tag} 6`).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("main").getByText(`Busy ${tag} 1`).first()).toBeVisible();
  });
});
