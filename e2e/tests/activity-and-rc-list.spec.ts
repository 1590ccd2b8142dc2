import {
  apiCreate,
  apiUpdate,
  sameOrigin,
  screenshotBothWidths,
  signInFreshAdmin,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * Lists paged on the server (DECISIONS 'Long lists'): the dashboard's "View all" opens the whole activity log (/activity), read front to back
 * with "Load more"; the rate confirmation list filters by client and start date on the server, and
 * the view lives in the address (reload keeps it, Back returns to the previous filter).
 */

const activityItems = (page: Page) => page.getByRole("main").getByRole("listitem");
const listRows = (page: Page) => page.getByRole("table", { name: "Rate confirmations" }).locator("tbody tr");

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

/** Both themes: the light screenshots, then the same in dark mode. */
async function screenshotThemes(page: Page, name: string) {
  await screenshotBothWidths(page, `${name}-light`);
  await setSavedTheme(page, true);
  await screenshotBothWidths(page, `${name}-dark`);
  await setSavedTheme(page, false);
}

test("the dashboard's View all opens /activity; Load more appends older events", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInFreshAdmin(page, request, "activity");
  const tag = uniqueTag();
  // 30 events (client_added), oldest first: Client 01 … Client 30.
  for (let i = 1; i <= 30; i++) {
    await apiCreate(page.request, "/api/clients", { name: `Client ${String(i).padStart(2, "0")} ${tag}` });
  }

  await page.goto("/dashboard");
  const recent = page
    .locator("[data-slot=card]")
    .filter({ has: page.getByText("Recent Activity", { exact: true }) });
  await expect(recent.getByText(`Client 30 ${tag} added`)).toBeVisible({ timeout: 20_000 });
  await screenshotBothWidths(page, "dashboard-view-all");
  await recent.getByRole("link", { name: "View all" }).click();
  await expect(page).toHaveURL(/\/activity$/);
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();

  // Newest first, one page of 25.
  await expect(activityItems(page)).toHaveCount(25);
  await expect(activityItems(page).first()).toContainText(`Client 30 ${tag} added`);
  await expect(activityItems(page).last()).toContainText(`Client 06 ${tag} added`);
  await expect(page.getByText(`Client 05 ${tag} added`)).toHaveCount(0);
  await screenshotThemes(page, "activity-page");

  // Load more appends the older five, and then there is nothing more to load.
  await expect(activityItems(page)).toHaveCount(25);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(activityItems(page)).toHaveCount(30);
  await expect(activityItems(page).nth(24)).toContainText(`Client 06 ${tag} added`);
  await expect(activityItems(page).last()).toContainText(`Client 01 ${tag} added`);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(page.getByText("That is everything: 30 events")).toBeVisible();

  // On a phone too.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(activityItems(page)).toHaveCount(25);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(activityItems(page)).toHaveCount(30);
});

