import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  addInsuranceViaApi,
  apiUpdate,
  browserDays,
  chooseOption,
  createRateConfirmationViaApi,
  pickDate,
  saveScreenshot,
  searchDispatchPevo,
  signInAsDemoAdmin,
  signInFreshAdmin,
  uniqueTag,
} from "../support/helpers";
import { expect, test } from "../support/test";

const PNG = readFileSync(resolve(import.meta.dirname, "../fixtures/photo.png"));

/*
 * DECISIONS 'One model of state certifications': the Add PEVO form has no "Certified States" ticks;
 * "Save and add a state certification" saves the PEVO and opens the certification form (number,
 * expiry, proof) on their page, and the route check uses that certification.
 */
test("a PEVO added with a TX certification in place is qualified on a job through TX", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);
  const tag = uniqueTag();
  const lastName = `Texan${tag}`;
  const name = `Terry ${lastName}`;

  await page.goto("/pevos/new");
  await expect(page.getByLabel("Certified States")).toHaveCount(0);
  await page.getByLabel("First Name").fill("Terry");
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("License Number").fill(`TX-D-${tag}`);
  await pickDate(page, page.getByLabel("Driver's License Expiry"), addDaysIso(today, 400));
  await page.getByRole("button", { name: "Save and add a state certification" }).click();

  await expect(page).toHaveURL(/\/pevos\/edit\/[0-9a-f-]+/, { timeout: 20_000 });
  const pevoId = page.url().match(/edit\/([0-9a-f-]+)/)?.[1] as string;
  const dialog = page.getByRole("dialog", { name: "Add certification" });
  await expect(dialog).toBeVisible();
  await chooseOption(page, dialog.getByRole("combobox", { name: "Issuing state" }), "TX");
  await dialog.getByLabel("Certificate number").fill(`TX-FLAG-${tag}`);
  await pickDate(page, dialog.getByRole("button", { name: "Expiry date" }), addDaysIso(today, 300));
  await dialog.getByLabel("Take a photo of this credential").setInputFiles({
    name: "tx-card.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(dialog.getByRole("combobox", { name: "Document" })).toHaveText("tx-card.png");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("listitem").filter({ hasText: "TX certification" });
  await expect(row).toContainText(`No. TX-FLAG-${tag}`);
  await expect(row).toContainText("Approved");
  // The address no longer asks for the form: a reload does not open it again.
  await expect(page).not.toHaveURL(/add=certification/);

  // The route check reads that certification (and the insurance every job needs).
  await addInsuranceViaApi(page.request, pevoId);
  const rc = await createRateConfirmationViaApi(page.request, {
    jobNumber: `TX-${tag}`.toUpperCase(),
    originAddress: "Houston, TX 77001",
    destinationAddress: "Dallas, TX 75201",
    startDate: addDaysIso(today, 10),
    routeStates: ["TX"],
  });
  await page.goto(`/dispatching/new?rcId=${rc.id}&single=1`);
  const option = await searchDispatchPevo(page, lastName);
  await option.click();
  const marks = page.getByRole("region", { name: `Qualification of ${name}` });
  await expect(marks).toContainText("✓ Qualified for this route");
  await expect(marks).toContainText("TX: Valid");
  await expect(marks).toContainText("TX certificate");
  await expect(marks.getByRole("link", { name: /Which cards each state accepts/ })).toHaveAttribute(
    "href",
    "/pevos/reciprocity",
  );
});

/** The rules page renders the check's table, with sources and dates; light and dark. */
test("the state certification rules page lists each state's rule, its sources and the day checked", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The admin is made with the test's own request context: the page's would sign the page in first.
  await signInFreshAdmin(page, request, "reciprocity");
  await page.goto("/pevos");
  await page.getByRole("link", { name: "State certification rules" }).click();
  await expect(page).toHaveURL(/\/pevos\/reciprocity$/);
  await expect(page.getByRole("heading", { level: 1, name: "State certification rules" })).toBeVisible();
  const states = page.getByRole("list", { name: "Certification states" });
  await expect(states.getByRole("listitem")).toHaveCount(14);
  await expect(states.getByRole("listitem", { name: "TX" })).toContainText("Flagging only");
  await expect(states.getByRole("listitem", { name: "PA" })).toContainText("superload");
  await expect(states.getByRole("listitem", { name: "NY" })).toContainText("Accepts cards of: NY only");
  await expect(states.getByRole("listitem", { name: "AZ" })).toContainText("checked");
  await expect(page.getByRole("link", { name: /Oklahoma DPS: Escort Reciprocity/ })).toBeVisible();

  for (const dark of [false, true]) {
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
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `reciprocity-${dark ? "dark" : "light"}-${width}`, { fullPage: true });
    }
  }
});
