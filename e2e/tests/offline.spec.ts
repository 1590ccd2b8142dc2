import { mkdirSync } from "node:fs";
import {
  acceptInvitation,
  apiCreate,
  browserDays,
  createPevoViaApi,
  createRateConfirmationViaApi,
  signInAsDemoAdmin,
  submitSignIn,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { allowConsole, type Browser, expect, type Locator, type Page, test } from "../support/test";

/**
 * ADR 0014: the portal works without signal. The service worker serves the app and the PEVO's
 * cached job; writes wait in the phone's queue and reach the server exactly once when signal returns.
 */

const PASSWORD = "offline-pass-1";
const SHOTS = "/work/wt/shots/i30-offline";

const newContext = (browser: Browser, width: number, height: number) =>
  browser.newContext({ baseURL: String(test.info().project.use.baseURL), viewport: { width, height } });

async function draw(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error("The signature pad is not visible");
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -30],
    [110, 25],
    [170, -20],
  ]) {
    await page.mouse.move(box.x + 20 + (dx ?? 0), box.y + box.height / 2 + (dy ?? 0), { steps: 5 });
  }
  await page.mouse.up();
}

/** Both themes of the phone's screen with the offline bar. */
async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const style = "[data-sonner-toaster] { display: none !important; }";
  // The PEVO's saved theme may be dark: each shot sets its own.
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.screenshot({ path: `${SHOTS}/${name}-375-light.png`, style });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await page.screenshot({ path: `${SHOTS}/${name}-375-dark.png`, style });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("offline at 375 px: a PEVO opens an accepted job, records steps, a trip, a stop and the safety meeting; each reaches the server once; a canceled job is shown", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Offline on purpose: the browser logs the requests the cut connection fails (the queue's first
  // try, a query the worker has no copy of).
  allowConsole(
    /net::ERR_INTERNET_DISCONNECTED @ /,
    /net::ERR_FAILED @ http:\/\/localhost:\d+\/api\/portal\//,
  );
  const office = await newContext(browser, 1280, 800);
  const phone = await newContext(browser, 375, 812);
  try {
    const officePage = await office.newPage();
    await signInAsDemoAdmin(officePage);
    const { today } = await browserDays(officePage);
    const tag = uniqueTag();
    const email = uniqueEmail("offline-pevo");
    const pevo = await createPevoViaApi(officePage.request, {
      firstName: "Sam",
      lastName: `Nosignal${tag}`,
      email,
      phone: "(806) 555-0101",
      licenseNumber: `LIC-${tag.toUpperCase()}`,
    });
    const job = async (suffix: string) => {
      const rc = await createRateConfirmationViaApi(officePage.request, {
        jobNumber: `RC-OFF${suffix}-${tag.toUpperCase()}`,
        originAddress: "Amarillo, TX 79101",
        destinationAddress: "Tulsa, OK 74103",
        startDate: today,
        pevoId: pevo.id,
      });
      const dispatch = await apiCreate<{ id: string }>(officePage.request, "/api/dispatches", {
        rateConfirmationId: rc.id,
        pevoId: pevo.id,
        driverName: `Dale ${suffix}${tag}`,
        driverPhone: "8065550199",
        pickupDate: today,
        pickupTime: "06:30",
        status: "dispatched",
      });
      return { id: dispatch.id, jobNumber: rc.jobNumber, driver: `Dale ${suffix}${tag}` };
    };
    const main = await job("A");
    const doomed = await job("B");

    // Online first: sign in, accept both jobs, open them (the service worker caches what is read).
    const phonePage = await phone.newPage();
    await acceptInvitation(phonePage, email, PASSWORD);
    await submitSignIn(phonePage, email, PASSWORD);
    await expect(phonePage).toHaveURL(/\/pevo$/, { timeout: 20_000 });
    for (const j of [main, doomed]) {
      // The server's Origin check: a browser's fetch sends it, the request context does not.
      const res = await phonePage.request.post(`/api/portal/dispatches/${j.id}/accept`, {
        headers: { origin: new URL(phonePage.url()).origin },
      });
      expect(res.status()).toBe(200);
    }
    await phonePage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The worker controls the page from the next load on (clients.claim): read everything once.
    await phonePage.reload();
    for (const j of [main, doomed]) {
      await phonePage.goto(`/pevo/dispatches?id=${j.id}`);
      await expect(phonePage.getByTestId("job-stage")).toBeVisible({ timeout: 20_000 });
      await expect(phonePage.getByRole("button", { name: "Hold the safety meeting" })).toBeVisible();
    }
    await phonePage.goto("/pevo/trip-log");
    await expect(phonePage.getByRole("heading", { level: 1 })).toBeVisible();

    // The sw.js and the manifest are served fresh every time.
    const sw = await phonePage.request.get("/sw.js");
    expect(sw.headers()["cache-control"]).toBe("no-cache");
    const manifest = await phonePage.request.get("/manifest.webmanifest");
    expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
    expect((await manifest.json()).icons).toHaveLength(4);

    // The office keeps the main job's page open.
    await officePage.goto(`/dispatching/${main.id}`);
    const paperworkCard = officePage.locator("[data-slot=card]").filter({ hasText: "Safety paperwork" });
    await expect(paperworkCard.getByText("Not signed yet.")).toBeVisible({ timeout: 20_000 });

    // No signal.
    await phone.setOffline(true);
    await phonePage.goto(`/pevo/dispatches?id=${main.id}`);
    await expect(phonePage.getByTestId("job-stage")).toBeVisible({ timeout: 20_000 });
    await expect(phonePage.getByTestId("offline-status")).toContainText("Offline");

    await phonePage.getByRole("button", { name: "On my way" }).click();
    const status = phonePage.getByTestId("offline-status");
    await expect(status).toContainText("Saved on this phone — will sync");
    await expect(phonePage.getByRole("button", { name: "Arrived at pickup" })).toBeVisible();

    // A stop.
    await phonePage.getByRole("button", { name: "Add stop" }).click();
    const dialog = phonePage.getByRole("dialog", { name: "Log a stop" });
    await dialog.getByLabel("Reason").fill("Fuel, no signal here");
    await dialog.getByLabel("Place").fill("Exit 75, I-40");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(phonePage.getByRole("list", { name: "Stop log" })).toContainText("Fuel, no signal here");

    // The safety meeting.
    await phonePage.getByRole("button", { name: "Hold the safety meeting" }).click();
    const form = phonePage.getByRole("form", { name: "Pre-trip safety meeting" });
    for (const box of await form.getByRole("checkbox").all()) await box.check();
    await form.getByLabel("Your full name (PEVO)").fill(`Sam Nosignal${tag}`);
    await form.getByLabel("Truck driver's full name").fill(main.driver);
    await draw(phonePage, form.getByTestId("pevo-signature"));
    await draw(phonePage, form.getByTestId("driver-signature"));
    await form.getByRole("button", { name: "Sign safety meeting" }).click();
    await expect(phonePage.getByTestId("signed-meeting")).toContainText(main.driver);
    await expect(status).toContainText("3 changes waiting");
    await status.scrollIntoViewIfNeeded();
    await shots(phonePage, "offline-saved-on-phone");

    // The other job: "On my way", while the office cancels it.
    await phonePage.goto(`/pevo/dispatches?id=${doomed.id}`);
    await expect(phonePage.getByTestId("job-stage")).toBeVisible({ timeout: 20_000 });
    await phonePage.getByRole("button", { name: "On my way" }).click();
    await expect(status).toContainText("4 changes waiting");
    const doomedNow = await officePage.request.get(`/api/dispatches/${doomed.id}`);
    const d = await doomedNow.json();
    const cancel = await officePage.request.put(`/api/dispatches/${doomed.id}`, {
      headers: { origin: new URL(officePage.url()).origin },
      data: {
        driverName: d.driverName,
        driverPhone: d.driverPhone,
        pickupDate: d.pickupDate,
        pickupTime: d.pickupTime,
        rateConfirmationId: d.rateConfirmationId,
        pevoId: d.pevoId,
        allowConflict: true,
        status: "canceled",
      },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);

    // A trip entry.
    await phonePage.goto("/pevo/trip-log");
    await phonePage
      .getByRole("button", { name: /New Trip Entry|Record Your First Trip/ })
      .first()
      .click();
    const sheet = phonePage.getByRole("dialog", { name: "New Trip Entry" });
    await sheet.getByLabel("Start Location").fill("Amarillo, TX");
    await sheet.getByLabel("End Location").fill("Shamrock, TX");
    await sheet.getByLabel("Miles").fill("95");
    await sheet.getByLabel("Hours").fill("1.5");
    await sheet.getByRole("button", { name: "Save Entry" }).click();
    await expect(sheet).toBeHidden();
    await expect(status).toContainText("5 changes waiting");
    await shots(phonePage, "offline-trip-saved");

    // Signal again: the queue is sent in order, the conflict is shown, the rest is synced.
    await phone.setOffline(false);
    await phonePage.evaluate(() => window.dispatchEvent(new Event("online")));
    const conflict = phonePage.getByRole("alert").filter({ hasText: "Not synced: On my way" });
    await expect(conflict).toContainText("canceled", { timeout: 30_000 });
    await expect(status).toContainText("Synced", { timeout: 30_000 });
    await shots(phonePage, "offline-synced-with-conflict");

    // Each write reached the server exactly once.
    const timeline = await (await officePage.request.get(`/api/dispatches/${main.id}/timeline`)).json();
    expect(timeline.events.filter((e: { kind: string }) => e.kind === "on_my_way")).toHaveLength(1);
    const paperwork = await (await officePage.request.get(`/api/dispatches/${main.id}/paperwork`)).json();
    expect(paperwork.meeting?.driverName).toBe(main.driver);
    expect(paperwork.entries.filter((e: { kind: string }) => e.kind === "stop")).toHaveLength(1);
    const trips = await (await phonePage.request.get("/api/portal/trip-logs")).json();
    expect(trips.items.filter((t: { endLocation: string }) => t.endLocation === "Shamrock, TX")).toHaveLength(
      1,
    );
    const doomedTimeline = await (
      await officePage.request.get(`/api/dispatches/${doomed.id}/timeline`)
    ).json();
    expect(doomedTimeline.events.filter((e: { kind: string }) => e.kind === "on_my_way")).toHaveLength(0);

    // The office's open page shows them without a reload.
    await expect(paperworkCard.getByTestId("signed-meeting")).toContainText(main.driver, { timeout: 20_000 });
    await expect(paperworkCard.getByRole("list", { name: "Stop log" })).toContainText("Exit 75, I-40", {
      timeout: 20_000,
    });
    await expect(
      officePage
        .getByRole("list", { name: "Job timeline" })
        .getByRole("listitem")
        .filter({ hasText: "On my way" }),
    ).toBeVisible({ timeout: 20_000 });

    // The PEVO has read the conflict.
    await conflict.getByRole("button", { name: "Got it" }).click();
    await expect(conflict).toBeHidden();
  } finally {
    await office.close();
    await phone.close();
  }
});
