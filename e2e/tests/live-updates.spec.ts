import {
  apiCreate,
  createDispatchedJobViaApi,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  DEMO_ADMIN,
  newViewportContext,
  openDemoOffice,
  sameOrigin,
  saveScreenshot,
  signInInvitedPevo,
  toastWith,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/** DECISIONS 'Live events': live updates in both portals (one SSE stream per tab; screens refetch through the API). */

const PASSWORD = "live-pass-1";

/** A dashboard summary card's figure. */
const figure = (page: Page, title: string) =>
  page
    .locator("[data-slot=card]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .first()
    .getByText(/^\d+$/);

test("the PEVO's phone shows a newly assigned job, and the office's dashboard and toasts follow changes, without a reload", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const office = await newViewportContext(browser, 1280, 800);
  const phone = await newViewportContext(browser, 375, 812);
  const other = await newViewportContext(browser, 1280, 800);
  let darkSet = false;
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();

    // A PEVO with a login, on their phone, looking at their (empty) dispatch list.
    const pevo = await createPevoWithLoginViaApi(officePage.request, "live-pevo", {
      firstName: "Casey",
      lastName: `Live${tag}`,
      phone: "(806) 555-0100",
      licenseNumber: `LIC-${tag.toUpperCase()}`,
    });
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
    await phonePage.goto("/pevo/dispatches");
    await expect(phonePage.getByRole("heading", { level: 1, name: "My Dispatches" })).toBeVisible();
    const driver = `Dale Live${tag}`;
    await expect(phonePage.getByText(driver)).toHaveCount(0);

    // The office's dashboard, and its Active Jobs figure before.
    await expect(figure(officePage, "Active Jobs")).toBeVisible({ timeout: 20_000 });
    const activeBefore = Number(await figure(officePage, "Active Jobs").textContent());

    // The office assigns a job to the PEVO (another signed-in office tab, through the API).
    const otherPage = await other.newPage();
    const signedIn = await otherPage.request.post("/api/auth/sign-in/email", {
      data: DEMO_ADMIN,
      headers: sameOrigin(),
    });
    expect(signedIn.ok()).toBe(true);
    const rc = await createRateConfirmationViaApi(otherPage.request, {
      jobNumber: `LIVE-${tag.toUpperCase()}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Oklahoma City, OK 73102",
      startDate: today,
      pevoId: pevo.id,
    });
    const dispatch = await createDispatchedJobViaApi(otherPage.request, {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: driver,
      pickupDate: today,
    });

    // The PEVO's list shows it without a reload; the office's dashboard counts it.
    await expect(phonePage.getByText(driver).first()).toBeVisible({ timeout: 20_000 });
    await saveScreenshot(phonePage, "live-portal-new-job-375");
    await expect(figure(officePage, "Active Jobs")).toHaveText(String(activeBefore + 1), { timeout: 20_000 });

    // The PEVO saves the trip: the office hears of it in a toast.
    const trip = {
      tripDate: today,
      dispatchId: dispatch.id,
      startLocation: "Amarillo, TX",
      endLocation: "Oklahoma City, OK",
      miles: "260",
      hours: "5",
      expenses: [],
    };
    const saved = await apiCreate<{ id: string }>(phonePage.request, "/api/portal/trip-logs", trip);
    const toast = toastWith(officePage, `Trip log saved — ${rc.jobNumber}`);
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(toast).toHaveCSS("opacity", "1");
    await saveScreenshot(officePage, "live-toast-1280-light", { toasts: true });

    // The PEVO's home, open on the phone: no completed job yet.
    await phonePage.goto("/pevo");
    await expect(figure(phonePage, "Completed Jobs")).toHaveText("0", { timeout: 20_000 });

    // The job is completed in the other office tab: the figure drops (that user's own tabs show no toast).
    const completed = await otherPage.request.put(`/api/dispatches/${dispatch.id}`, {
      headers: sameOrigin(),
      data: {
        rateConfirmationId: rc.id,
        pevoId: pevo.id,
        driverName: driver,
        driverPhone: "8065550199",
        pickupDate: today,
        pickupTime: "06:30",
        status: "completed",
      },
    });
    expect(completed.status()).toBe(200);
    await expect(figure(officePage, "Active Jobs")).toHaveText(String(activeBefore), { timeout: 20_000 });
    // The PEVO's Completed Jobs follows, without a reload.
    await expect(figure(phonePage, "Completed Jobs")).toHaveText("1", { timeout: 20_000 });

    // Dark (the office's theme setting, then a fresh page): the PEVO corrects the trip; the toast says so.
    await officePage.goto("/settings");
    await officePage.getByRole("tab", { name: "Account" }).click({ timeout: 20_000 });
    await officePage.getByRole("switch", { name: "Dark mode" }).click({ timeout: 20_000 });
    await expect(officePage.locator("html")).toHaveClass(/dark/);
    darkSet = true;
    await officePage.getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(figure(officePage, "Active Jobs")).toHaveText(String(activeBefore), { timeout: 20_000 });
    const updated = await phonePage.request.put(`/api/portal/trip-logs/${saved.id}`, {
      headers: sameOrigin(),
      data: { ...trip, miles: "262" },
    });
    expect(updated.status()).toBe(200);
    const darkToast = toastWith(officePage, `Trip log updated — ${rc.jobNumber}`);
    await expect(darkToast).toBeVisible({ timeout: 20_000 });
    // Settled (sonner slides and fades it in) before the screenshot.
    await expect(darkToast).toHaveCSS("opacity", "1");
    await saveScreenshot(officePage, "live-toast-1280-dark", { toasts: true });
  } finally {
    // The demo admin's theme back to light for the other specs.
    if (darkSet) {
      const page = office.pages()[0];
      const current = await (await page.request.get("/api/me/settings")).json();
      await page.request.put("/api/me/settings", {
        headers: sameOrigin(),
        data: { ...current.settings, darkMode: false },
      });
    }
    await office.close();
    await phone.close();
    await other.close();
  }
});
