import {
  apiCreate,
  browserDays,
  createPevoViaApi,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  pickDate,
  saveScreenshot,
  signInAsDemoAdmin,
  signInInvitedPevo,
  toastWith,
  uniqueEmail,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { type Browser, expect, type Locator, type Page, test } from "../support/test";

/** SPEC §2 'PEVO portal'; DECISIONS 'Dashboards' (PEVO), 'Screens the spec does not show' (Trip Log, settings). */

test.use({ viewport: { width: 375, height: 812 } });

const DEMO_COMPANY = "Demo Escort Services";
const PASSWORD = "portal-pass-1";

/** Goes to a portal page through the phone's slide-out navigation. */
async function openFromMenu(page: Page, item: string, heading: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: item, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

/** A value in a details list (dt / dd). */
const detail = (scope: Page | Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);
const card = (page: Page, text: string) => page.locator("[data-slot=card]").filter({ hasText: text });
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("dark"));
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** A full-page screenshot from the top (a sticky header would otherwise sit mid-page). */
async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name, { fullPage });
}

/** The demo admin in a browser context of their own (desktop size). */
async function adminSession(browser: Browser) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 1280, height: 720 },
  });
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  return { context, page };
}

test("journey 2: the assigned PEVO works from a phone: dashboard, dispatches, trip log, profile, settings and dark mode", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const admin = await adminSession(browser);
  try {
    const { today, yesterday } = await browserDays(page);
    const tag = uniqueTag();
    const TAG = tag.toUpperCase();

    // The office adds a PEVO with a login and dispatches them on a job of today; a completed job of
    // yesterday (without a rate confirmation) is theirs too.
    const pevo = await createPevoWithLoginViaApi(admin.page.request, "portal-pevo", {
      firstName: "Jordan",
      lastName: `Portal${tag}`,
      phone: "(806) 555-0100",
      licenseNumber: `LIC-${TAG}`,
    });
    const { email } = pevo;
    const pevoName = `${pevo.firstName} ${pevo.lastName}`;
    const job = {
      jobNumber: `PTL-${TAG}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Oklahoma City, OK 73102",
      startDate: today,
      pevoId: pevo.id,
    };
    const rc = await createRateConfirmationViaApi(admin.page.request, job);
    const driver = `Dale Driver${tag}`;
    const notes = "Meet at the north gate. Permits are in the cab.";
    await apiCreate(admin.page.request, "/api/dispatches", {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: driver,
      driverPhone: "8065550199",
      driverCompany: "Panhandle Heavy Haul",
      pickupDate: today,
      pickupTime: "06:30",
      notes,
      status: "dispatched",
    });
    const pastDriver = `Pat Earlier${tag}`;
    await apiCreate(admin.page.request, "/api/dispatches", {
      pevoId: pevo.id,
      driverName: pastDriver,
      driverPhone: "8065550142",
      pickupDate: yesterday,
      pickupTime: "14:00",
      status: "completed",
    });

    // The PEVO sets a password from the invitation and signs in on the phone.
    await signInInvitedPevo(page, email, PASSWORD);

    // Dashboard: today's date, their figures, the job in the upcoming list.
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const longToday = await page.evaluate(() =>
      new Date().toLocaleDateString("en-US", {
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
      }),
    );
    await expect(page.getByText(longToday, { exact: true })).toBeVisible();
    const stat = (subtitle: string) => card(page, subtitle).getByText(/^\d+$/);
    await expect(stat("In the next 7 days")).toHaveText("1", { timeout: 20_000 });
    await expect(card(page, "In the next 7 days")).toContainText("Upcoming Jobs");
    await expect(stat("In the last 30 days")).toHaveText("1");
    await expect(card(page, "In the last 30 days")).toContainText("Completed Jobs");
    await expect(card(page, "Your PEVO status")).toContainText("Profile Status");
    await expect(card(page, "Your PEVO status").locator("[data-slot=badge]")).toHaveText("Active");

    const upcoming = card(page, "Your next pickups").getByRole("listitem");
    await expect(upcoming).toHaveCount(1);
    await expect(upcoming).toContainText("Job #");
    await expect(upcoming).toContainText(job.jobNumber);
    await expect(upcoming).toContainText(usDate(today));
    await expect(upcoming).toContainText("6:30 AM");
    await expect(upcoming.locator("[data-slot=badge]")).toHaveText("Dispatched");
    await expect(upcoming).toContainText("Amarillo, TX → Oklahoma City, OK");
    await expect(upcoming.getByRole("link", { name: `Details of job ${job.jobNumber}` })).toBeVisible();
    await expect(card(page, "Recent Activity")).toContainText(`dispatched on ${job.jobNumber}`);
    await shot(page, "portal-dashboard-375");

    // The phone's navigation drawer.
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    for (const item of ["Dashboard", "My Dispatches", "Trip Log", "My Profile", "Settings"]) {
      await expect(drawer.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(drawer).toContainText(pevoName);
    await expect(drawer).toContainText(email);
    await expect(drawer.getByRole("button", { name: "Sign out" })).toBeVisible();
    await shot(page, "portal-drawer-375", false);
    await drawer.getByRole("link", { name: "My Dispatches", exact: true }).click();

    // My Dispatches: today's job under Upcoming, yesterday's under Past.
    await expect(page).toHaveURL(/\/pevo\/dispatches$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Dispatches" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true");
    const assigned = card(page, "Upcoming Dispatches").getByRole("listitem");
    await expect(assigned).toHaveCount(1, { timeout: 20_000 });
    await expect(assigned.nth(0)).toContainText(job.jobNumber);
    await expect(assigned.nth(0)).toContainText(driver);
    await expect(assigned.nth(0)).toContainText("Amarillo, TX → Oklahoma City, OK");
    await expect(assigned.nth(0).locator("[data-slot=badge]")).toHaveText("Dispatched");
    await shot(page, "portal-dispatches-375");
    await page.getByRole("tab", { name: "Past" }).click();
    await expect(page).toHaveURL(/\/pevo\/dispatches\?tab=past$/);
    const past = card(page, "Past Dispatches").getByRole("listitem");
    await expect(past).toHaveCount(1, { timeout: 20_000 });
    await expect(past.nth(0)).toContainText(pastDriver);
    await expect(past.nth(0)).toContainText(usDate(yesterday));
    await expect(past.nth(0).locator("[data-slot=badge]")).toHaveText("Completed");
    await page.getByRole("tab", { name: "Upcoming" }).click();
    await expect(page).toHaveURL(/\/pevo\/dispatches$/);

    // Details: what they need on the road.
    await assigned
      .nth(0)
      .getByRole("link", { name: `Details of job ${job.jobNumber}` })
      .click();
    await expect(page).toHaveURL(/\/pevo\/dispatches\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `Job #${job.jobNumber}` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText("Amarillo, TX → Oklahoma City, OK", { exact: true })).toBeVisible();
    await expect(detail(page, "Date")).toHaveText(usDate(today));
    await expect(detail(page, "Time")).toHaveText("6:30 AM");
    await expect(detail(page, "Your position")).toHaveText("Lead Car");
    await expect(detail(page, "Client")).toHaveText(rc.clientName);
    await expect(detail(page, "Name")).toHaveText(driver);
    await expect(detail(page, "Company")).toHaveText("Panhandle Heavy Haul");
    const call = page.getByRole("link", { name: `Call ${driver}` });
    await expect(call).toHaveText("(806) 555-0199");
    await expect(call).toHaveAttribute("href", "tel:+18065550199");
    await expect(detail(page, "Origin")).toHaveText(job.originAddress);
    await expect(detail(page, "Destination")).toHaveText(job.destinationAddress);
    await expect(detail(page, "Notes")).toHaveText(notes);
    await shot(page, "portal-dispatch-details-375");
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/pevo\/dispatches$/);

    // Trip Log: empty, then record a trip.
    await openFromMenu(page, "Trip Log", "Trip Log");
    await expect(page.getByText("No trip logs have been recorded yet", { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("button", { name: "New Trip Entry" })).toBeVisible();
    await shot(page, "portal-trip-log-empty-375");
    await page.getByRole("button", { name: "Record Your First Trip" }).click();
    const sheet = page.getByRole("dialog", { name: "New Trip Entry" });
    await expect(sheet).toBeVisible();
    const tripDate = sheet.getByLabel("Date", { exact: true });
    await expect(tripDate).toHaveText(usDate(today));
    await pickDate(page, tripDate, yesterday);
    const dispatchPicker = sheet.getByRole("combobox", { name: "Dispatch (optional)" });
    const dispatchOption = `${job.jobNumber} — ${usDate(today)}`;
    await dispatchPicker.click();
    await page.getByRole("option", { name: dispatchOption, exact: true }).click();
    await expect(dispatchPicker).toHaveText(dispatchOption);
    await sheet.getByLabel("Start Location").fill("Amarillo, TX");
    await sheet.getByLabel("End Location").fill("Oklahoma City, OK");
    await sheet.getByLabel("Miles").fill("259.5");
    await sheet.getByLabel("Hours").fill("4.75");
    await sheet.getByLabel("Notes").fill("Construction zone near Shamrock.");
    await sheet.getByRole("button", { name: "Add Expense" }).click();
    const expenseType = sheet.getByRole("combobox", { name: "Expense 1 type" });
    await expect(expenseType).toHaveText("Fuel");
    await expenseType.click();
    await page.getByRole("option", { name: "Tolls", exact: true }).click();
    await expect(expenseType).toHaveText("Tolls");
    await sheet.getByLabel("Expense 1 amount").fill("12.50");
    await expect(sheet).toContainText("Total $12.50");
    await shot(page, "portal-trip-form-375");
    await sheet.getByRole("button", { name: "Save Entry" }).click();
    await expect(toastWith(page, "Trip entry saved")).toBeVisible({ timeout: 20_000 });
    await expect(sheet).toBeHidden();

    const trips = page.getByRole("main").getByRole("listitem");
    await expect(trips).toHaveCount(1);
    const trip = trips.first();
    await expect(trip).toContainText(usDate(yesterday));
    await expect(trip).toContainText(`Job #${job.jobNumber}`);
    await expect(trip).toContainText("Amarillo, TX → Oklahoma City, OK");
    await expect(trip).toContainText(/Miles\s*259\.5/);
    await expect(trip).toContainText(/Hours\s*4\.75/);
    await expect(trip).toContainText(/Expenses\s*\$12\.50/);
    await expect(trip).toContainText("Tolls $12.50");
    await expect(trip).toContainText("Construction zone near Shamrock.");
    await shot(page, "portal-trip-log-375");

    // Edit it.
    await trip.getByRole("button", { name: "Edit" }).click();
    const editSheet = page.getByRole("dialog", { name: "Edit Trip Entry" });
    await expect(editSheet).toBeVisible();
    await expect(editSheet.getByLabel("Miles")).toHaveValue("259.5");
    await expect(editSheet.getByRole("combobox", { name: "Dispatch (optional)" })).toHaveText(dispatchOption);
    await editSheet.getByLabel("Miles").fill("260");
    await editSheet.getByRole("button", { name: "Add Expense" }).click();
    const secondType = editSheet.getByRole("combobox", { name: "Expense 2 type" });
    await secondType.click();
    await page.getByRole("option", { name: "Lodging", exact: true }).click();
    await expect(secondType).toHaveText("Lodging");
    await editSheet.getByLabel("Expense 2 amount").fill("89.99");
    await editSheet.getByRole("button", { name: "Update Entry" }).click();
    await expect(toastWith(page, "Trip entry updated")).toBeVisible({ timeout: 20_000 });
    await expect(editSheet).toBeHidden();
    await expect(trip).toContainText(/Miles\s*260(?!\.)/);
    await expect(trip).toContainText(/Expenses\s*\$102\.49/);
    await expect(trip).toContainText("Tolls $12.50 · Lodging $89.99");

    // Delete it, after confirming (Cancel keeps it).
    await trip.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Delete trip entry");
    await expect(confirm).toContainText("Amarillo, TX → Oklahoma City, OK");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(trips).toHaveCount(1);
    await trip.getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "Trip entry deleted")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("No trip logs have been recorded yet", { exact: true })).toBeVisible();

    // My Profile: change the phone; the button reads Saving... while the save is on its way.
    await openFromMenu(page, "My Profile", "My Profile");
    const phone = page.getByLabel("Phone Number", { exact: true });
    await expect(phone).toHaveValue("(806) 555-0100", { timeout: 20_000 });
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue(pevo.firstName);
    await expect(page.getByLabel("License Number", { exact: true })).toHaveValue(`LIC-${TAG}`);
    await shot(page, "portal-profile-375");
    const newPhone = "(806) 555-0123";
    await phone.fill(newPhone);
    // Hold the save back a moment so the pending state can be seen.
    await page.route("**/api/portal/profile", async (route) => {
      if (route.request().method() === "PUT") await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeVisible();
    await expect(toastWith(page, "Profile updated successfully")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
    await page.unroute("**/api/portal/profile");

    // The office's PEVO screen shows the new phone.
    await admin.page.goto(`/pevos/edit/${pevo.id}`);
    await expect(admin.page.getByLabel("Phone", { exact: true })).toHaveValue(newPhone, { timeout: 20_000 });

    // Settings: read-only account facts and the five toggles with the spec's defaults.
    await openFromMenu(page, "Settings", "Settings");
    const readOnly = [
      ["Email", email],
      ["Company Name", DEMO_COMPANY],
      ["Contact Name", pevoName],
      ["Role", "PEVO"],
    ] as const;
    for (const [label, value] of readOnly) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveValue(value, { timeout: 20_000 });
      await expect(field).toHaveAttribute("readonly", "");
    }
    const toggle = (label: string) => page.getByRole("switch", { name: new RegExp(`^${label}`) });
    const defaults = [
      ["Email Notifications", "true"],
      ["Dispatch Alerts", "true"],
      ["Pickup Reminders", "true"],
      ["Dark Mode", "true"],
      ["Location Services", "false"],
    ] as const;
    for (const [label, checked] of defaults) {
      await expect(toggle(label)).toHaveAttribute("aria-checked", checked);
    }
    // Dark mode is on by default: the whole portal is dark.
    expect(await isDark(page)).toBe(true);
    const darkBackground = await bodyBackground(page);
    await shot(page, "portal-dark-375");

    // Flip two toggles (each saved at once); after a reload they stayed.
    const saved = () =>
      page.waitForResponse(
        (r) => r.request().method() === "PUT" && new URL(r.url()).pathname === "/api/me/settings" && r.ok(),
      );
    let save = saved();
    await toggle("Dark Mode").click();
    await save;
    await expect(toggle("Dark Mode")).toHaveAttribute("aria-checked", "false");
    expect(await isDark(page)).toBe(false);
    expect(await bodyBackground(page)).not.toBe(darkBackground);
    await shot(page, "portal-light-375");
    save = saved();
    await toggle("Pickup Reminders").click();
    await save;
    await expect(toggle("Pickup Reminders")).toHaveAttribute("aria-checked", "false");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible({ timeout: 20_000 });
    await expect(toggle("Pickup Reminders")).toHaveAttribute("aria-checked", "false", { timeout: 20_000 });
    await expect(toggle("Dark Mode")).toHaveAttribute("aria-checked", "false");
    await expect(toggle("Email Notifications")).toHaveAttribute("aria-checked", "true");
    await expect(toggle("Dispatch Alerts")).toHaveAttribute("aria-checked", "true");
    await expect(toggle("Location Services")).toHaveAttribute("aria-checked", "false");
    expect(await isDark(page)).toBe(false);

    // The theme is the whole portal's: the dashboard is light now, and dark again once switched back.
    await openFromMenu(page, "Dashboard", "Dashboard");
    expect(await isDark(page)).toBe(false);
    const lightBackground = await bodyBackground(page);
    await shot(page, "portal-dashboard-light-375");
    await openFromMenu(page, "Settings", "Settings");
    save = saved();
    await toggle("Dark Mode").click();
    await save;
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await openFromMenu(page, "My Dispatches", "My Dispatches");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await bodyBackground(page)).not.toBe(lightBackground);
    await expect(card(page, "Upcoming Dispatches").getByRole("listitem")).toHaveCount(1, {
      timeout: 20_000,
    });
    await shot(page, "portal-dispatches-dark-375");
  } finally {
    await admin.context.close();
  }
});

test("a PEVO stays out of the admin area: /dashboard ends on /pevo and admin endpoints answer 403", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await adminSession(browser);
  const email = uniqueEmail("portal-guard");
  try {
    await createPevoViaApi(admin.page.request, {
      firstName: "Quinn",
      lastName: `Guard${uniqueTag()}`,
      email,
    });
  } finally {
    await admin.context.close();
  }
  await signInInvitedPevo(page, email, PASSWORD);
  // No dispatches yet: the spec's empty text.
  await expect(page.getByText("No upcoming jobs assigned to you at the moment", { exact: true })).toBeVisible(
    {
      timeout: 20_000,
    },
  );

  for (const path of ["/dashboard", "/dispatching", "/pevos"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/pevo$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  }
  expect((await page.request.get("/api/dispatches")).status()).toBe(403);
  expect((await page.request.get("/api/pevos")).status()).toBe(403);
  expect((await page.request.get("/api/portal/dispatches")).status()).toBe(200);

  await openFromMenu(page, "My Dispatches", "My Dispatches");
  await expect(page.getByText("No upcoming dispatches assigned to you", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
});
