import {
  createDispatchedJobViaApi,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  drawSignature,
  newViewportContext,
  openDemoOffice,
  saveScreenshot,
  signInInvitedPevo,
  uniqueTag,
} from "../support/helpers";
import { expect, test } from "../support/test";

/** DECISIONS 'Job paperwork': the safety meeting signed on the phone, the stop and pole-height logs, the job packet. */

const PASSWORD = "paperwork-pass-1";

test("the PEVO signs the safety meeting and logs a stop and the pole height at 375 px; the office sees them live and gets the packet", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const office = await newViewportContext(browser, 1280, 800);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();
    const pevo = await createPevoWithLoginViaApi(officePage.request, "paperwork-pevo", {
      firstName: "Robin",
      lastName: `Pole${tag}`,
      phone: "(806) 555-0100",
      licenseNumber: `LIC-${tag.toUpperCase()}`,
    });
    const rc = await createRateConfirmationViaApi(officePage.request, {
      jobNumber: `RC-SAFE-${tag.toUpperCase()}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Oklahoma City, OK 73102",
      startDate: today,
      pevoId: pevo.id,
    });
    const driver = `Dale Safe${tag}`;
    const dispatch = await createDispatchedJobViaApi(officePage.request, {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: driver,
      pickupDate: today,
    });

    // The office keeps the dispatch page open.
    await officePage.goto(`/dispatching/${dispatch.id}`);
    const card = officePage.locator("[data-slot=card]").filter({ hasText: "Safety paperwork" });
    await expect(card.getByText("Not signed yet.")).toBeVisible({ timeout: 20_000 });

    // The PEVO opens the job on the phone.
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
    await phonePage.goto("/pevo/dispatches");
    const item = phonePage.getByRole("listitem").filter({ hasText: driver });
    await item.getByRole("link", { name: `Details of job ${rc.jobNumber}` }).click();

    // The safety meeting: every item, both names, both signatures drawn.
    await phonePage.getByRole("button", { name: "Hold the safety meeting" }).click();
    const form = phonePage.getByRole("form", { name: "Pre-trip safety meeting" });
    await form.getByRole("button", { name: "Sign safety meeting" }).click();
    await expect(form.getByText("Check every item before signing")).toBeVisible();
    for (const box of await form.getByRole("checkbox").all()) await box.check();
    await form.getByLabel("Your full name (PEVO)").fill(`Robin Pole${tag}`);
    await form.getByLabel("Truck driver's full name").fill(driver);
    await drawSignature(phonePage, form.getByTestId("pevo-signature"));
    await drawSignature(phonePage, form.getByTestId("driver-signature"));
    await form.scrollIntoViewIfNeeded();
    await saveScreenshot(form, "safety-meeting-form-375-light");
    await phonePage.evaluate(() => document.documentElement.classList.add("dark"));
    await saveScreenshot(form, "safety-meeting-form-375-dark");
    await phonePage.evaluate(() => document.documentElement.classList.remove("dark"));
    await form.getByRole("button", { name: "Sign safety meeting" }).click();
    await expect(phonePage.getByTestId("signed-meeting")).toContainText("Truck driver");

    // The office sees it without a reload.
    await expect(card.getByTestId("signed-meeting")).toContainText(driver, { timeout: 20_000 });

    // A stop.
    await phonePage.getByRole("button", { name: "Add stop" }).click();
    let dialog = phonePage.getByRole("dialog", { name: "Log a stop" });
    await dialog.getByLabel("Reason").fill("Fuel and a strap check");
    await dialog.getByLabel("Place").fill("Exit 75, I-40");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(phonePage.getByRole("list", { name: "Stop log" })).toContainText("Fuel and a strap check");

    // The pole's measured height.
    await phonePage.getByRole("button", { name: "Pole height" }).click();
    dialog = phonePage.getByRole("dialog", { name: "Pole-height log" });
    await dialog.getByLabel("Feet").fill("14");
    await dialog.getByLabel("Inches").fill("6");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(phonePage.getByRole("list", { name: "Pole-height log" })).toContainText(`14' 6"`);
    await saveScreenshot(phonePage, "job-paperwork-375", { fullPage: true });

    // The office's open page shows both, live.
    await expect(card.getByRole("list", { name: "Stop log" })).toContainText("Exit 75, I-40", {
      timeout: 20_000,
    });
    await expect(card.getByRole("list", { name: "Pole-height log" })).toContainText(`14' 6"`, {
      timeout: 20_000,
    });
    await saveScreenshot(officePage, "job-paperwork-office-1280", { fullPage: true });

    // The packet downloads, on the office's page and on the phone.
    const [download] = await Promise.all([
      officePage.waitForEvent("download"),
      card.getByRole("link", { name: "Download job packet" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`job-packet-${rc.jobNumber}.pdf`);
    const [phoneDownload] = await Promise.all([
      phonePage.waitForEvent("download"),
      phonePage.getByRole("link", { name: "Job packet (PDF)" }).click(),
    ]);
    expect(phoneDownload.suggestedFilename()).toBe(`job-packet-${rc.jobNumber}.pdf`);

    // And the office files it with the job's documents.
    await card.getByRole("button", { name: "Add to documents" }).click();
    await expect(officePage.getByText(`job-packet-${rc.jobNumber}.pdf`).first()).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await office.close();
    await phone.close();
  }
});
