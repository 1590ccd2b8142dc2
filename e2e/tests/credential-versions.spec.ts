import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import {
  createPevoWithLoginViaApi,
  DEMO_ADMIN,
  latestMail,
  newViewportContext,
  openDemoOffice,
  saveScreenshot,
  signInInvitedPevo,
  uniqueTag,
} from "../support/helpers";
import { expect, type Locator, type Page, test } from "../support/test";

/**
 * DECISIONS 'Credential versions': the PEVO renews their insurance on a 375 px phone; the approved
 * policy stays in force (the PEVO stays dispatchable); the office's dashboard shows it in "To review"
 * live; the office approves it; the PEVO's page follows without a reload.
 */

const PASSWORD = "versions-pass-1";
const SHOTS = process.env.SHOTS_DIR;

const card = (page: Page, title: string) =>
  page.locator("[data-slot=card]").filter({ has: page.getByText(title, { exact: true }) });

/** The screenshot in the run's output, and in light and dark under SHOTS_DIR when it is set. */
async function shot(page: Page, target: Locator, name: string) {
  await saveScreenshot(target, name);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const style = "[data-sonner-toaster] { display: none !important; }";
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await target.screenshot({ path: resolve(SHOTS, `${name}-${theme}.png`), style });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

/** The qualification check of the picker and of every assignment: the PEVO's insurance and licence. */
async function dispatchable(page: Page, pevoId: string, day: string) {
  const res = await page.request.get(`/api/pevos/qualification?pevoIds=${pevoId}&routeStates=TX&from=${day}`);
  expect(res.status()).toBe(200);
  const [result] = (await res.json()).results;
  return { insurance: result.insurance[0].status, licence: result.licence.status };
}

test("the PEVO renews insurance; the office sees it to review live and approves; the PEVO's page follows; dispatchable throughout", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const office = await newViewportContext(browser, 1280, 900);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();
    const name = `Vera Renew${tag}`;
    const pevo = await createPevoWithLoginViaApi(officePage.request, "versions-pevo", {
      firstName: "Vera",
      lastName: `Renew${tag}`,
    });
    expect(await dispatchable(officePage, pevo.id, today)).toEqual({ insurance: "valid", licence: "valid" });

    // The PEVO, on their phone, renews their insurance (a new policy number).
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
    await phonePage.goto("/pevo/profile");
    const credentials = card(phonePage, "Credentials");
    const row = credentials.getByRole("listitem").filter({ hasText: "Auto liability insurance" });
    await expect(row).toContainText("Approved", { timeout: 20_000 });

    // The office's dashboard is open before the PEVO submits.
    const toReview = card(officePage, "To review");
    await expect(toReview).toBeVisible({ timeout: 20_000 });
    await expect(toReview.getByText(name)).toHaveCount(0);

    await row.getByRole("button", { name: "Edit Auto liability insurance" }).click();
    const dialog = phonePage.getByRole("dialog");
    await dialog.getByLabel("Policy number").fill(`AL-NEW-${tag}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Update pending review");
    await expect(row).toContainText("Approved");
    await expect(row).toContainText(`policy AL-NEW-${tag}`);
    await expect(row).toContainText("The approved version above stays in force");
    await shot(phonePage, credentials, "portal-credential-pending-375");

    // The office sees it live, without a reload; the PEVO is still dispatchable.
    const item = toReview.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("Auto liability insurance", { timeout: 20_000 });
    await expect(item).toContainText("Renewal");
    await shot(officePage, toReview, "office-to-review-card-1280");
    expect(await dispatchable(officePage, pevo.id, today)).toEqual({ insurance: "valid", licence: "valid" });
    // The office is emailed, and the PEVO list marks the PEVO (another office tab).
    const mail = await latestMail(
      officePage.request,
      DEMO_ADMIN.email,
      new RegExp(`^Vera Renew${tag} submitted`),
    );
    expect(mail.subject).toContain(`auto liability insurance AL-NEW-${tag} for review`);
    const listTab = await office.newPage();
    await listTab.goto(`/pevos?q=Renew${tag}`);
    await expect(
      listTab.getByRole("row").filter({ hasText: name }).getByLabel("1 credential to review"),
    ).toBeVisible({ timeout: 20_000 });
    await listTab.close();

    // The office reviews it from the PEVO's page: the approved policy beside the PEVO's update.
    await item.getByRole("link", { name: `Review Auto liability insurance of ${name}` }).click();
    await expect(officePage).toHaveURL(new RegExp(`/pevos/edit/${pevo.id}`));
    await expect(officePage.getByText("1 to review")).toBeVisible({ timeout: 20_000 });
    const officeRow = card(officePage, "Credentials")
      .getByRole("listitem")
      .filter({ hasText: "Auto liability insurance" });
    await expect(officeRow).toContainText("The PEVO's update");
    await shot(officePage, officeRow, "office-credential-pending-1280");
    await officeRow.getByRole("button", { name: "Approve Auto liability insurance" }).click();
    await expect(officeRow).not.toContainText("Update pending review", { timeout: 20_000 });
    await expect(officeRow).toContainText(`policy AL-NEW-${tag}`);

    // The PEVO's page follows without a reload.
    await expect(row).not.toContainText("Update pending review", { timeout: 20_000 });
    await expect(row).toContainText(`policy AL-NEW-${tag}`);
    await expect(row).toContainText("Approved");
    expect(await dispatchable(officePage, pevo.id, today)).toEqual({ insurance: "valid", licence: "valid" });
    // The version history records the approval.
    await row.getByText("History (2)").click();
    await expect(row).toContainText(/approved by .+/);
  } finally {
    await office.close();
    await phone.close();
  }
});
