import { createAdmin, DEMO_ADMIN, saveScreenshot, signIn } from "../support/helpers";
import { expect, test } from "../support/test";

const NAV = ["Dashboard", "Clients", "PEVOs", "Rate Confirmations", "Dispatching", "Invoices", "Calendar"];

test.describe("desktop", () => {
  test("the sidebar lists the navigation and highlights the active page", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const sidebar = page.getByRole("complementary", { name: "PEVO Back Office navigation" });
    for (const item of [...NAV, "Settings"]) {
      await expect(sidebar.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByText("Administration")).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByRole("link", { name: "Clients", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );

    await sidebar.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(sidebar.getByRole("link", { name: "Clients", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByRole("link", { name: "Dashboard", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    // The highlight is visible, not only an attribute: the active item has a background.
    const background = (name: string) =>
      sidebar.getByRole("link", { name, exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background("Clients")).not.toBe(await background("PEVOs"));
  });

  test("Ctrl+B collapses the sidebar, and it stays collapsed after a reload", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const sidebar = page.getByRole("complementary", { name: "PEVO Back Office navigation" });
    await sidebar.getByRole("link", { name: "Clients", exact: true }).click();
    const heading = page.getByRole("heading", { level: 1, name: "Clients" });
    await expect(heading).toBeVisible();
    const clientsLabel = sidebar.getByRole("link", { name: "Clients", exact: true }).getByText("Clients");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(clientsLabel).toBeVisible();

    await heading.click();
    await page.keyboard.press("Control+B");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(page.getByRole("button", { name: "Toggle Sidebar" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    // Only the icons remain: the column is narrow and the labels are squeezed away.
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(60);
    await expect(clientsLabel).toBeHidden();
    await expect(sidebar.getByRole("link", { name: "Clients", exact: true })).toBeVisible();
    const saved = (await page.context().cookies()).find((cookie) => cookie.name === "sidebar_state");
    expect(saved?.value).toBe("false");
    // Kept for 7 days.
    const days = ((saved?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);

    await page.reload();
    await expect(heading).toBeVisible();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(clientsLabel).toBeHidden();
    await saveScreenshot(page, "clients-1280-sidebar-collapsed");

    // And back, with the trigger button this time, then Ctrl+B again.
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(clientsLabel).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === "sidebar_state")?.value).toBe("true");
    await heading.click();
    await page.keyboard.press("Control+B");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  });

  test("expanding the sidebar on a dashboard with upcoming jobs keeps the page working", async ({ page }) => {
    // The demo company has dispatches in the next 7 days, so the Upcoming Jobs table is shown.
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const heading = page.getByRole("heading", { level: 1, name: "Dashboard" });
    await expect(
      page.getByRole("main").getByRole("link", { name: "View", exact: true }).first(),
    ).toBeVisible();
    const sidebar = page.getByRole("complementary", { name: "PEVO Back Office navigation" });

    await heading.click();
    await page.keyboard.press("Control+B");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(60);
    await page.keyboard.press("Control+B");
    await page.waitForTimeout(1000); // the 200 ms width transition, and the table re-measuring itself
    await expect(page.getByText("Unexpected Application Error!"), "the app crashed").toHaveCount(0);
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeGreaterThan(200);
    await expect(heading).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "View", exact: true }).first(),
    ).toBeVisible();
  });

  test("the user menu shows the initials, My Account and Sign out", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const trigger = page.getByRole("button", { name: "User menu" });
    await expect(trigger).toHaveText(DEMO_ADMIN.email.slice(0, 2).toUpperCase());
    // The menu's code loads on its first opening (docs/performance.md): from the keyboard, that
    // opening still lands on the first item, and Escape gives the focus back to the button.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(trigger).toBeFocused();
    await trigger.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("My Account")).toBeVisible();
    await expect(menu.getByText(DEMO_ADMIN.email)).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    await menu.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a brand-new company's dashboard shows four zero cards and no upcoming jobs", async ({
    page,
    request,
  }) => {
    const admin = await createAdmin(request, "dash");
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const today = new Date().toLocaleDateString("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    await expect(page.getByText(today)).toBeVisible();

    const cards = [
      ["Active Jobs", "Currently in progress"],
      ["PEVOs", "Available for dispatch"],
      ["Pending Signatures", "Rate confirmations awaiting signature"],
      ["Upcoming Jobs", "Scheduled for this week"],
    ];
    const main = page.getByRole("main");
    for (const [title, subtitle] of cards) {
      const card = main.locator('[data-slot="card"]').filter({ hasText: subtitle });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(title);
      await expect(card.locator("p.text-2xl")).toHaveText("0");
    }
    await expect(main.getByText("No upcoming jobs in the next 7 days")).toBeVisible();
    await saveScreenshot(page, "dashboard-1280-new-company");
  });

  test("screenshots of the dashboard and clients at 1280 px", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("main").locator("p.text-2xl").first()).toHaveText(/^\d+$/);
    await expect(page.getByRole("status", { name: "Loading upcoming jobs" })).toHaveCount(0);
    await saveScreenshot(page, "dashboard-1280", { fullPage: true });

    await page.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page.getByText("List of all your client companies")).toBeVisible();
    expect(await page.getByRole("row").count()).toBeGreaterThan(1);
    await saveScreenshot(page, "clients-1280", { fullPage: true });
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu button opens the navigation panel; choosing Clients navigates and closes it", async ({
    page,
  }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // No desktop sidebar on a phone.
    await expect(page.getByRole("complementary", { name: "PEVO Back Office navigation" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, "dashboard-375", { fullPage: true });

    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "PEVO Back Office navigation" });
    await expect(panel).toBeVisible();
    for (const item of [...NAV, "Settings"]) {
      await expect(panel.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(panel.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The panel's footer: the name (or Admin User), the e-mail and a sign-out button.
    await expect(panel.getByText(DEMO_ADMIN.email)).toBeVisible();
    await expect(panel.getByRole("button", { name: "Sign out" })).toBeVisible();
    await saveScreenshot(page, "menu-375");

    await panel.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(panel).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await expect(page.getByRole("region", { name: "List of all your client companies" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, "clients-375", { fullPage: true });
  });

  test("the panel's sign-out button signs out", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "PEVO Back Office navigation" });
    await panel.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a new company's dashboard and clients on a phone", async ({ page, request }) => {
    const admin = await createAdmin(request, "phone");
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("No upcoming jobs in the next 7 days")).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "PEVO Back Office navigation" });
    // A new admin has no first and last name yet: the company's contact person is shown, not 'Admin User'.
    await expect(panel.getByText(admin.contactPerson, { exact: true })).toBeVisible();
    await expect(panel.getByText("Admin User")).toHaveCount(0);
    await panel.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(
      page.getByText('No clients found. Add your first client using the "Add New Client" button.'),
    ).toBeVisible();
    await saveScreenshot(page, "clients-375-empty");
  });
});
