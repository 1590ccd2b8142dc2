import { readFile } from "node:fs/promises";
import {
  addDaysIso,
  apiCreate,
  createCompletedDispatchViaApi,
  createRateConfirmationViaApi,
  sameOrigin,
  screenshotBothWidths,
  signInFreshAdmin,
  uniqueTag,
} from "../support/helpers";
import { expect, test } from "../support/test";

/**
 * Receivables (DECISIONS 'Invoices'): invoices created and sent through the API, one paid in part, show up on Receivables
 * in the right aging buckets; the QuickBooks CSV downloads with QuickBooks' columns.
 */
test("Receivables shows the aging buckets and downloads the QuickBooks CSV", async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInFreshAdmin(page, request, "receivables");
  const api = page.request;
  const tag = uniqueTag().toUpperCase();
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  });
  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `Aging Haul ${tag}`,
  });
  const rc = await createRateConfirmationViaApi(api, {
    client,
    jobNumber: `AGE-${tag}`,
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: "2025-01-02",
    description: "Wind turbine blade.",
  });
  const dispatch = await createCompletedDispatchViaApi(api, rc.id, { driverCompany: "Panhandle Heavy Haul" });
  // Due in 5 days (current), 10 days ago (1–30), 45 days ago (31–60, 50.00 paid of 200.00).
  const invoices: [number, string][] = [
    [5, "300.00"],
    [-10, "100.00"],
    [-45, "200.00"],
  ];
  const ids: string[] = [];
  for (const [i, [due, charge]] of invoices.entries()) {
    const created = await apiCreate<{ id: string }>(api, "/api/invoices", {
      invoiceNumber: `AG-${tag}-${i + 1}`,
      issueDate: addDaysIso(today, due - 30),
      dueDate: addDaysIso(today, due),
      dispatchId: dispatch.id,
      clientId: client.id,
      customerName: client.name,
      lineItems: [{ date: "2025-01-02", location: "Amarillo, TX", mileage: "10", charge }],
      allowAdditional: true,
    });
    const sent = await api.post(`/api/invoices/${created.id}/send`, {
      data: { to: `billing-${tag.toLowerCase()}@example.test` },
      headers: sameOrigin(),
    });
    expect(sent.status(), await sent.text()).toBe(200);
    ids.push(created.id);
  }
  await apiCreate(api, `/api/invoices/${ids[2]}/payments`, { date: today, amount: "50.00", method: "check" });
  // An invoice without a client (a customer typed on it): its own row, current, 20.00.
  const walkIn = await apiCreate<{ id: string }>(api, "/api/invoices", {
    invoiceNumber: `AG-${tag}-W`,
    issueDate: today,
    dueDate: addDaysIso(today, 5),
    dispatchId: dispatch.id,
    customerName: `Walk-in ${tag}`,
    lineItems: [{ date: "2025-01-02", location: "Amarillo, TX", mileage: "0", charge: "20.00" }],
    allowAdditional: true,
  });
  const walkInSent = await api.post(`/api/invoices/${walkIn.id}/send`, {
    data: { to: `walk-in-${tag.toLowerCase()}@example.test` },
    headers: sameOrigin(),
  });
  expect(walkInSent.status(), await walkInSent.text()).toBe(200);

  await page.goto("/receivables");
  const table = page.getByRole("table", { name: "Receivables" });
  const row = table.getByRole("row", { name: `Open invoices of ${client.name}` });
  await expect(row).toContainText(client.name);
  const cells = row.locator("td");
  // Client, Oldest Due, Invoices, Current, 1–30, 31–60, 61–90, Over 90, Balance.
  await expect(cells.nth(2)).toHaveText("3");
  await expect(cells.nth(3)).toHaveText("$300.00");
  await expect(cells.nth(4)).toHaveText("$100.00");
  await expect(cells.nth(5)).toHaveText("$150.00");
  await expect(cells.nth(6)).toHaveText("-");
  await expect(cells.nth(8)).toHaveText("$550.00");
  await expect(page.getByTestId("total-balance")).toHaveText("$570.00");
  await screenshotBothWidths(page, "receivables");

  await page.setViewportSize({ width: 1280, height: 800 });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "QuickBooks CSV" }).click();
  const file = await (await download).path();
  const bytes = await readFile(file, "utf8");
  // A UTF-8 byte order mark first, for Excel on Windows (DECISIONS 'Invoices', Exports).
  expect(bytes.startsWith("\ufeff")).toBe(true);
  const csv = bytes.slice(1);
  expect(csv.split("\n")[0]).toBe(
    "InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount",
  );
  for (const i of [1, 2, 3]) expect(csv).toContain(`AG-${tag}-${i},`);
  // US dates, a QuickBooks default term, the line kind's label as the item (a typed line: Other charges).
  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const dates = `${us(addDaysIso(today, -25))},${us(addDaysIso(today, 5))}`;
  expect(csv).toContain(
    `AG-${tag}-1,${client.name},${dates},Net 30,Other charges,"01/02/2025 Amarillo, TX (10.00 mi)",1,300.00,300.00`,
  );

  // The row without a client opens nothing (no filter selects exactly its invoices).
  const walkInRow = table.getByRole("row").filter({ hasText: `Walk-in ${tag}` });
  await expect(walkInRow).toContainText("$20.00");
  await expect(walkInRow).not.toHaveAttribute("tabindex");
  await walkInRow.click();
  await expect(page).toHaveURL(/\/receivables(\?|$)/);

  // A row opens the client's open invoices.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/invoices\\?.*clientId=${client.id}`));
});
