import {
  addDaysIso,
  apiCreate,
  createPevoViaApi,
  saveScreenshot,
  signInFreshAdmin,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

const STATUSES = ["pending", "dispatched", "completed", "canceled"] as const;
const SEEDED = 80;
const FIRST_DAY = "2026-02-01";

type Seed = { id: string; driverName: string; status: string; pickupDate: string; pevoId: string | null };

/** The driver names of the table's rows, top to bottom. */
const driverCells = (page: Page) =>
  page.getByRole("table", { name: "Dispatches" }).locator("tbody tr").locator("td:nth-child(2)");

/** Waits until the table shows exactly these drivers (the previous page stays while the next loads). */
async function expectDrivers(page: Page, drivers: string[]) {
  await expect(driverCells(page)).toHaveText(drivers, { timeout: 20_000 });
}

test("the office filters dispatches by status and pickup date, sorts, pages; reload keeps the view and Back returns to the previous filter", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInFreshAdmin(page, request, "disp-list");
  const tag = uniqueTag();
  const pevo = await createPevoViaApi(page.request, { firstName: "Lane", lastName: `Lister${tag}` });

  // 80 dispatches through the API: statuses cycle, pickups spread over 40 days, every 3rd unassigned.
  const seeds: Seed[] = [];
  for (let start = 0; start < SEEDED; start += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, k) => {
        const i = start + k;
        const body = {
          driverName: `Driver ${String(i).padStart(2, "0")} ${tag}`,
          driverPhone: "(806) 555-0100",
          pickupDate: addDaysIso(FIRST_DAY, i % 40),
          pickupTime: "08:00",
          status: STATUSES[i % 4],
          pevoId: i % 3 === 0 ? null : pevo.id,
        };
        return apiCreate<{ id: string }>(page.request, "/api/dispatches", body).then((d) => ({
          ...body,
          id: d.id,
        }));
      }),
    );
    seeds.push(...batch);
  }

  await page.goto("/dispatching");
  await expect(page.getByRole("heading", { level: 1, name: "Dispatching" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Showing 1–25 of ${SEEDED} dispatches`)).toBeVisible({ timeout: 20_000 });

  // Status: Pending and Dispatched.
  await page.getByRole("button", { name: "Status: All" }).click();
  await page.getByRole("checkbox", { name: "Pending" }).click();
  await expect(page).toHaveURL(/status=pending(&|$)/);
  await page.getByRole("checkbox", { name: "Dispatched" }).click();
  await expect(page).toHaveURL(/status=pending%2Cdispatched/);
  await page.keyboard.press("Escape");

  // Pickup from the first day to 29 days later (inclusive).
  const lastDay = addDaysIso(FIRST_DAY, 29);
  await page.getByLabel("Pickup from").fill(FIRST_DAY);
  await expect(page).toHaveURL(new RegExp(`pickupFrom=${FIRST_DAY}`));
  await page.getByLabel("to", { exact: true }).fill(lastDay);
  await expect(page).toHaveURL(new RegExp(`pickupTo=${lastDay}`));
  const filtered = seeds.filter(
    (s) => (s.status === "pending" || s.status === "dispatched") && s.pickupDate <= lastDay,
  );
  expect(filtered.length).toBeGreaterThan(25);
  await expect(page.getByText(`Showing 1–25 of ${filtered.length} dispatches`)).toBeVisible();
  const filterUrl = page.url();

  // Sort by driver (a click sorts descending, the next ascending), then page 2.
  const driverHeader = page.getByRole("button", { name: "Driver", exact: true });
  await driverHeader.click();
  await expect(page).toHaveURL(/sort=driverName&dir=desc/);
  await expect(page.getByRole("columnheader", { name: "Driver" })).toHaveAttribute("aria-sort", "descending");
  await driverHeader.click();
  await expect(page).toHaveURL(/sort=driverName&dir=asc/);
  const byDriver = filtered.map((s) => s.driverName).sort();
  await expectDrivers(page, byDriver.slice(0, 25));
  await expect(page.getByRole("columnheader", { name: "Driver" })).toHaveAttribute("aria-sort", "ascending");
  const sortUrl = page.url();

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectDrivers(page, byDriver.slice(25));
  await expect(
    page.getByText(`Showing 26–${filtered.length} of ${filtered.length} dispatches`),
  ).toBeVisible();
  await saveScreenshot(page, "dispatch-list-page2-1280");

  // Reload: the same address, the same rows, the same controls.
  const pageUrl = page.url();
  await page.reload();
  await expect(page).toHaveURL(pageUrl);
  await expectDrivers(page, byDriver.slice(25));
  await expect(page.getByRole("button", { name: "Status: 2 selected" })).toBeVisible();
  await expect(page.getByLabel("Pickup from")).toHaveValue(FIRST_DAY);
  await expect(page.getByLabel("to", { exact: true })).toHaveValue(lastDay);

  // The CSV link carries the same filters and sort (no page).
  const exportHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  expect(exportHref).toContain("/api/dispatches/export.csv?");
  expect(exportHref).toContain("sort=driverName");
  expect(exportHref).not.toContain("page=");
  const csv = await page.request.get(exportHref ?? "");
  expect((await csv.text()).trim().split("\n")).toHaveLength(filtered.length + 1);

  // Back: page 1 of the same sort; Back twice more: the filter before the sorts.
  await page.goBack();
  await expect(page).toHaveURL(sortUrl);
  await expectDrivers(page, byDriver.slice(0, 25));
  await page.goBack();
  await expect(page).toHaveURL(/dir=desc/);
  await expectDrivers(page, [...byDriver].reverse().slice(0, 25));
  await page.goBack();
  await expect(page).toHaveURL(filterUrl);
  await expect(page.getByText(`Showing 1–25 of ${filtered.length} dispatches`)).toBeVisible();

  // Quick tab: Unassigned (with the status filter kept); All drops it again.
  await page.getByRole("button", { name: "Unassigned", exact: true }).click();
  await expect(page).toHaveURL(/unassigned=true/);
  const unassigned = seeds.filter(
    (s) => s.pevoId === null && (s.status === "pending" || s.status === "dispatched"),
  );
  await expect(page.getByText(`of ${unassigned.length} dispatches`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unassigned", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // A search that finds nothing offers to clear the filters.
  await page.getByLabel("Search dispatches").fill(`nothing-${tag}`);
  await expect(page.getByText("No dispatches match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(/\/dispatching$/);
  await expect(page.getByText(`Showing 1–25 of ${SEEDED} dispatches`)).toBeVisible();
});
