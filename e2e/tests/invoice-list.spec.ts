import { readFile } from "node:fs/promises";
import {
  addDaysIso,
  apiCreate,
  createCompletedDispatchViaApi,
  createRateConfirmationViaApi,
  sameOrigin,
  saveScreenshot,
  signInFreshAdmin,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * The invoice list (DECISIONS 'Long lists'): it pages, sorts and filters on the server with the view in the address
 * (status including the computed Overdue, issue date range), and the CSV export of the filtered set.
 */

type Row = { id: string; invoiceNumber: string; status: string; overdue: boolean; total: string };
type ListPage = { items: Row[]; total: number; page: number; pageSize: number };

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/** A full-page screenshot in the light theme and in the dark one. */
async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `${name}-light`, { fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await saveScreenshot(page, `${name}-dark`, { fullPage: true });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.emulateMedia({ colorScheme: "light" });
}

/** The invoice numbers in the table, top to bottom. */
const tableNumbers = (page: Page) =>
  page
    .getByRole("table", { name: "Invoices" })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => r.querySelector("td")?.textContent?.trim() ?? ""));

test("filter by status (with Overdue) and issue dates, sort, page 2, reload, export the CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInFreshAdmin(page, request, "inv-list");
  const api = page.request;
  const tag = uniqueTag().toUpperCase();
  const today = localToday();

  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `Mesa Haul ${tag}`,
  });
  const rc = await createRateConfirmationViaApi(api, {
    client,
    jobNumber: `LIST-${tag}`,
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: "2025-01-02",
    description: "Wind turbine blade, 14 ft wide, two escorts required.",
  });
  const dispatch = await createCompletedDispatchViaApi(api, rc.id, { driverCompany: "Panhandle Heavy Haul" });
  // 36 invoices, issued over January 2025, due from 18 days ago to 17 days ahead, in turn left as
  // drafts, sent, or sent and paid in full (the status follows those actions; overdue is computed).
  const statuses = ["draft", "sent", "paid", "sent", "sent", "sent"];
  for (let i = 0; i < 36; i++) {
    const status = statuses[i % statuses.length];
    const created = await apiCreate<{ id: string; total: string }>(api, "/api/invoices", {
      invoiceNumber: `L-${tag}-${String(i + 1).padStart(2, "0")}`,
      issueDate: addDaysIso("2025-01-01", i % 31),
      dueDate: addDaysIso(today, i - 18),
      dispatchId: dispatch.id,
      clientId: client.id,
      customerName: client.name,
      lineItems: [
        { date: "2025-01-02", location: "Amarillo, TX", mileage: "10", charge: `${100 + i * 7}.25` },
      ],
      allowAdditional: true,
    });
    if (status === "draft") continue;
    const sent = await api.post(`/api/invoices/${created.id}/send`, {
      data: { to: `billing-${tag.toLowerCase()}@example.test` },
      headers: sameOrigin(),
    });
    expect(sent.status(), await sent.text()).toBe(200);
    if (status === "paid") {
      await apiCreate(api, `/api/invoices/${created.id}/payments`, {
        date: "2025-01-20",
        amount: created.total,
        method: "ach",
      });
    }
  }

  await page.goto("/invoices?pageSize=10");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Showing 1–10 of 36 invoices")).toBeVisible({ timeout: 30_000 });

  // Status: Sent and Overdue (the computed one).
  await page.getByRole("button", { name: "Status: All" }).click();
  await page.getByRole("checkbox", { name: "Sent" }).click();
  await page.getByRole("checkbox", { name: "Overdue" }).click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/status=sent%2Coverdue|status=sent,overdue/);

  // Issued from Jan 3 to Jan 28, 2025.
  const issued = page.getByRole("group", { name: "Issued" });
  await issued.getByLabel("Issued from").fill("2025-01-03");
  await issued.getByLabel("to").fill("2025-01-28");
  await expect(page).toHaveURL(/issueFrom=2025-01-03/);
  await expect(page).toHaveURL(/issueTo=2025-01-28/);

  // Sort by amount, highest first (a header click sorts, the next one turns the order around).
  const table = page.getByRole("table", { name: "Invoices" });
  const amount = table.getByRole("columnheader", { name: "Amount" });
  await table.getByRole("button", { name: "Amount" }).click();
  await expect(page).toHaveURL(/sort=total/);
  await expect(amount).toHaveAttribute("aria-sort", /ascending|descending/);
  if ((await amount.getAttribute("aria-sort")) === "ascending") {
    await table.getByRole("button", { name: "Amount" }).click();
  }
  await expect(page).toHaveURL(/dir=desc/);
  await expect(amount).toHaveAttribute("aria-sort", "descending");

  const query = "status=sent,overdue&issueFrom=2025-01-03&issueTo=2025-01-28&sort=total&dir=desc&pageSize=10";
  const all = (await (
    await api.get(`/api/invoices?${query.replace("pageSize=10", "pageSize=100")}`)
  ).json()) as ListPage;
  // The same filter in JavaScript: every row is sent or overdue and issued in the range.
  expect(all.total).toBeGreaterThan(10);
  expect(all.total).toBeLessThan(36);
  for (const row of all.items) expect(row.status === "sent" || row.overdue, row.invoiceNumber).toBe(true);
  const cents = all.items.map((r) => Math.round(Number(r.total) * 100));
  expect(cents).toEqual([...cents].sort((a, b) => b - a));

  // Page 2.
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  const pageTwo = all.items.slice(10, 20).map((r) => r.invoiceNumber);
  await expect(
    page.getByText(`Showing 11–${Math.min(20, all.total)} of ${all.total} invoices`),
  ).toBeVisible();
  await expect.poll(() => tableNumbers(page)).toEqual(pageTwo);
  // An overdue invoice says so.
  const overdueRow = all.items.slice(10, 20).find((r) => r.overdue && r.status !== "overdue");
  expect(overdueRow, "page 2 has a sent invoice past due").toBeDefined();
  await expect(page.getByRole("row", { name: `Invoice ${overdueRow?.invoiceNumber}` })).toContainText(
    "SentOverdue",
  );

  // Reload: the same view.
  const url = page.url();
  await page.reload();
  await expect(page.getByText(`Showing 11–${Math.min(20, all.total)} of ${all.total} invoices`)).toBeVisible({
    timeout: 30_000,
  });
  expect(page.url()).toBe(url);
  await expect.poll(() => tableNumbers(page)).toEqual(pageTwo);
  await expect(page.getByRole("button", { name: "Status: 2 selected" })).toBeVisible();
  await expect(issued.getByLabel("Issued from")).toHaveValue("2025-01-03");
  await expect(amount).toHaveAttribute("aria-sort", "descending");

  // The screens at 1280 and 375 px, light and dark; on a phone, cards with "Load more".
  await shots(page, "invoice-list-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  const cards = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
  await expect(cards).toHaveCount(10);
  await expect(page.getByText(`Showing 10 of ${all.total} invoices`)).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards).toHaveCount(Math.min(20, all.total));
  await expect(cards.first()).toContainText(all.items[0]?.invoiceNumber ?? "");
  await shots(page, "invoice-list-375");
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, "invoice-list-375-top");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole("table", { name: "Invoices" })).toBeVisible();

  // Back: page 1 of the same filter.
  await page.goBack();
  await expect(page.getByText(`Showing 1–10 of ${all.total} invoices`)).toBeVisible();

  // The CSV: the whole filtered set (not just the page), in the list's order.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await readFile(await download.path(), "utf8");
  // A UTF-8 byte order mark first, for Excel on Windows (DECISIONS 'Invoices', Exports).
  expect(file.startsWith("\ufeff")).toBe(true);
  const csv = file.slice(1);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "Invoice Number,Client,Issue Date,Due Date,Status,Overdue,Subtotal,Tax,Total,Amount Paid,Balance,Dispatch/Job,Created",
  );
  expect(lines).toHaveLength(all.total + 1);
  expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(all.items.map((r) => r.invoiceNumber));

  // Filters that match nothing, then Clear filters.
  await page.getByRole("searchbox", { name: "Search invoice numbers" }).fill("no-such-invoice");
  await expect(page.getByText("No invoices match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page.getByText("Showing 1–25 of 36 invoices")).toBeVisible();
});
