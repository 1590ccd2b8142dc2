import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  apiCreate,
  browserDays,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  saveScreenshot,
  signInAsDemoAdmin,
  signInInvitedPevo,
  uniqueTag,
} from "../support/helpers";
import { type Browser, expect, type Locator, type Page, test } from "../support/test";

/**
 * Documents (DECISIONS 'Credentials'): a PEVO uploads photos from a 375 px phone to their profile and to their job; the
 * office sees both, downloads one and deletes one after confirming.
 */

test.use({ viewport: { width: 375, height: 812 } });

const PNG = readFileSync(resolve(import.meta.dirname, "../fixtures/photo.png"));
const PASSWORD = "documents-pass-1";

const documentsCard = (page: Page, title: string) =>
  page.locator("[data-slot=card]").filter({ has: page.getByText(title, { exact: true }) });
const listItem = (card: Locator, name: string) => card.getByRole("listitem").filter({ hasText: name });

/** The card in light and dark (class strategy), for looking at. */
async function cardShots(page: Page, card: Locator, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(card, `${name}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

async function adminSession(browser: Browser) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signInAsDemoAdmin(page);
  return { context, page };
}

test("a PEVO uploads photos from the phone to the profile and the job; the office sees, downloads and deletes", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await adminSession(browser);
  try {
    const { today } = await browserDays(page);
    const tag = uniqueTag();
    const pevo = await createPevoWithLoginViaApi(admin.page.request, "docs-pevo", {
      firstName: "Dana",
      lastName: `Docs${tag}`,
    });
    const rc = await createRateConfirmationViaApi(admin.page.request, {
      jobNumber: `DOC-${tag.toUpperCase()}`,
      originAddress: "Tucson, AZ 85701",
      destinationAddress: "Albuquerque, NM 87102",
      startDate: today,
      pevoId: pevo.id,
    });
    const dispatch = await apiCreate<{ id: string }>(admin.page.request, "/api/dispatches", {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: `Dee Driver${tag}`,
      driverPhone: "5205550100",
      pickupDate: today,
      pickupTime: "07:00",
      status: "dispatched",
    });

    // The PEVO, on the phone: a certificate photo on the profile...
    await signInInvitedPevo(page, pevo.email, PASSWORD);
    await page.goto("/pevo/profile");
    const mine = documentsCard(page, "My documents");
    await expect(mine.getByText("No documents yet.")).toBeVisible({ timeout: 20_000 });
    await expect(mine.getByRole("button", { name: "Take photo" })).toBeVisible();
    await expect(mine.getByRole("combobox", { name: "Category" })).toHaveText("Certificate");
    const camera = mine.getByLabel("Take a photo to upload");
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(mine.getByLabel("Choose a file to upload")).toHaveAttribute(
      "accept",
      "image/*,application/pdf",
    );
    await camera.setInputFiles({ name: "az-certificate.png", mimeType: "image/png", buffer: PNG });
    await expect(listItem(mine, "az-certificate.png")).toContainText("Certificate");
    await expect(mine.getByRole("status").filter({ hasText: "Uploaded az-certificate.png" })).toBeVisible();
    await cardShots(page, mine, "documents-portal-profile-375");

    // ...and a photo on the job, from the job's details.
    await page.goto(`/pevo/dispatches?id=${dispatch.id}`);
    const job = documentsCard(page, "Job documents");
    await expect(job.getByText("No documents yet.")).toBeVisible({ timeout: 20_000 });
    await expect(job.getByRole("combobox", { name: "Category" })).toHaveText("Photo");
    await job.getByLabel("Take a photo to upload").setInputFiles({
      name: "load-secured.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    const photo = listItem(job, "load-secured.png");
    await expect(photo).toContainText("Photo");
    await expect(photo).toContainText(`Dana Docs${tag}`);
    await expect(photo.getByRole("button", { name: "Delete load-secured.png" })).toBeVisible();
    // A page renamed .png is refused with the server's message.
    await job.getByLabel("Choose a file to upload").setInputFiles({
      name: "fake.png",
      mimeType: "image/png",
      buffer: Buffer.from("<html><body>not an image</body></html>"),
    });
    await expect(job.getByRole("alert")).toContainText(
      "“fake.png” must be a PDF, JPEG, PNG, HEIC or WebP file",
    );
    await expect(job.getByRole("listitem")).toHaveCount(1);
    await cardShots(page, job, "documents-portal-job-375");

    // The office sees both: the certificate on the PEVO's page (and downloads it)...
    const office = admin.page;
    await office.goto(`/pevos/edit/${pevo.id}`);
    const pevoDocs = documentsCard(office, "Documents");
    const certificate = listItem(pevoDocs, "az-certificate.png");
    await expect(certificate).toContainText(`Certificate · 217 B`, { timeout: 20_000 });
    await expect(certificate).toContainText(`Dana Docs${tag}`);
    const downloading = office.waitForEvent("download");
    await certificate.getByRole("link", { name: "az-certificate.png" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("az-certificate.png");
    expect(readFileSync(await download.path())).toEqual(PNG);
    await cardShots(office, pevoDocs, "documents-office-pevo-1280");
    await office.setViewportSize({ width: 375, height: 812 });
    await expect(pevoDocs.getByRole("button", { name: "Take photo" })).toBeVisible();
    await cardShots(office, pevoDocs, "documents-office-pevo-375");
    await office.setViewportSize({ width: 1280, height: 900 });
    await expect(pevoDocs.getByText("Drag a file here, or")).toBeVisible();

    // ...and the photo on the dispatch, which the office deletes after confirming.
    await office.goto(`/dispatching/${dispatch.id}`);
    const dispatchDocs = documentsCard(office, "Documents");
    const jobPhoto = listItem(dispatchDocs, "load-secured.png");
    await expect(jobPhoto).toBeVisible({ timeout: 20_000 });
    await cardShots(office, dispatchDocs, "documents-office-dispatch-1280");
    await jobPhoto.getByRole("button", { name: "Delete load-secured.png" }).click();
    const confirm = office.getByRole("alertdialog", { name: "Delete this document?" });
    await expect(confirm).toContainText("load-secured.png");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(jobPhoto).toBeVisible();
    await jobPhoto.getByRole("button", { name: "Delete load-secured.png" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(dispatchDocs.getByText("No documents yet.")).toBeVisible();

    // The PEVO's job no longer lists it.
    await page.reload();
    await expect(documentsCard(page, "Job documents").getByText("No documents yet.")).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await admin.context.close();
  }
});
