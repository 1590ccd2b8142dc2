import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  apiCreate,
  apiUpdate,
  createCompletedDispatchViaApi,
  createRateConfirmationViaApi,
  latestMail,
  linkIn,
  saveScreenshot,
  signInFreshAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type Browser, expect, type Page, test } from "../support/test";

/** A page with no session at all (its own browser context), phone or desktop sized. */
async function visitor(browser: Browser, width: number, colorScheme: "light" | "dark" = "light") {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width, height: width < 500 ? 812 : 900 },
    colorScheme,
    ...(width < 500 ? { hasTouch: true, isMobile: true } : {}),
  });
  // The theme's first-paint hint (apps/web lib/theme.tsx): a visitor has no saved settings.
  if (colorScheme === "dark") await context.addInitScript(() => localStorage.setItem("theme", "dark"));
  return { context, page: await context.newPage() };
}

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

test("a credit note on a paid invoice through the UI; the client opens it at 375 px", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInFreshAdmin(page, request, "credit-note");
  const api = page.request;
  const tag = uniqueTag().toUpperCase();
  const billing = uniqueEmail("ap");

  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `Red River Heavy Haul ${tag}`,
    email: uniqueEmail("dispatch"),
    billingEmail: billing,
    address: "400 Commerce St, Wichita Falls, TX 76301",
  });
  const rc = await createRateConfirmationViaApi(api, {
    client,
    jobNumber: `CN-${tag}`,
    originAddress: "Wichita Falls, TX",
    destinationAddress: "Oklahoma City, OK",
    startDate: "2025-01-02",
    description: "Excavator, 14 ft wide.",
  });
  const dispatch = await createCompletedDispatchViaApi(api, rc.id);
  const invoice = await apiCreate<{ id: string; invoiceNumber: string }>(api, "/api/invoices", {
    invoiceNumber: `INV-CN-${tag}`,
    issueDate: "2025-01-03",
    dueDate: addDaysIso(new Date().toISOString().slice(0, 10), 30),
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: client.name,
    customerAddress: "400 Commerce St, Wichita Falls, TX 76301",
    lineItems: [
      {
        date: "2025-01-02",
        location: "Wichita Falls, TX to Oklahoma City, OK",
        mileage: "300",
        charge: "555.00",
      },
      { date: "2025-01-03", location: "Overnight, Oklahoma City, OK", mileage: "0", charge: "125.00" },
    ],
  });
  expect((await api.post(`/api/invoices/${invoice.id}/send`, { data: { to: billing } })).status()).toBe(200);
  const paid = await api.post(`/api/invoices/${invoice.id}/payments`, {
    data: { date: "2025-01-20", amount: "680.00", method: "check", reference: "CHK-2201" },
  });
  expect(paid.status()).toBe(201);

  // The office issues a credit note for the overnight that was not owed.
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible({
    timeout: 30_000,
  });
  const card = page.getByRole("region", { name: "Credit notes" });
  await card.getByRole("button", { name: "Issue credit note" }).click();
  const dialog = page.getByRole("dialog", { name: `Issue credit note on ${invoice.invoiceNumber}` });
  // Reason is required: nothing is issued without one.
  await dialog.getByRole("button", { name: /Overnight, Oklahoma City, OK/ }).click();
  await dialog.getByRole("button", { name: "Review" }).click();
  await expect(dialog.getByText("Say why the invoice is credited")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Overnight billed but the load moved the same day");
  await expect(dialog.getByText("$125.00").first()).toBeVisible();
  await saveScreenshot(page, "credit-note-dialog-1280");
  await dialog.getByRole("button", { name: "Review" }).click();
  const review = page.getByRole("dialog", { name: "Review credit note" });
  await expect(review.getByText("Credited to the client's account", { exact: true })).toBeVisible();
  await review.getByRole("button", { name: "Issue credit note" }).click();
  await expect(page.getByText(/Credit note CN-\d{4}-0001 issued/)).toBeVisible();
  await expect(card.getByText("$125.00 credited to the client's account")).toBeVisible();
  // The paid invoice stays paid: all of it went to the client's account.
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await saveScreenshot(page, "office-invoice-credit-note-1280", { fullPage: true });
  const number = ((await card.getByText(/^CN-\d{4}-0001 ·/).textContent()) ?? "").split(" ")[0] ?? "";
  expect(number).toMatch(/^CN-\d{4}-0001$/);

  // Its PDF, kept for a look.
  const pdf = await api.get(
    (await card.getByRole("link", { name: `Download PDF of ${number}` }).getAttribute("href")) ?? "",
  );
  expect(pdf.status()).toBe(200);
  writeFileSync(resolve(test.info().project.outputDir, "screenshots", `${number}.pdf`), await pdf.body());

  // Sent to the client: the PDF and a link through the outbox.
  await card.getByRole("button", { name: "Send", exact: true }).click();
  const send = page.getByRole("dialog", { name: `Send credit note ${number}` });
  await expect(send.getByLabel("To")).toHaveValue(billing);
  await send.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(`Credit note ${number} sent to ${billing}`)).toBeVisible();

  const mail = await latestMail(request, billing, new RegExp(`Credit note ${number}`));
  const link = linkIn(mail);
  expect(link).toMatch(/\/cn\/[A-Za-z0-9_-]{43}$/);
  const phone = await visitor(browser, 375);
  await phone.page.goto(link);
  const doc = phone.page.getByRole("article", { name: `Credit note ${number}` });
  await expect(doc).toBeVisible({ timeout: 30_000 });
  await expect(doc.getByText("Credited to your account")).toBeVisible();
  await expect(doc.getByText(invoice.invoiceNumber).first()).toBeVisible();
  await expect(phone.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // Nothing of the invoice's payments or balance.
  await expect(phone.page.getByText("CHK-2201")).toHaveCount(0);
  await expect(phone.page.getByText("Balance")).toHaveCount(0);
  const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await saveScreenshot(phone.page, "public-credit-note-375", { fullPage: true });
  const phoneDark = await visitor(browser, 375, "dark");
  await phoneDark.page.goto(link);
  await expect(phoneDark.page.getByRole("article", { name: `Credit note ${number}` })).toBeVisible();
  await saveScreenshot(phoneDark.page, "public-credit-note-375-dark", { fullPage: true });
  const desktop = await visitor(browser, 1280, "dark");
  await desktop.page.goto(link);
  await expect(desktop.page.getByRole("article", { name: `Credit note ${number}` })).toBeVisible();
  await saveScreenshot(desktop.page, "public-credit-note-1280-dark", { fullPage: true });

  // The Credits notes list, from Invoices.
  await page.goto("/invoices");
  await page.getByRole("link", { name: "Credit notes" }).click();
  await expect(page.getByRole("heading", { name: "Credit notes" })).toBeVisible();
  await expect(page.getByText(number)).toBeVisible();
  await saveScreenshot(page, "credit-notes-list-1280");
  await setSavedTheme(page, true);
  await expect(page.getByText(number)).toBeVisible();
  await saveScreenshot(page, "credit-notes-list-1280-dark");
  await page.setViewportSize({ width: 375, height: 812 });
  await saveScreenshot(page, "credit-notes-list-375-dark", { fullPage: true });
  await page.goto(`/invoices/${invoice.id}`);
  await expect(card.getByText("$125.00 credited to the client's account")).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, "office-invoice-credit-note-375-dark", { fullPage: true });
  await setSavedTheme(page, false);
  await expect(card.getByText("$125.00 credited to the client's account")).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, "office-invoice-credit-note-375", { fullPage: true });
  await phone.context.close();
  await phoneDark.context.close();
  await desktop.context.close();
});
