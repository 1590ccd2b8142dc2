import {
  addDaysIso,
  apiCreate,
  createCompletedDispatchViaApi,
  createRateConfirmationViaApi,
  latestMail,
  linkIn,
  saveScreenshot,
  signInFreshAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type Browser, expect, test } from "../support/test";

/** A page with no session at all (its own browser context), phone or desktop sized. */
async function visitor(browser: Browser, width: number) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width, height: width < 500 ? 812 : 900 },
    ...(width < 500 ? { hasTouch: true, isMobile: true } : {}),
  });
  return { context, page: await context.newPage() };
}

test("send an invoice, the client opens the link, the office records a partial and a full payment", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInFreshAdmin(page, request, "inv-pay");
  const api = page.request;
  const tag = uniqueTag().toUpperCase();
  const billing = uniqueEmail("billing");

  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `Plains Heavy Haul ${tag}`,
    email: uniqueEmail("dispatch"),
    billingEmail: billing,
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
  });
  const rc = await createRateConfirmationViaApi(api, {
    client,
    jobNumber: `PAY-${tag}`,
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: "2025-01-02",
    description: "Transformer, 16 ft wide.",
  });
  const dispatch = await createCompletedDispatchViaApi(api, rc.id);
  const invoice = await apiCreate<{ id: string; invoiceNumber: string }>(api, "/api/invoices", {
    invoiceNumber: `INV-PAY-${tag}`,
    issueDate: "2025-01-03",
    // Due in a month: not overdue (the due date is not what this journey is about).
    dueDate: addDaysIso(new Date().toISOString().slice(0, 10), 30),
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: client.name,
    customerAddress: "1200 Industrial Blvd, Amarillo, TX 79107",
    lineItems: [
      { date: "2025-01-02", location: "Amarillo, TX to Tulsa, OK", mileage: "352", charge: "651.20" },
      { date: "2025-01-03", location: "Overnight, Tulsa, OK", mileage: "0", charge: "125.00" },
    ],
  });

  // Send: the dialog defaults To to the client's billing email (not its contact email).
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByRole("heading", { name: `Invoice #${invoice.invoiceNumber}` })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("button", { name: "Send invoice" }).click();
  const dialog = page.getByRole("dialog", { name: `Send invoice ${invoice.invoiceNumber}` });
  await expect(dialog.getByLabel("To")).toHaveValue(billing);
  await dialog.getByLabel("Message").fill("Thank you for the job. Payment by ACH is welcome.");
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(`Invoice ${invoice.invoiceNumber} sent to ${billing}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();

  // The client opens the link from the email, on a phone: the invoice and its PDF, no sign-in.
  const mail = await latestMail(request, billing, new RegExp(`Invoice ${invoice.invoiceNumber}`));
  const link = linkIn(mail);
  expect(link).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
  const phone = await visitor(browser, 375);
  await phone.page.goto(link);
  const doc = phone.page.getByRole("article", { name: `Invoice ${invoice.invoiceNumber}` });
  await expect(doc).toBeVisible({ timeout: 30_000 });
  await expect(doc.getByText("Balance Due")).toBeVisible();
  await expect(doc.getByText("$776.20").first()).toBeVisible();
  // Only what concerns the client: due, never the office's Sent or Viewed.
  await expect(doc.locator("[data-slot=badge]")).toHaveText(["Due"]);
  await expect(phone.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(phone.page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /\/api\/public\/invoices\/.+\/pdf$/,
  );
  await saveScreenshot(phone.page, "public-invoice-375", { fullPage: true });

  // The office sees it viewed.
  await page.reload();
  await expect(page.getByText("Viewed", { exact: true }).first()).toBeVisible({ timeout: 20_000 });

  // A partial payment.
  const payments = page.getByRole("region", { name: "Payments" });
  await payments.getByRole("button", { name: "Record payment" }).click();
  const record = page.getByRole("dialog", { name: "Record payment" });
  await expect(record.getByLabel("Amount ($)")).toHaveValue("776.20");
  await record.getByLabel("Amount ($)").fill("300.00");
  await record.getByLabel("Reference number").fill("CHK-4471");
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(record).toBeHidden();
  await expect(page.getByText("Partially paid", { exact: true }).first()).toBeVisible();
  await expect(payments.getByText("$476.20")).toBeVisible();
  await expect(payments.getByText("Ref. CHK-4471")).toBeVisible();

  // More than the balance would be kept as the client's credit (DECISIONS 'Client credit'): the
  // dialog says so before anything is recorded, and the notice goes once the amount is the balance.
  await payments.getByRole("button", { name: "Record payment" }).click();
  await record.getByLabel("Amount ($)").fill("500.00");
  const creditNotice = record.getByRole("status");
  await expect(creditNotice).toHaveText(
    "The amount is $23.80 more than the balance: the invoice will be paid in full and $23.80 will be kept as the client's credit.",
  );

  // The rest: paid in full.
  await record.getByLabel("Amount ($)").fill("476.20");
  await expect(creditNotice).toBeHidden();
  await record.getByRole("button", { name: "Record payment" }).click();
  await expect(record).toBeHidden();
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(payments.getByRole("button", { name: "Record payment" })).toBeHidden();
  await expect(payments.getByText("$0.00")).toBeVisible();

  // The client's page says paid, with both payments.
  await phone.page.reload();
  await expect(phone.page.getByText("This invoice is paid. Thank you!")).toBeVisible({ timeout: 20_000 });
  const desktop = await visitor(browser, 1280);
  await desktop.page.goto(link);
  await expect(desktop.page.getByText("This invoice is paid. Thank you!")).toBeVisible({ timeout: 20_000 });
  await expect(
    desktop.page
      .getByRole("article", { name: `Invoice ${invoice.invoiceNumber}` })
      .locator("[data-slot=badge]"),
  ).toHaveText(["Paid"]);
  await saveScreenshot(desktop.page, "public-invoice-1280", { fullPage: true });
  await saveScreenshot(phone.page, "public-invoice-paid-375", { fullPage: true });
  await saveScreenshot(page, "office-invoice-1280", { fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(payments.getByText("Ref. CHK-4471")).toBeVisible();
  await saveScreenshot(page, "office-invoice-375", { fullPage: true });

  // A link that is not one is a clear page (the API refuses it).
  await desktop.page.goto("/i/not-a-real-token");
  await expect(desktop.page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await phone.context.close();
  await desktop.context.close();
});
