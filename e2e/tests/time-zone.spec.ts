import { latestMail, linkIn, screenshotFolder, signIn, uniqueEmail } from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * The company time zone (DECISIONS 'Company time zone', 'Company set-up and logo'): signup keeps the
 * browser's zone, the owner's first sign-in shows it in the set-up to confirm (with the address,
 * phone, MC/DOT and logo), and Settings changes it with the searchable picker. The browser here
 * runs in America/Denver.
 */
test.use({ timezoneId: "America/Denver" });

/** A small logo, drawn by the browser (no binary fixture): an amber plate with the company's name. */
async function drawLogo(page: Page) {
  await page.setContent(
    `<div id="logo" style="display:inline-flex;align-items:center;gap:10px;padding:10px 16px;background:#fff;font:800 26px Arial">
       <span style="width:40px;height:40px;border-radius:8px;background:#f59e0b;display:inline-block"></span>
       <span style="color:#111">MOUNTAIN ESCORTS</span></div>`,
  );
  return page.locator("#logo").screenshot();
}

async function shoot(page: Page, name: string) {
  const dir = screenshotFolder("time-zone");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.screenshot({
        path: `${dir}/${name}-${theme}-${width}.png`,
        fullPage: true,
        style: "[data-sonner-toaster] { display: none !important; }",
      });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("signup in Denver: the set-up shows and keeps Mountain Time, takes the letterhead and a logo; Settings searches zones", async ({
  page,
}) => {
  test.setTimeout(240_000); // signup, verification, the set-up, screenshots and settings on a busy machine
  const email = uniqueEmail("zone");
  const password = "zone-pass-12";
  const logo = await drawLogo(page);

  await page.goto("/auth?signup=true");
  const signup = page.getByRole("form", { name: "Create an account" });
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Company Name").fill("Mountain Time Escorts");
  await signup.getByLabel("Contact Person").fill("Mona Mountain");
  await signup.getByLabel("Password", { exact: true }).fill(password);
  await signup.getByLabel("Confirm Password").fill(password);
  await signup.getByRole("button", { name: "Create Account" }).click();
  // SPEC §2: signup itself returns to the login tab.
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  const verified = await page.request.get(linkIn(await latestMail(page.request, email, /verify/i)));
  expect(verified.ok()).toBe(true);

  // The first sign-in: the set-up, with the browser's zone shown to confirm.
  await page.context().clearCookies();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/setup$/, { timeout: 30_000 });
  const setup = page.getByRole("form", { name: "Set up your company" });
  await expect(setup.getByRole("heading", { level: 1, name: "Set up your company" })).toBeVisible();
  const zone = setup.getByRole("combobox", { name: "Time Zone" });
  await expect(zone).toHaveText("Mountain Time — Denver");
  await expect(setup.getByText("Taken from your browser when you signed up")).toBeVisible();

  await setup.getByLabel("Company address").fill("1200 Main St\nDenver, CO 80202");
  await setup.getByLabel("Phone").fill("(303) 555-0142");
  await setup.getByLabel("MC Number").fill("MC-123456");
  await setup.getByLabel("DOT Number").fill("2345678");
  await setup.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: logo,
  });
  await expect(setup.getByRole("img", { name: "Your company logo" })).toBeVisible();
  await shoot(page, "setup");

  // The picker, opened from the keyboard: North American zones first, by their common names.
  await zone.focus();
  await page.keyboard.press("ArrowDown");
  const list = page.getByRole("listbox", { name: "time zones" });
  await expect(list.getByRole("option").first()).toHaveAccessibleName("Eastern Time — New York");
  await expect(list.getByRole("option", { name: "Mountain Time — Denver" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(list.getByRole("option", { name: "Mountain Time — Phoenix (no DST)" })).toBeVisible();
  await shoot(page, "zone-picker-open");
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(zone).toHaveText("Mountain Time — Denver");

  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/company") && r.request().method() === "PUT",
  );
  await setup.getByRole("button", { name: "Save and continue" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Kept: the zone and the letterhead are the company's; the set-up is not shown again.
  const company = await (await page.request.get("/api/company")).json();
  expect(company).toMatchObject({
    timeZone: "America/Denver",
    address: "1200 Main St\nDenver, CO 80202",
    mcNumber: "123456",
    dotNumber: "2345678",
  });
  await page.goto("/settings");
  const settingsZone = page.getByRole("combobox", { name: "Time Zone" });
  await expect(settingsZone).toHaveText("Mountain Time — Denver");
  await expect(page.getByRole("img", { name: "Your company logo" })).toBeVisible();

  // Settings: typed on the closed picker, the search narrows the list; Enter picks.
  await settingsZone.focus();
  await page.keyboard.press("l");
  const search = page.getByRole("combobox", { name: "Search time zones" });
  await expect(search).toHaveValue("l");
  await expect(search).toBeFocused();
  await page.keyboard.type("os ang");
  await expect(search).toHaveValue("los ang");
  await expect(page.getByRole("option").first()).toHaveAccessibleName("Pacific Time — Los Angeles");
  await shoot(page, "zone-picker-search");
  await page.keyboard.press("Enter");
  await expect(settingsZone).toHaveText("Pacific Time — Los Angeles");
  // Any IANA zone is there too, by its name.
  await settingsZone.click();
  await search.fill("tokyo");
  await expect(page.getByRole("option")).toHaveCount(1);
  await page.keyboard.press("Escape");
  const put = page.waitForResponse((r) => r.url().endsWith("/api/company") && r.request().method() === "PUT");
  await page.getByRole("button", { name: "Save Settings" }).click();
  expect((await put).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Time Zone" })).toHaveText("Pacific Time — Los Angeles");
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/dashboard$/);
});
