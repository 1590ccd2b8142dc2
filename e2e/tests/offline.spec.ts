import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  apiCreate,
  approveSettlementViaApi,
  createAdmin,
  createCompletedDispatchViaApi,
  createDispatchedJobViaApi,
  createPerJobPayPlanViaApi,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  createSettlementRunViaApi,
  drawSignature,
  newViewportContext,
  openDemoOffice,
  screenshotFolder,
  signInInvitedPevo,
  uniqueTag,
} from "../support/helpers";
import { allowConsole, expect, type Page, test } from "../support/test";

/**
 * ADR 0014: the portal works without signal. The service worker serves the app and the PEVO's
 * cached job; writes wait in the phone's queue and reach the server exactly once when signal returns.
 */

const PASSWORD = "offline-pass-1";

/** Both themes of the phone's screen with the offline bar. */
async function shots(page: Page, name: string) {
  const dir = screenshotFolder("offline");
  const style = "[data-sonner-toaster] { display: none !important; }";
  const html = page.locator("html");
  // The PEVO's saved theme may be dark: each shot sets its own.
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await expect(html).not.toHaveClass(/\bdark\b/);
  // Transitions finished at once: a shot taken just after the theme changed shows no colours mid-way.
  await page.screenshot({ path: `${dir}/${name}-375-light.png`, style, animations: "disabled" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await expect(html).toHaveClass(/\bdark\b/);
  await page.screenshot({ path: `${dir}/${name}-375-dark.png`, style, animations: "disabled" });
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
  const office = await newViewportContext(browser, 1280, 800);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();
    const pevo = await createPevoWithLoginViaApi(officePage.request, "offline-pevo", {
      firstName: "Sam",
      lastName: `Nosignal${tag}`,
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
      const dispatch = await createDispatchedJobViaApi(officePage.request, {
        rateConfirmationId: rc.id,
        pevoId: pevo.id,
        driverName: `Dale ${suffix}${tag}`,
        pickupDate: today,
      });
      return { id: dispatch.id, jobNumber: rc.jobNumber, driver: `Dale ${suffix}${tag}` };
    };
    const main = await job("A");
    const doomed = await job("B");

    // Online first: sign in, accept both jobs, open them (the service worker caches what is read).
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
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
    await drawSignature(phonePage, form.getByTestId("pevo-signature"), 3);
    await drawSignature(phonePage, form.getByTestId("driver-signature"), 3);
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
    // The waiting entry is listed ahead of the trip log, never "no trips".
    const waitingTrip = phonePage.getByTestId("queued-trip");
    await expect(waitingTrip).toContainText("Amarillo, TX → Shamrock, TX");
    await expect(waitingTrip).toContainText("Saved on this phone — will sync");
    await expect(phonePage.getByText("No trip logs have been recorded yet")).toBeHidden();
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
    await expect(waitingTrip).toBeHidden();
    await expect(phonePage.getByRole("list", { name: "Trips" })).toContainText("Amarillo, TX → Shamrock, TX");
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

test("offline at 375 px: a job photo, a trip entry edit and a delete are kept on the phone, then reach the server once; an entry changed meanwhile is shown", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  allowConsole(
    /net::ERR_INTERNET_DISCONNECTED @ /,
    /net::ERR_FAILED @ http:\/\/localhost:\d+\/api\/portal\//,
  );
  const photo = readFileSync(resolve(import.meta.dirname, "../../apps/server/test/fixtures/photo.png"));
  const office = await newViewportContext(browser, 1280, 800);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();
    const pevo = await createPevoWithLoginViaApi(officePage.request, "offline-photo", {
      firstName: "Pat",
      lastName: `Photo${tag}`,
      phone: "(806) 555-0102",
      licenseNumber: `LIC-P${tag.toUpperCase()}`,
    });
    const rc = await createRateConfirmationViaApi(officePage.request, {
      jobNumber: `RC-OFFP-${tag.toUpperCase()}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Tulsa, OK 74103",
      startDate: today,
      pevoId: pevo.id,
    });
    const job = await createDispatchedJobViaApi(officePage.request, {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: `Dale P${tag}`,
      pickupDate: today,
    });

    // Online: sign in, accept the job, log its trip; open the job and the trip log once (cached).
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
    const origin = { origin: new URL(phonePage.url()).origin };
    expect(
      (await phonePage.request.post(`/api/portal/dispatches/${job.id}/accept`, { headers: origin })).status(),
    ).toBe(200);
    const logged = await phonePage.request.post("/api/portal/trip-logs", {
      headers: origin,
      data: {
        tripDate: today,
        dispatchId: job.id,
        startLocation: "Amarillo, TX",
        endLocation: "Shamrock, TX",
        miles: "95",
        hours: "1.5",
        expenses: [],
      },
    });
    expect(logged.status(), await logged.text()).toBe(201);
    const trip = {
      tripDate: today,
      dispatchId: null,
      startLocation: "Amarillo, TX",
      endLocation: "Groom, TX",
      miles: "42",
      hours: "1",
      expenses: [],
    };
    const other = await phonePage.request.post("/api/portal/trip-logs", { headers: origin, data: trip });
    expect(other.status(), await other.text()).toBe(201);
    const otherId = (await other.json()).id as string;
    const mistake = await phonePage.request.post("/api/portal/trip-logs", {
      headers: origin,
      data: { ...trip, endLocation: "Vega, TX", miles: "31" },
    });
    expect(mistake.status(), await mistake.text()).toBe(201);
    const mistakeId = (await mistake.json()).id as string;
    await phonePage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await phonePage.reload();
    await phonePage.goto(`/pevo/dispatches?id=${job.id}`);
    const documentsCard = phonePage.locator("[data-slot=card]").filter({ hasText: "Job documents" });
    await expect(documentsCard.getByText("No documents yet.")).toBeVisible({ timeout: 20_000 });
    await phonePage.goto("/pevo/trip-log");
    await expect(phonePage.getByRole("list", { name: "Trips" })).toContainText("Shamrock, TX");

    // No signal: a photo of the job.
    await phone.setOffline(true);
    await phonePage.goto(`/pevo/dispatches?id=${job.id}`);
    await expect(documentsCard.getByText("No documents yet.")).toBeVisible({ timeout: 20_000 });
    const status = phonePage.getByTestId("offline-status");
    await expect(status).toContainText("Offline");
    await documentsCard
      .getByLabel("Take a photo to upload")
      .setInputFiles({ name: "pole-strike.png", mimeType: "image/png", buffer: photo });
    const kept = documentsCard.getByTestId("queued-document");
    await expect(kept).toContainText("pole-strike.png");
    await expect(kept).toContainText("Saved on this phone — will sync");
    await expect(status).toContainText("1 change waiting");
    // At the page's end the kept photo scrolls out from under the offline bar.
    await phonePage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const row = await kept.boundingBox();
    const bar = await status.boundingBox();
    expect((row?.y ?? 0) + (row?.height ?? 0)).toBeLessThanOrEqual(bar?.y ?? 0);
    await shots(phonePage, "offline-photo-queued");

    // The trip entry edited.
    await phonePage.goto("/pevo/trip-log");
    const trips = phonePage.getByRole("list", { name: "Trips" });
    await trips
      .getByRole("listitem")
      .filter({ hasText: "Shamrock, TX" })
      .getByRole("button", { name: "Edit" })
      .click();
    const sheet = phonePage.getByRole("dialog", { name: "Edit Trip Entry" });
    await sheet.getByLabel("Miles").fill("97.5");
    await sheet.getByLabel("Notes").fill("Detour at exit 75");
    await sheet.getByRole("button", { name: "Update Entry" }).click();
    await expect(sheet).toBeHidden();
    await expect(status).toContainText("2 changes waiting");
    // Shown ahead on the phone until the server's answer replaces it.
    await expect(trips).toContainText("97.5");

    // Another entry edited here, and meanwhile on another device (a laptop still online).
    await trips
      .getByRole("listitem")
      .filter({ hasText: "Groom, TX" })
      .getByRole("button", { name: "Edit" })
      .click();
    await sheet.getByLabel("Miles").fill("44");
    await sheet.getByRole("button", { name: "Update Entry" }).click();
    await expect(sheet).toBeHidden();
    await expect(status).toContainText("3 changes waiting");
    const elsewhere = await phonePage.request.put(`/api/portal/trip-logs/${otherId}`, {
      headers: origin,
      data: { ...trip, miles: "45" },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);

    // An entry deleted: the delete waits on the phone, the entry is marked, with nothing to tap.
    const vega = trips.getByRole("listitem").filter({ hasText: "Vega, TX" });
    await vega.getByRole("button", { name: "Delete" }).click();
    const confirm = phonePage.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(vega.getByTestId("trip-deleting")).toContainText("Being deleted");
    await expect(vega).toContainText("Saved on this phone — will sync");
    await expect(vega.getByRole("button")).toHaveCount(0);
    await expect(status).toContainText("4 changes waiting");
    // A new entry made here and deleted before it was sent is only taken back from the phone.
    await phonePage.getByRole("button", { name: "New Trip Entry" }).click();
    const newSheet = phonePage.getByRole("dialog", { name: "New Trip Entry" });
    await newSheet.getByLabel("Start Location").fill("Amarillo, TX");
    await newSheet.getByLabel("End Location").fill("Dumas, TX");
    await newSheet.getByLabel("Miles").fill("48");
    await newSheet.getByLabel("Hours").fill("1");
    await newSheet.getByRole("button", { name: "Save Entry" }).click();
    await expect(newSheet).toBeHidden();
    await expect(status).toContainText("5 changes waiting");
    const waitingTrip = phonePage.getByTestId("queued-trip").filter({ hasText: "Dumas, TX" });
    await waitingTrip.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toContainText("Amarillo, TX → Dumas, TX");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(waitingTrip).toBeHidden();
    await expect(status).toContainText("4 changes waiting");
    // Taken back, nothing else moved: the edit waiting on the phone still shows ahead.
    await expect(trips.getByRole("listitem").filter({ hasText: "Groom, TX" })).toContainText("44");
    await vega.scrollIntoViewIfNeeded();
    await shots(phonePage, "offline-trip-deleted");

    // Signal again: the photo and the first edit reach the server once, in order; the other edit
    // is refused with the server's reason, and the entry as the server has it comes back.
    await phone.setOffline(false);
    await phonePage.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(status).toContainText("Synced", { timeout: 30_000 });
    const refused = phonePage.getByRole("alert").filter({ hasText: "Not synced" });
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText("Not synced: Edited trip log entry Amarillo, TX → Groom, TX");
    await expect(refused).toContainText("changed on another device");
    await expect(trips.getByRole("listitem").filter({ hasText: "Groom, TX" })).toContainText("45");
    await refused.getByRole("button", { name: "Got it" }).click();
    await expect(refused).toBeHidden();

    // The deleted entry is gone from the phone and the server; the one taken back never got there.
    await expect(vega).toBeHidden();
    const mine = await (await phonePage.request.get("/api/portal/trip-logs")).json();
    expect(mine.items.map((t: { endLocation: string }) => t.endLocation).sort()).toEqual([
      "Groom, TX",
      "Shamrock, TX",
    ]);
    expect((await phonePage.request.get(`/api/portal/trip-logs/${mistakeId}`)).status()).toBe(404);
    // Sent once more (its answer lost on a bad signal, say): done again, not an error.
    const again = await phonePage.request.delete(`/api/portal/trip-logs/${mistakeId}`, { headers: origin });
    expect(again.status(), await again.text()).toBe(204);

    const documents = await (await officePage.request.get(`/api/dispatches/${job.id}/documents`)).json();
    expect(documents.map((d: { fileName: string }) => d.fileName)).toEqual(["pole-strike.png"]);
    const tripLog = await (await officePage.request.get(`/api/dispatches/${job.id}/trip-logs`)).json();
    expect(tripLog.items).toHaveLength(1);
    expect(tripLog.items[0]).toMatchObject({ miles: "97.50", notes: "Detour at exit 75" });

    // The office's dispatch page shows the one photo and the edited entry.
    await officePage.goto(`/dispatching/${job.id}`);
    await expect(officePage.getByRole("link", { name: "pole-strike.png" })).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(
      officePage.locator("[data-slot=card]").filter({ hasText: "Trip Log" }).first(),
    ).toContainText("97.5");

    // The phone's list holds the server's document now, not the kept copy.
    await phonePage.goto(`/pevo/dispatches?id=${job.id}`);
    await expect(documentsCard.getByRole("link", { name: "pole-strike.png" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(documentsCard.getByTestId("queued-document")).toHaveCount(0);
  } finally {
    await office.close();
    await phone.close();
  }
});

test("offline at 375 px: a trip entry deleted on the phone while the office approves the job's pay is shown as not synced, the entry kept and then shown locked", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  allowConsole(
    /net::ERR_INTERNET_DISCONNECTED @ /,
    /net::ERR_FAILED @ http:\/\/localhost:\d+\/api\/portal\//,
  );
  const phone = await newViewportContext(browser, 375, 812);
  try {
    // The office, through the API: a company of its own, whose settlement run pays this job only.
    const api = request;
    await createAdmin(api, "offline-pay");
    const today = new Date().toISOString().slice(0, 10);
    const tag = uniqueTag();
    await apiCreate(api, "/api/clients", { name: `Offline Pay Client ${tag}` });
    const pevo = await createPevoWithLoginViaApi(api, "offline-pay-pevo", {
      firstName: "Kim",
      lastName: `Settled${tag}`,
      phone: "(806) 555-0103",
      licenseNumber: `LIC-S${tag.toUpperCase()}`,
    });
    const jobDay = addDaysIso(today, -2);
    const rc = await createRateConfirmationViaApi(api, {
      jobNumber: `RC-OFFS-${tag.toUpperCase()}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Tulsa, OK 74103",
      startDate: jobDay,
    });
    const job = await createCompletedDispatchViaApi(api, rc.id, { pevoId: pevo.id, pickupDate: jobDay });
    await createPerJobPayPlanViaApi(api, today);

    // Online: the PEVO's trip of the job; the trip log opened once (cached).
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
    const origin = { origin: new URL(phonePage.url()).origin };
    const logged = await phonePage.request.post("/api/portal/trip-logs", {
      headers: origin,
      data: {
        tripDate: jobDay,
        dispatchId: job.id,
        startLocation: "Amarillo, TX",
        endLocation: "Clarendon, TX",
        miles: "60",
        hours: "1.5",
        expenses: [],
      },
    });
    expect(logged.status(), await logged.text()).toBe(201);
    const tripId = (await logged.json()).id as string;
    // A trip of no job: no settlement pays it, so it stays the PEVO's to change throughout.
    const loose = await phonePage.request.post("/api/portal/trip-logs", {
      headers: origin,
      data: {
        tripDate: today,
        dispatchId: null,
        startLocation: "Amarillo, TX",
        endLocation: "Canyon, TX",
        miles: "18",
        hours: "0.5",
        expenses: [],
      },
    });
    expect(loose.status(), await loose.text()).toBe(201);
    // The office's draft pays the job; a draft still leaves the PEVO's entries theirs to change.
    const settlement = await createSettlementRunViaApi(api, addDaysIso(today, -13), today);
    await phonePage.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await phonePage.reload();
    await phonePage.goto("/pevo/trip-log");
    const trips = phonePage.getByRole("list", { name: "Trips" });
    const entry = trips.getByRole("listitem").filter({ hasText: "Clarendon, TX" });
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await expect(entry.getByTestId("trip-locked")).toHaveCount(0);

    // No signal: the entry deleted, the delete waiting on the phone.
    await phone.setOffline(true);
    await entry.getByRole("button", { name: "Delete" }).click();
    const confirm = phonePage.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(entry.getByTestId("trip-deleting")).toContainText("Being deleted");
    const status = phonePage.getByTestId("offline-status");
    await expect(status).toContainText("1 change waiting");

    // Meanwhile the office approves the settlement: the job's pay is locked with the entry in it.
    await approveSettlementViaApi(api, settlement.id);

    // Signal again: the delete is refused with the server's reason; the entry comes back as the
    // server has it (no longer being deleted, now locked), and is still the office's to see.
    await phone.setOffline(false);
    await phonePage.evaluate(() => window.dispatchEvent(new Event("online")));
    const refused = phonePage.getByRole("alert").filter({ hasText: "Not synced" });
    await expect(refused).toContainText("Not synced: Deleted trip log entry Amarillo, TX → Clarendon, TX", {
      timeout: 30_000,
    });
    await expect(refused).toContainText("Your pay for this job is approved: its trip entries are locked");
    await expect(refused).toContainText("The trip entry as the server has it was kept.");
    await expect(entry.getByTestId("trip-deleting")).toHaveCount(0);
    await shots(phonePage, "offline-trip-delete-refused");
    const kept = await phonePage.request.get(`/api/portal/trip-logs/${tripId}`);
    expect(kept.status()).toBe(200);
    expect((await kept.json()).paySettled).toBe(true);
    const tripLog = await (await api.get(`/api/dispatches/${job.id}/trip-logs`)).json();
    expect(tripLog.items.map((t: { id: string }) => t.id)).toEqual([tripId]);

    await refused.getByRole("button", { name: "Got it" }).click();
    await expect(refused).toBeHidden();
    await expect(entry).toBeVisible();

    // The trip log tells the truth before the PEVO tries (DECISIONS 'PEVO pay', Trip entries of a
    // settled job): the settled job's entry offers no Edit or Delete and says why; a new day of it
    // is still taken, and the entry of no job keeps both.
    const locked = async () => {
      await expect(entry.getByTestId("trip-locked")).toHaveText(
        "Your pay for this job is settled — entries can no longer be changed. Ask the office to correct them.",
      );
      await expect(entry.getByRole("button", { name: "Edit" })).toHaveCount(0);
      await expect(entry.getByRole("button", { name: "Delete" })).toHaveCount(0);
      await expect(entry.getByRole("button", { name: "Next day" })).toBeVisible();
      const free = trips.getByRole("listitem").filter({ hasText: "Canyon, TX" });
      await expect(free.getByTestId("trip-locked")).toHaveCount(0);
      await expect(free.getByRole("button", { name: "Edit" })).toBeVisible();
      await expect(free.getByRole("button", { name: "Delete" })).toBeVisible();
    };
    await locked();
    await shots(phonePage, "trip-log-locked");
    // With no signal the trip log opens from the answer cached with the flag: still locked.
    await phone.setOffline(true);
    await phonePage.goto("/pevo/trip-log");
    await expect(phonePage.getByTestId("offline-status")).toContainText("Offline");
    await expect(entry).toBeVisible({ timeout: 20_000 });
    await locked();
    await phone.setOffline(false);
  } finally {
    await phone.close();
  }
});
