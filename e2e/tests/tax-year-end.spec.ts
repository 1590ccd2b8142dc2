import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { DEMO_PEVO, saveScreenshot, signIn, signInAsDemoAdmin, toastWith } from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * The W-9 and the 1099-NEC year end (DECISIONS 'Year end: W-9 and 1099-NEC'): the demo PEVO enters
 * their W-9 on a 375 px phone and uploads the signed form; the office sees the TIN masked on the
 * PEVO's page and reveals it, sets the tax year's threshold and downloads the 1099-NEC CSV.
 */

const PNG = readFileSync(resolve(import.meta.dirname, "../fixtures/photo.png"));

/** A full-page screenshot in the light theme and in the dark one. */
async function shots(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `${name}-light`, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await saveScreenshot(page, `${name}-dark`, { fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.emulateMedia({ colorScheme: "light" });
}

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the PEVO enters their W-9 under My Profile → Tax info and uploads the signed form", async ({
    page,
  }) => {
    await signIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
    await expect(page).toHaveURL(/\/pevo$/, { timeout: 20_000 });
    await page.goto("/pevo/profile");
    const card = page.locator("#tax-info");
    await expect(card.getByText("Tax info (W-9)")).toBeVisible();
    await card.getByLabel(/Legal name/).fill("Jordan Demo");
    await card.getByLabel(/Business name/).fill("Demo Pilot Cars LLC");
    await card.getByRole("combobox", { name: "Federal tax classification" }).click();
    await page.getByRole("option", { name: "Individual / sole proprietor" }).click();
    await card.getByLabel(/^Address/).fill("210 Oak Ave");
    await card.getByLabel("City").fill("Dallas");
    await card.getByRole("combobox", { name: "State" }).click();
    await page.getByRole("option", { name: "TX", exact: true }).click();
    await card.getByLabel("ZIP code").fill("75201");
    await card.getByLabel("SSN").fill("345-67-8912");
    await card.getByRole("button", { name: "Save tax info" }).click();
    await expect(toastWith(page, "Tax info saved")).toBeVisible();
    await expect(card.getByText("On file: •••-••-8912. Leave blank to keep it.")).toBeVisible();
    await expect(page.getByText("345-67-8912")).toHaveCount(0);

    await card
      .getByLabel("Signed W-9 file")
      .setInputFiles({ name: "w9-signed.png", mimeType: "image/png", buffer: PNG });
    await expect(toastWith(page, "Signed W-9 uploaded")).toBeVisible();
    await expect(card.getByText("w9-signed.png")).toBeVisible();
    await expect(card.getByText("On file", { exact: true })).toBeVisible();
    await shots(page, "tax-info-portal-375");
  });
});

test("the office reads the W-9 masked, reveals the TIN, sets the threshold and downloads the 1099-NEC CSV", async ({
  page,
}) => {
  await signInAsDemoAdmin(page);
  await page.goto("/year-end");
  await expect(page.getByRole("heading", { name: "Year end (1099-NEC)" })).toBeVisible();
  await expect(page.getByText(/^Missing W-9s \(\d+\)$/)).toBeVisible();
  await page.getByLabel("Reporting threshold ($)").fill("2000");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toastWith(page, "saved")).toBeVisible();
  await shots(page, "year-end-1280");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "1099-NEC CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^1099-nec-\d{4}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.replace(/^\uFEFF/, "").split(/\r?\n/)[0]).toBe(
    "Recipient Name,Recipient Business Name,TIN Type,Recipient TIN,Address,City,State,ZIP,Country,Email,Account Number,Box 1 Nonemployee Compensation,Box 2 Direct Sales $5000+,Box 4 Federal Income Tax Withheld,2nd TIN Notice",
  );

  // The demo PEVO's W-9 (entered in the test above, or by an earlier run) on their page.
  const pevos = await page.request.get("/api/pevos?q=pevo%40demo-escort.test");
  const id = ((await pevos.json()) as { items: { id: string }[] }).items[0]?.id;
  expect(id).toBeTruthy();
  await page.goto(`/pevos/edit/${id}#tax-info`);
  const card = page.locator("#tax-info");
  await expect(card.getByText(/On file: •••-••-\d{4}\. Leave blank to keep it\./)).toBeVisible();
  await card.getByRole("button", { name: "Reveal TIN" }).click();
  await expect(card.getByText(/^\d{3}-\d{2}-\d{4}$/)).toBeVisible();
  await card.getByRole("button", { name: "Hide" }).click();
  await expect(card.getByRole("button", { name: "Reveal TIN" })).toBeVisible();
});
