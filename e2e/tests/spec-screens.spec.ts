/**
 * Where the screens differed from SPEC.md, and asking before discarding unsaved changes.
 */

import {
  addDaysIso,
  apiCreate,
  browserDays,
  createAdmin,
  createRateConfirmationViaApi,
  DEMO_ADMIN,
  DEMO_PEVO,
  saveScreenshot,
  signIn,
  signInFreshAdmin,
  uniqueTag,
} from "../support/helpers";
import { allowConsole, expect, type Page, test } from "../support/test";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("the email callback without a session shows the error and a way back to login", async ({ page }) => {
  await page.goto("/auth/callback");
  await expect(page.getByRole("alert")).toHaveText("An unexpected error occurred");
  await expect(page.getByText("Email verified successfully!")).toHaveCount(0);
  await page.getByRole("link", { name: "Return to login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("signing in shows 'Successfully signed in' (SPEC §4)", async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(toast(page, "Successfully signed in")).toBeVisible();
  await expect(toast(page, "Login successful!")).toHaveCount(0);
});

test("an unknown path answers 404; Return to Dashboard goes to the visitor's home", async ({ page }) => {
  // The server answers 404 for these on purpose: Chromium logs each.
  allowConsole(/^error: Failed to load resource: .*status of 404 .* @ \S+\/(no-such-page|nowhere\/at\/all)$/);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await saveScreenshot(page, "spec-404-1280");
  // Signed out: to the login screen.
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // A known screen answers 200.
  expect((await page.goto("/auth"))?.status()).toBe(200);

  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/nowhere/at/all");
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a PEVO's Return to Dashboard goes to /pevo", async ({ page }) => {
  await signIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
  await expect(page).toHaveURL(/\/pevo$/);
  allowConsole(/^error: Failed to load resource: .*status of 404 .* @ \S+\/pevo\/nothing-here$/);
  await page.goto("/pevo/nothing-here");
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/pevo$/);
});

test("a signed-in visitor of / sees Open your dashboard instead of Login / Get Started / Join Waitlist", async ({
  page,
  request,
}) => {
  const admin = await createAdmin(request, "landing");
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Get Started" })).toHaveCount(0);
  const hero = page.getByRole("region", { name: "Hero" });
  await expect(hero.getByRole("link", { name: "Join Waitlist" })).toHaveCount(0);
  await expect(hero.getByRole("link", { name: "Open your dashboard" })).toHaveAttribute("href", "/dashboard");
  await header.getByRole("link", { name: "Open your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the dashboard's Upcoming Jobs is a table at 1280 px and cards at 375 px", async ({ page, request }) => {
  await signInFreshAdmin(page, request, "table");
  const { today } = await browserDays(page);
  const tag = uniqueTag();
  await apiCreate(page.request, "/api/clients", { name: `Panhandle Heavy Haul ${tag}` });
  const rc = await createRateConfirmationViaApi(page.request, {
    jobNumber: `TBL-${tag.toUpperCase()}`,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate: addDaysIso(today, 1),
  });
  await apiCreate(page.request, "/api/dispatches", {
    rateConfirmationId: rc.id,
    pevoId: null,
    driverName: `Dale Driver ${tag}`,
    driverPhone: "(806) 555-0199",
    pickupDate: addDaysIso(today, 1),
    pickupTime: "07:45",
    status: "pending",
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  const upcoming = page
    .locator("[data-slot=card]")
    .filter({ has: page.getByText("Upcoming Jobs", { exact: true }) })
    .last();
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
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr").getByRole("cell").nth(4)).toHaveText("Not assigned");
  await saveScreenshot(page, "spec-dashboard-table-1280-light", { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await saveScreenshot(page, "spec-dashboard-table-1280-dark", { fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(upcoming.getByRole("table")).toHaveCount(0);
  await expect(upcoming.getByRole("listitem").filter({ hasText: rc.jobNumber })).toBeVisible();
});

test("the invitation page's button reads Set Password", async ({ page }) => {
  await page.goto("/auth/reset?token=anything&invite=1");
  const form = page.getByRole("form", { name: "Set your password" });
  await expect(form.getByRole("button", { name: "Set Password" })).toBeVisible();
  await expect(form.getByRole("button", { name: "Reset Password" })).toHaveCount(0);
  // A forgotten password keeps Reset Password.
  await page.goto("/auth/reset?token=anything");
  await expect(page.getByRole("button", { name: "Reset Password" })).toBeVisible();
});

test.describe("unsaved changes", () => {
  test("typing in the client dialog, then clicking outside, asks before discarding", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/clients");
    await page.getByRole("button", { name: "Add New Client" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Client" });
    await dialog.getByLabel("Company Name").fill("Half Typed Hauling");

    // Outside the dialog (the overlay).
    await page.mouse.click(5, 5);
    const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await expect(ask).toBeVisible();
    await saveScreenshot(page, "spec-discard-prompt-375");
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await expect(ask).toBeHidden();
    await expect(dialog.getByLabel("Company Name")).toHaveValue("Half Typed Hauling");

    // Escape asks too; Cancel asks; Discard closes.
    await page.keyboard.press("Escape");
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Discard" }).click();
    await expect(dialog).toBeHidden();

    // An untouched dialog closes without asking.
    await page.getByRole("button", { name: "Add New Client" }).click();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(ask).toHaveCount(0);
  });

  test("leaving a dirty form page asks; Keep editing stays; after a save it does not ask", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/pevos/new");
    await page.getByLabel("First Name").fill("Una");
    await page.getByLabel("Last Name").fill(`Saved${uniqueTag()}`);

    await page.getByRole("button", { name: "Cancel" }).click();
    const ask = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await expect(page).toHaveURL(/\/pevos\/new$/);
    await expect(page.getByLabel("First Name")).toHaveValue("Una");

    await page.getByRole("link", { name: "Clients", exact: true }).first().click();
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(/\/clients$/);

    // A successful save leaves without asking.
    await page.goto("/pevos/new");
    await page.getByLabel("First Name").fill("Una");
    await page.getByLabel("Last Name").fill(`Saved${uniqueTag()}`);
    await page.getByRole("button", { name: "Add PEVO" }).click();
    await expect(page).toHaveURL(/\/pevos$/);
    await expect(ask).toHaveCount(0);
  });
});
