import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  browserDays,
  chooseOption,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  pickDate,
  saveScreenshot,
  searchDispatchPevo,
  signInAsDemoAdmin,
  signInInvitedPevo,
  toastWith,
  uniqueTag,
} from "../support/helpers";
import { type Browser, expect, type Locator, type Page, test } from "../support/test";

/**
 * DECISIONS 'Credentials' and 'Every assignment is checked': a PEVO on a 375 px phone adds a state certificate with a photo taken with the
 * camera; it waits for review; the office approves it from the PEVO's page; assigning the PEVO to a
 * job through NY then shows the missing NY certificate, and through AZ shows ✓.
 */

test.use({ viewport: { width: 375, height: 812 } });

const PNG = readFileSync(resolve(import.meta.dirname, "../fixtures/photo.png"));
const PASSWORD = "credentials-pass-1";

const card = (page: Page, title: string) =>
  page.locator("[data-slot=card]").filter({ has: page.getByText(title, { exact: true }) });

async function shot(page: Page, target: Locator | Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(target, name, { fullPage: target === page });
}

async function adminSession(browser: Browser) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  return { context, page };
}

test("a PEVO adds a certificate with a photo from the phone; the office approves it; NY missing, AZ ✓", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await adminSession(browser);
  try {
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    const pevo = await createPevoWithLoginViaApi(admin.page.request, "creds-pevo", {
      firstName: "Cary",
      lastName: `Creds${tag}`,
    });

    await signInInvitedPevo(page, pevo.email, PASSWORD);
    await page.goto("/pevo/profile");
    const credentials = card(page, "Credentials");
    await expect(credentials.getByText("No certifications yet.")).toBeVisible({ timeout: 20_000 });

    await credentials.getByRole("button", { name: "Add certification" }).click();
    const dialog = page.getByRole("dialog", { name: "Add certification" });
    await expect(dialog).toBeVisible();
    await chooseOption(page, dialog.getByRole("combobox", { name: "Issuing state" }), "AZ");
    await dialog.getByLabel("Certificate number").fill("AZ-55120");
    const expiry = addDaysIso(today, 200);
    await pickDate(page, dialog.getByRole("button", { name: "Expiry date" }), expiry);
    const camera = dialog.getByLabel("Take a photo of this credential");
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(dialog.getByRole("button", { name: "Take photo" })).toBeVisible();
    await camera.setInputFiles({ name: "az-card.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.getByRole("combobox", { name: "Document" })).toHaveText("az-card.png");
    await shot(page, dialog, "portal-add-certification-375");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    await expect(dialog).toBeHidden();

    const row = credentials.getByRole("listitem").filter({ hasText: "AZ certification" });
    await expect(row).toContainText("Pending review");
    await expect(row).toContainText("No. AZ-55120");
    await expect(row.getByRole("link", { name: "az-card.png" })).toBeVisible();
    await expect(credentials.getByText("1 pending review")).toBeVisible();

    // The PEVO renews their driver's licence in My Profile: it waits for the office too.
    await page.getByLabel("License Number").fill("AZ-D0042177");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toastWith(page, "Profile updated successfully")).toBeVisible();
    await expect(page.getByText("Waiting for your office's review.")).toBeVisible();
    const licence = credentials.getByRole("region", { name: "Driver's licence" });
    await expect(licence).toContainText("Pending review");
    await expect(licence).toContainText("No. AZ-D0042177");
    await expect(credentials.getByText("2 pending review")).toBeVisible();
    await shot(page, page, "portal-credentials-375");

    // The office: the PEVO's page shows the pending change; Approve.
    const office = admin.page;
    await office.goto(`/pevos/edit/${pevo.id}`);
    const officeCard = card(office, "Credentials");
    const officeRow = officeCard.getByRole("listitem").filter({ hasText: "AZ certification" });
    await expect(officeRow).toContainText("Pending review", { timeout: 20_000 });
    await expect(officeRow.getByText("Changed by the PEVO: review it.")).toBeVisible();
    await shot(office, officeCard, "office-credentials-pending-1280");
    const officeLicence = officeCard.getByRole("region", { name: "Driver's licence" });
    await expect(officeLicence).toContainText("Pending review");
    await officeLicence.getByRole("button", { name: "Approve Driver's licence" }).click();
    await expect(officeLicence).toContainText("Approved");
    await officeRow.getByRole("button", { name: "Approve AZ certification" }).click();
    await expect(officeRow).toContainText("Approved");
    await expect(officeRow.getByRole("button", { name: "Approve AZ certification" })).toBeHidden();
    await shot(office, officeCard, "office-credentials-approved-1280");

    await shot(office, office, "office-pevo-page-1280");

    // The PEVO sees it approved.
    await page.reload();
    await expect(
      card(page, "Credentials").getByRole("listitem").filter({ hasText: "AZ certification" }),
    ).toContainText("Approved", { timeout: 20_000 });

    // The approved certificate decides an assignment: through NY it is missing (NY accepts only its
    // own), through AZ it is ✓ (the PEVO's licence and insurance are on file: createPevoViaApi).
    const pevoName = `Cary Creds${tag}`;
    const jobThrough = (state: string) =>
      createRateConfirmationViaApi(office.request, {
        jobNumber: `CR-${state}-${tag}`.toUpperCase(),
        originAddress: "Phoenix, AZ 85001",
        destinationAddress: "Albany, NY 12207",
        startDate: today,
        routeStates: [state],
      });
    // A new tab per job: the PEVO page stays open, and a picked PEVO leaves no form to abandon.
    const assigning = async (state: string) => {
      const rc = await jobThrough(state);
      const tab = await admin.context.newPage();
      await tab.goto(`/dispatching/new?rcId=${rc.id}&single=1`);
      const option = await searchDispatchPevo(tab, pevoName);
      return { tab, option, marks: tab.getByRole("region", { name: `Qualification of ${pevoName}` }) };
    };
    const ny = await assigning("NY");
    await expect(ny.option).toContainText("✗ Missing NY", { timeout: 20_000 });
    await ny.option.click();
    await expect(ny.marks).toContainText("Not qualified for this route");
    await expect(ny.marks).toContainText("No certificate accepted in NY: it accepts only its own; held: AZ");
    await shot(ny.tab, ny.tab, "office-assign-ny-missing-1280");
    await ny.tab.close();

    const az = await assigning("AZ");
    await expect(az.option).toContainText("✓ Qualified", { timeout: 20_000 });
    await az.option.click();
    await expect(az.marks).toContainText("✓ Qualified for this route");
    await expect(az.marks).toContainText("AZ: Valid");
    await expect(az.marks).toContainText("AZ certificate, valid through");
    await shot(az.tab, az.tab, "office-assign-az-qualified-1280");
    await az.tab.close();

    // Delete asks first (office).
    await officeRow.getByRole("button", { name: "Delete AZ certification" }).click();
    const confirm = office.getByRole("alertdialog", { name: "Delete this credential?" });
    await expect(confirm).toContainText("AZ certification AZ-55120");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(officeRow).toBeVisible();

    // A certification expiring in 10 days: a hint in the PEVO list and a row on the dashboard card.
    const soon = addDaysIso(today, 10);
    const created = await office.request.post(`/api/pevos/${pevo.id}/credentials/certifications`, {
      data: { state: "TX", certificateNumber: "TX-9", expiresOn: soon },
    });
    expect(created.status()).toBe(201);
    await office.goto(`/pevos?q=Creds${tag}`);
    const listRow = office.getByRole("row").filter({ hasText: `Creds${tag}` });
    await expect(listRow).toContainText("TX certification:", { timeout: 20_000 });
    await expect(listRow).toContainText("Expires in 10 days");
    await shot(office, office, "office-pevo-list-hints-1280");
    await office.goto("/dashboard");
    const expiring = card(office, "Credentials expiring");
    await expect(expiring.getByRole("listitem").filter({ hasText: `Creds${tag}` })).toContainText(
      "TX certification",
      {
        timeout: 20_000,
      },
    );
    await shot(office, card(office, "Credentials expiring"), "dashboard-credentials-expiring-1280");
  } finally {
    await admin.context.close();
  }
});
