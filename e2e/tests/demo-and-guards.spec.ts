import { DEMO_ADMIN, DEMO_PEVO, signIn, submitSignIn } from "../support/helpers";
import { expect, type Page, test } from "../support/test";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test.describe("demo accounts", () => {
  test("Demo Admin fills the form and signs in to the dashboard", async ({ page }) => {
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await page.getByRole("button", { name: "Demo Admin" }).click();
    await expect(toast(page, `Form filled with ${DEMO_ADMIN.email} credentials`)).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(DEMO_ADMIN.email);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue(DEMO_ADMIN.password);
    // Filling never signs in by itself.
    await expect(page).toHaveURL(/\/auth$/);

    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(toast(page, "You are using a demo admin account")).toBeVisible();
  });

  test("Demo PEVO fills the form and signs in to the portal", async ({ page }) => {
    await page.goto("/auth");
    const form = page.getByRole("form", { name: "Sign in" });
    await page.getByRole("button", { name: "Demo PEVO" }).click();
    await expect(toast(page, `Form filled with ${DEMO_PEVO.email} credentials`)).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(DEMO_PEVO.email);
    await expect(form.getByLabel("Password", { exact: true })).toHaveValue(DEMO_PEVO.password);

    await form.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/pevo$/);
    await expect(page.getByRole("complementary", { name: "PEVO Portal navigation" })).toBeVisible();
    await expect(toast(page, "You are using a demo PEVO account")).toBeVisible();
  });
});

test.describe("guards", () => {
  test("a signed-out visit to /clients goes to /auth and back to /clients after login", async ({ page }) => {
    await page.goto("/clients");
    await expect(page).toHaveURL(/\/auth$/);
    await submitSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  });

  test("a signed-out visit to the PEVO portal goes to /auth with the PEVO login note", async ({ page }) => {
    await page.goto("/pevo/dispatches");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("The PEVO portal needs a PEVO account.")).toBeVisible();
    await submitSignIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
    await expect(page).toHaveURL(/\/pevo$/);
  });

  // public/boot.js asks for the first screen's reads before the guard has run:
  // refused signed out, those answers must not reach the same screen opened after signing in.
  test("a signed-out visit to /pevo, then sign-in: the portal's home shows the PEVO's figures", async ({
    page,
  }) => {
    await page.goto("/pevo");
    await expect(page).toHaveURL(/\/auth$/);
    await submitSignIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
    await expect(page).toHaveURL(/\/pevo$/);
    await expect(page.getByText("Upcoming Jobs").first()).toBeVisible();
    await expect(page.getByText("Profile Status")).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(page.getByText("Error loading dashboard")).toHaveCount(0);
  });

  test("a signed-out visit to /dashboard, then sign-in: the dashboard shows the company's figures", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth$/);
    await submitSignIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Recent Activity").first()).toBeVisible();
    await expect(page.getByText("Error loading dashboard")).toHaveCount(0);
  });

  test("an admin visiting /pevo is sent to /auth flagged as a PEVO login (SPEC §2)", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/pevo");
    await expect(page).toHaveURL(/\/auth$/);
    const state = await page.evaluate(() => window.history.state?.usr);
    expect(state).toEqual({ from: "/pevo", pevoLogin: true });
    await expect(page.getByText("The PEVO portal needs a PEVO account.")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "PEVO Portal navigation" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a PEVO visiting /dashboard ends on /pevo", async ({ page }) => {
    await signIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
    await expect(page).toHaveURL(/\/pevo$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/pevo$/);
    await page.goto("/clients");
    await expect(page).toHaveURL(/\/pevo$/);
    await expect(page.getByRole("complementary", { name: "PEVO Back Office navigation" })).toHaveCount(0);
  });

  test("a PEVO visiting /pevo sees the portal", async ({ page }) => {
    await signIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
    await expect(page).toHaveURL(/\/pevo$/);
    await page.goto("/pevo");
    const nav = page.getByRole("complementary", { name: "PEVO Portal navigation" });
    await expect(nav).toBeVisible();
    for (const item of ["Dashboard", "My Dispatches", "Trip Log", "My Profile", "Settings"]) {
      await expect(nav.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Profile Status")).toBeVisible();
  });

  test("a signed-in admin opening /auth goes straight to the dashboard", async ({ page }) => {
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