test("the rate confirmation list filters by client and start date; reload keeps the view, Back the previous", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInFreshAdmin(page, request, "rc-list");
  const tag = uniqueTag().toUpperCase();
  const north = await apiCreate<{ id: string }>(page.request, "/api/clients", { name: `North Haul ${tag}` });
  const south = await apiCreate<{ id: string }>(page.request, "/api/clients", { name: `South Haul ${tag}` });
  const make = (clientId: string, n: number, startDate: string) =>
    apiCreate<{ id: string; jobNumber: string }>(page.request, "/api/rate-confirmations", {
      clientId,
      jobNumber: `LST-${tag}-${n}`,
      originAddress: `Yard ${n}, Amarillo, TX`,
      destinationAddress: `Site ${n}, Tulsa, OK`,
      startDate,
      description: `List filter ${tag} ${n}`,
      standardRates: {
        minimumDailyRate: "450",
        mileageRate: "1.85",
        overnightRate: "125",
        noGoRate: "300",
        detentionRate: "45",
        detentionThreshold: 2,
      },
      customRates: [],
      positions: [{ positionType: "lead_car", pevoId: null }],
    });
  await make(north.id, 1, "2025-03-04");
  await make(north.id, 2, "2025-05-12");
  await make(north.id, 3, "2025-07-20");
  await make(south.id, 4, "2025-05-15");
  const canceled = await make(south.id, 5, "2025-06-01");
  const cancel = await page.request.post(`/api/rate-confirmations/${canceled.id}/cancel`, {
    headers: sameOrigin(),
  });
  expect(cancel.status()).toBe(200);

  await page.goto("/rate-confirmations");
  // Every one (the canceled one with its badge), latest start date first.
  await expect(listRows(page)).toHaveCount(5, { timeout: 20_000 });
  await expect(listRows(page).first()).toContainText(`LST-${tag}-3`);
  await expect(page.getByText("Showing 1–5 of 5 rate confirmations")).toBeVisible();
  // The signature state of each, in its own column; every column fits at 1280 px (no sideways scroll).
  await expect(page.getByRole("columnheader", { name: "Signature" })).toBeVisible();
  await expect(listRows(page).first().getByRole("cell").nth(7)).toHaveText("Not sent");
  const table = page.locator("[data-slot=table-container]");
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  // Client: North.
  await page.getByLabel("Client", { exact: true }).click();
  await page.getByRole("option", { name: `North Haul ${tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`clientId=${north.id}`));
  await expect(listRows(page)).toHaveCount(3);
  await expect(listRows(page).nth(0)).toContainText(`LST-${tag}-3`);
  await expect(listRows(page).nth(2)).toContainText(`LST-${tag}-1`);

  // Start date from May 1 to June 30 (inclusive).
  await page.getByLabel("Start date from").fill("2025-05-01");
  await expect(listRows(page)).toHaveCount(2);
  await page.getByLabel("to", { exact: true }).fill("2025-06-30");
  await expect(page).toHaveURL(/startTo=2025-06-30/);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText(`LST-${tag}-2`);
  await expect(listRows(page).first().getByRole("cell").nth(4)).toHaveText(usDate("2025-05-12"));

  // Reload: the same view, filters shown.
  await page.reload();
  await expect(listRows(page)).toHaveCount(1, { timeout: 20_000 });
  await expect(listRows(page).first()).toContainText(`LST-${tag}-2`);
  await expect(page.getByLabel("Client", { exact: true })).toHaveText(`North Haul ${tag}`);
  await expect(page.getByLabel("Start date from")).toHaveValue("2025-05-01");
  await expect(page.getByLabel("to", { exact: true })).toHaveValue("2025-06-30");
  await screenshotThemes(page, "rc-list-filtered");

  // Back: the previous filter (North, from May 1): two rows.
  await page.goBack();
  await expect(page).not.toHaveURL(/startTo=/);
  await expect(listRows(page)).toHaveCount(2);

  // Show: Canceled only.
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(listRows(page)).toHaveCount(5);
  await page.getByLabel("Show", { exact: true }).click();
  await page.getByRole("option", { name: "Canceled", exact: true }).click();
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText(`LST-${tag}-5`);
  await expect(listRows(page).first()).toContainText("Canceled");
  await page.getByLabel("Show", { exact: true }).click();
  await page.getByRole("option", { name: "Active", exact: true }).click();
  await expect(listRows(page)).toHaveCount(4);

  // Sort by job number; a second click turns the order around.
  const jobHeader = page.getByRole("button", { name: "Job Number" });
  await jobHeader.click();
  await expect(page).toHaveURL(/sort=jobNumber/);
  const firstDir = new URL(page.url()).searchParams.get("dir");
  const [asc, desc] = [`LST-${tag}-1`, `LST-${tag}-4`];
  await expect(listRows(page).first()).toContainText(firstDir === "asc" ? asc : desc);
  await jobHeader.click();
  await expect(page).toHaveURL(new RegExp(`dir=${firstDir === "asc" ? "desc" : "asc"}`));
  await expect(listRows(page).first()).toContainText(firstDir === "asc" ? desc : asc);

  // None match: the empty state offers to clear the filters.
  await page.getByRole("searchbox", { name: "Search rate confirmations" }).fill("no-such-job");
  await expect(page.getByText("No rate confirmations match these filters")).toBeVisible();
  await screenshotThemes(page, "rc-list-none-match");
});

test("a new company's rate confirmation list says there are none yet", async ({ page, request }) => {
  await signInFreshAdmin(page, request, "rc-empty");
  await page.goto("/rate-confirmations");
  await expect(page.getByText("No rate confirmations found")).toBeVisible({ timeout: 20_000 });
  await page.goto("/activity");
  await expect(page.getByText("No activity yet")).toBeVisible({ timeout: 20_000 });
  await screenshotThemes(page, "activity-empty");
});
