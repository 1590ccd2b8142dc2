import {
  addDaysIso,
  apiCreate,
  browserDays,
  createPevoViaApi,
  newViewportContext,
  sameOrigin,
  saveScreenshot,
  signInAsDemoAdmin,
  signInInvitedPevo,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/** DECISIONS 'Lists keep the spec's empty texts': the PEVO portal's lists page on the server (Upcoming / Past, dates, Load more). */

test.use({ viewport: { width: 375, height: 812 } });

const PASSWORD = "portal-pass-1";
const UPCOMING = 26;
const PAST = 12;

const card = (page: Page, title: string) => page.locator("[data-slot=card]").filter({ hasText: title });
const items = (page: Page, title: string) => card(page, title).getByRole("listitem");

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name, { fullPage: true });
}

async function setDark(page: Page, darkMode: boolean) {
  const response = await page.request.put("/api/me/settings", {
    data: {
      emailNotifications: true,
      dispatchAlerts: true,
      pickupReminders: true,
      darkMode,
      locationServices: false,
    },
    headers: sameOrigin(),
  });
  expect(response.status()).toBe(200);
}

test("a PEVO with 38 dispatches: Upcoming a page at a time, Load more, Past, dates, reload keeps the tab", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = uniqueTag();
  const email = uniqueEmail("portal-lists");
  const { today } = await browserDays(page);

  // The office adds the PEVO and 38 dispatches: 26 from today on, 12 before today.
  const office = await newViewportContext(browser, 1280, 800);
  const admin = await office.newPage();
  let officeDispatchId = "";
  try {
    await signInAsDemoAdmin(admin);
    const pevo = await createPevoViaApi(admin.request, { firstName: "Lisa", lastName: `Lists${tag}`, email });
    const dispatch = (day: number, driverName: string) =>
      apiCreate<{ id: string }>(admin.request, "/api/dispatches", {
        pevoId: pevo.id,
        driverName,
        driverPhone: "8065550100",
        pickupDate: addDaysIso(today, day),
        pickupTime: "08:00",
        status: "dispatched",
      });
    for (let i = 0; i < UPCOMING; i += 1) {
      const created = await dispatch(i, `Up${String(i).padStart(2, "0")} ${tag}`);
      if (i === 0) officeDispatchId = created.id;
    }
    for (let i = 1; i <= PAST; i += 1) await dispatch(-i, `Past${String(i).padStart(2, "0")} ${tag}`);

    await signInInvitedPevo(page, email, PASSWORD);
    await setDark(page, false);

    // Upcoming: the soonest 20 first, then Load more brings the other 6.
    await page.goto("/pevo/dispatches");
    await expect(page.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true");
    const upcoming = items(page, "Upcoming Dispatches");
    await expect(upcoming).toHaveCount(20, { timeout: 20_000 });
    await expect(upcoming.first()).toContainText(`Up00 ${tag}`);
    await expect(upcoming.nth(19)).toContainText(`Up19 ${tag}`);
    await shot(page, "portal-lists-upcoming-375");
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(upcoming).toHaveCount(UPCOMING, { timeout: 20_000 });
    await expect(upcoming.last()).toContainText(`Up25 ${tag}`);
    await expect(page.getByText(`That's all ${UPCOMING} upcoming dispatches`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

    // Past: latest pickup first, in the address.
    await page.getByRole("tab", { name: "Past" }).click();
    await expect(page).toHaveURL(/\/pevo\/dispatches\?tab=past$/);
    const past = items(page, "Past Dispatches");
    await expect(past).toHaveCount(PAST, { timeout: 20_000 });
    await expect(past.first()).toContainText(`Past01 ${tag}`);
    await expect(past.last()).toContainText(`Past12 ${tag}`);
    await shot(page, "portal-lists-past-375");

    // Back returns to Upcoming, Forward to Past.
    await page.goBack();
    await expect(page).toHaveURL(/\/pevo\/dispatches$/);
    await expect(page.getByRole("tab", { name: "Upcoming" })).toHaveAttribute("aria-selected", "true", {
      timeout: 20_000,
    });
    await expect(upcoming.first()).toContainText(`Up00 ${tag}`, { timeout: 20_000 });
    await page.goForward();
    await expect(page.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
    await expect(past).toHaveCount(PAST, { timeout: 20_000 });

    // A reload keeps the tab.
    await page.reload();
    await expect(page.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
    await expect(past).toHaveCount(PAST, { timeout: 20_000 });
    await expect(past.first()).toContainText(`Past01 ${tag}`);

    // Pickup dates: 3 to 5 days ago.
    await page.getByLabel("Pickup from").fill(addDaysIso(today, -5));
    await page.getByLabel("to", { exact: true }).fill(addDaysIso(today, -3));
    await expect(page).toHaveURL(/pickupFrom=.*pickupTo=|pickupTo=.*pickupFrom=/);
    await expect(past).toHaveCount(3, { timeout: 20_000 });
    await expect(past.first()).toContainText(`Past03 ${tag}`);
    await expect(past.last()).toContainText(`Past05 ${tag}`);
    await shot(page, "portal-lists-past-dates-375");
    await page.reload();
    await expect(past).toHaveCount(3, { timeout: 20_000 });
    await page.getByRole("button", { name: "Clear dates" }).first().click();
    await expect(page).toHaveURL(/\/pevo\/dispatches\?tab=past$/);
    await expect(past).toHaveCount(PAST, { timeout: 20_000 });

    // The trip log: 23 trips, 20 at first, Load more brings the rest; 12 of them on one dispatch.
    for (let i = 0; i < 23; i += 1) {
      await apiCreate(page.request, "/api/portal/trip-logs", {
        tripDate: addDaysIso(today, -i),
        dispatchId: i < 12 ? officeDispatchId : null,
        startLocation: `Start${String(i).padStart(2, "0")} ${tag}`,
        endLocation: "Dallas, TX",
        miles: "10",
        hours: "1",
        expenses: [{ type: "fuel", amount: "2.50" }],
      });
    }
    await page.goto("/pevo/trip-log");
    const trips = page.getByRole("list", { name: "Trips" }).locator(":scope > li");
    await expect(trips).toHaveCount(20, { timeout: 20_000 });
    await expect(trips.first()).toContainText(`Start00 ${tag}`);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(trips).toHaveCount(23, { timeout: 20_000 });
    await expect(trips.last()).toContainText(`Start22 ${tag}`);
    await page.getByLabel("Trips from").fill(addDaysIso(today, -2));
    await expect(trips).toHaveCount(3, { timeout: 20_000 });
    await shot(page, "portal-lists-trip-log-375");

    // Dark, at 375 and 1280.
    await setDark(page, true);
    await page.goto("/pevo/dispatches");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/, { timeout: 20_000 });
    await expect(upcoming).toHaveCount(20, { timeout: 20_000 });
    await shot(page, "portal-lists-upcoming-dark-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(card(page, "Upcoming Dispatches").getByRole("row")).toHaveCount(21, { timeout: 20_000 });
    await shot(page, "portal-lists-upcoming-dark-1280");
    await page.goto("/pevo/trip-log");
    await expect(trips).toHaveCount(20, { timeout: 20_000 });
    await shot(page, "portal-lists-trip-log-dark-1280");
    await setDark(page, false);
    await page.goto("/pevo/dispatches?tab=past");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/, { timeout: 20_000 });
    await expect(card(page, "Past Dispatches").getByRole("row")).toHaveCount(PAST + 1, { timeout: 20_000 });
    await shot(page, "portal-lists-past-1280");

    // The office's dispatch record: 12 trips, 10 a page, the totals of all 12.
    await admin.goto(`/dispatching/${officeDispatchId}`);
    const tripCard = card(admin, "Trips the PEVO recorded");
    await expect(tripCard.getByText("Showing 1–10 of 12 trips")).toBeVisible({ timeout: 20_000 });
    await expect(tripCard.getByRole("row")).toHaveCount(12); // header, 10 trips, totals
    await expect(tripCard).toContainText("Total of all 12 trips");
    await expect(tripCard).toContainText("$30.00");
    await saveScreenshot(admin, "office-trip-log-card-1280", { fullPage: true });
    await tripCard.getByRole("button", { name: "Next page" }).click();
    await expect(tripCard.getByText("Showing 11–12 of 12 trips")).toBeVisible({ timeout: 20_000 });
    await expect(tripCard.getByRole("row")).toHaveCount(4);
    await expect(tripCard).toContainText(`Start11 ${tag}`);
  } finally {
    await office.close();
  }
});
