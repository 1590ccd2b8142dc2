import {
  addDaysIso,
  apiCreate,
  browserDays,
  createPevoViaApi,
  screenshotBothWidths,
  signInAsDemoAdmin,
  toastWith,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/** Every position covered and double booking (DECISIONS 'One dispatch per position', 'Dispatches'). */

const position = (page: Page, n: number, label: string) =>
  page.getByRole("group", { name: `Position ${n}: ${label}`, exact: true });

async function firstClient(page: Page) {
  const res = await page.request.get("/api/clients");
  return ((await res.json()) as { items: { id: string; name: string }[] }).items[0];
}

/** A rate confirmation through the API, posted as the UI would (no allowConflict). */
async function createJob(
  page: Page,
  jobNumber: string,
  startDate: string,
  positions: { positionType: string; pevoId?: string }[],
) {
  const client = await firstClient(page);
  return apiCreate<{ id: string; jobNumber: string }>(page.request, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate,
    endDate: addDaysIso(startDate, 1),
    description: `Oversize load ${jobNumber}: 16 ft wide, three escorts.`,
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "300",
      detentionRate: "45",
      detentionThreshold: 2,
    },
    customRates: [],
    positions,
    allowConflict: false,
  });
}

test("Create Dispatch offers one dispatch per position; coverage shows; a double booking asks first", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);
  const start = addDaysIso(today, 2);
  const tag = uniqueTag();
  const TAG = tag.toUpperCase();
  const lead = await createPevoViaApi(page.request, { firstName: "Lena", lastName: `Lead${tag}` });
  const chase = await createPevoViaApi(page.request, { firstName: "Chad", lastName: `Chase${tag}` });
  const leadName = `${lead.firstName} ${lead.lastName}`;
  const job = await createJob(page, `POS-${TAG}`, start, [
    { positionType: "lead_car", pevoId: lead.id },
    { positionType: "chase_car", pevoId: chase.id },
    { positionType: "high_pole_car" },
  ]);

  // The rate confirmation shows its coverage; Create Dispatch offers each position, prefilled.
  await page.goto(`/rate-confirmations/${job.id}`);
  await expect(page.getByRole("heading", { level: 1, name: job.jobNumber })).toBeVisible({ timeout: 20_000 });
  // In the page header and on the "Dispatched positions" card.
  await expect(page.getByText("0 of 3 positions dispatched")).toHaveCount(2);
  await expect(page.getByText("0 of 3 positions dispatched").first()).toBeVisible();
  await page.getByRole("link", { name: "Create Dispatch" }).click();
  await expect(page).toHaveURL(new RegExp(`/dispatching/new\\?rcId=${job.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "New Dispatch" })).toBeVisible();
  const leadRow = position(page, 1, "Lead Car");
  await expect(leadRow.getByRole("combobox", { name: "PEVO" })).toHaveText(leadName, { timeout: 20_000 });
  await expect(leadRow.getByLabel("Pickup Date")).toHaveText(usDate(start));
  await expect(position(page, 2, "Chase Car").getByRole("combobox", { name: "PEVO" })).toHaveText(
    `${chase.firstName} ${chase.lastName}`,
  );
  // The high pole car has no PEVO yet: leave it for later.
  const highPole = position(page, 3, "High Pole Car");
  await highPole.getByRole("checkbox").click();
  await expect(highPole.getByRole("checkbox")).not.toBeChecked();
  const driver = `Dale Positions${tag}`;
  await page.getByLabel("Driver Name", { exact: true }).fill(driver);
  await page.getByLabel("Driver Phone", { exact: true }).fill("(806) 555-0199");
  await screenshotBothWidths(page, "dispatch-positions-form");
  await page.getByRole("button", { name: "Create 2 Dispatches" }).click();
  await expect(toastWith(page, "2 dispatches created")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dispatching$/);

  // Coverage in the dispatch list and on the rate confirmation.
  await page.getByLabel("Search dispatches").fill(driver);
  const rows = page.getByRole("row").filter({ hasText: driver });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("2 of 3 positions dispatched");
  await screenshotBothWidths(page, "dispatch-list-coverage");
  // A dispatch knows its position: its page shows (and edits) it.
  await rows.first().getByRole("link", { name: driver }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Position (optional)" })).toHaveText(
    /^(Lead Car|Chase Car)$/,
    {
      timeout: 20_000,
    },
  );
  await page.goto(`/rate-confirmations/${job.id}`);
  await expect(page.getByText("2 of 3 positions dispatched").first()).toBeVisible({ timeout: 20_000 });
  await screenshotBothWidths(page, "rate-confirmation-coverage");

  // Create Dispatch again: the two dispatched positions are shown with their PEVO and status and
  // cannot be ticked (one position is covered once), the open one ticked.
  await page.getByRole("link", { name: "Create Dispatch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Dispatch" })).toBeVisible();
  for (const [n, label, pevo] of [
    [1, "Lead Car", leadName],
    [2, "Chase Car", `${chase.firstName} ${chase.lastName}`],
  ] as const) {
    const row = position(page, n, label);
    await expect(row.getByText("Already dispatched")).toBeVisible({ timeout: 20_000 });
    await expect(row.getByText(pevo)).toBeVisible();
    await expect(row.getByText("Pending", { exact: true })).toBeVisible();
    await expect(row.getByRole("checkbox")).not.toBeChecked();
    await expect(row.getByRole("checkbox")).toBeDisabled();
  }
  await expect(position(page, 3, "High Pole Car").getByText("Already dispatched")).toHaveCount(0);
  await expect(position(page, 3, "High Pole Car").getByRole("checkbox")).toBeChecked();
  await expect(page.getByRole("button", { name: "Create 1 Dispatch" })).toBeVisible();
  await screenshotBothWidths(page, "dispatch-positions-form-covered");

  // Double booking: the lead PEVO on another job on the same dates asks first, then saves anyway.
  const other = await createJob(page, `CLASH-${TAG}`, start, [{ positionType: "lead_car" }]);
  await page.goto(`/dispatching/new?rcId=${other.id}`);
  const otherLead = position(page, 1, "Lead Car");
  await otherLead.getByRole("combobox", { name: "PEVO" }).click();
  await page.getByRole("combobox", { name: "Search PEVOs" }).fill(lead.lastName);
  // Before choosing: the picker marks the PEVO busy that day, with the other job and its real status.
  const busyOption = page.getByRole("option").filter({ hasText: leadName });
  await expect(busyOption).toContainText(`Busy: ${job.jobNumber} (Pending)`, { timeout: 20_000 });
  await busyOption.click();
  await page.getByLabel("Driver Name", { exact: true }).fill(`Other ${driver}`);
  await page.getByLabel("Driver Phone", { exact: true }).fill("(806) 555-0142");
  await page.getByRole("button", { name: "Create 1 Dispatch" }).click();
  const dialog = page.getByRole("alertdialog", { name: "PEVO already booked" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const conflicts = dialog.getByRole("list", { name: "Conflicting jobs" }).getByRole("listitem");
  await expect(conflicts).toHaveCount(1);
  await expect(conflicts.first()).toContainText(job.jobNumber);
  await expect(conflicts.first()).toContainText(leadName);
  await expect(conflicts.first()).toContainText(usDate(start));
  // The other job's real status, not "dispatched" for every booking.
  await expect(conflicts.first()).toContainText("· Pending");
  await screenshotBothWidths(page, "double-booking-dialog");
  await dialog.getByRole("button", { name: "Assign anyway" }).click();
  await expect(toastWith(page, "Dispatch created successfully")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/dispatching$/);

  // The dashboard has the uncovered positions card.
  await page.goto("/dashboard");
  await expect(page.getByText("Uncovered Positions", { exact: true })).toBeVisible({ timeout: 20_000 });
});
