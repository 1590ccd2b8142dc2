import { latestMail, linkIn, saveScreenshot, signIn, uniqueEmail } from "../support/helpers";
import { expect, test } from "../support/test";

/**
 * The company time zone (DECISIONS 'Company time zone', pickup reminders): signup stores the browser's zone, and the
 * admin changes it under Settings → Company profile. The browser here runs in America/Denver.
 */
test.use({ timezoneId: "America/Denver" });

test("signup keeps the browser's time zone; the admin changes it in Settings", async ({ page }) => {
  test.slow(); // signup, verification and a settings round trip on a busy machine
  const email = uniqueEmail("zone");
  const password = "zone-pass-12";

  await page.goto("/auth?signup=true");
  const signup = page.getByRole("form", { name: "Create an account" });
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Company Name").fill("Mountain Time Escorts");
  await signup.getByLabel("Contact Person").fill("Mona Mountain");
  await signup.getByLabel("Password", { exact: true }).fill(password);
  await signup.getByLabel("Confirm Password").fill(password);
  await signup.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();
  const verified = await page.request.get(linkIn(await latestMail(page.request, email, /verify/i)));
  expect(verified.ok()).toBe(true);

  await page.context().clearCookies();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.goto("/settings");
  const zone = page.getByRole("combobox", { name: "Time Zone" });
  await expect(zone).toHaveText("America/Denver");

  // Opened from the keyboard; the zone picked from the list.
  await zone.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: "America/Los Angeles", exact: true }).click();
  await expect(zone).toHaveText("America/Los Angeles");
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/company") && r.request().method() === "PUT",
  );
  await page.getByRole("button", { name: "Save Settings" }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Time Zone" })).toHaveText("America/Los Angeles");

  // Screenshots of the setting, light and dark, 1280 and 375 px wide.
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      const field = page.getByRole("combobox", { name: "Time Zone" });
      await field.scrollIntoViewIfNeeded();
      await expect(field).toBeVisible();
      await saveScreenshot(page, `time-zone-${theme}-${width}`);
    }
  }
});
