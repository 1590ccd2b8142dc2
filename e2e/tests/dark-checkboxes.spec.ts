import { copyFileSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import {
  addDaysIso,
  apiCreate,
  browserDays,
  createPevoViaApi,
  DEMO_PEVO,
  sameOrigin,
  signIn,
  signInAsDemoAdmin,
  uniqueTag,
} from "../support/helpers";
import { expect, type Locator, type Page, test } from "../support/test";

/**
 * A checked checkbox or switch reads as checked in both themes (the PEVO portal is dark by default):
 * the portal's trip entry ("Stayed overnight", "No-go") and New Dispatch's pre-ticked positions.
 */

async function setDark(page: Page, darkMode: boolean) {
  const response = await page.request.put("/api/me/settings", {
    data: {
      emailNotifications: true,
      dispatchAlerts: true,
      pickupReminders: true,
      darkMode,
      locationServices: false,
    },
    headers: sameOrigin(),
  });
  expect(response.status()).toBe(200);
}

async function shot(page: Page, name: string) {
  const path = resolve(test.info().outputDir, `${name}.png`);
  await page.screenshot({ path, style: "[data-sonner-toaster] { display: none !important; }" });
  // Kept beside the other screenshots of this work, to look at.
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, resolve(dir, `${name}.png`));
  }
}

/** The box's fill and its tick's colour: a checked box is filled and its tick differs from the fill. */
async function look(box: Locator) {
  return box.evaluate((el) => {
    const fill = getComputedStyle(el).backgroundColor;
    const svg = el.querySelector("svg");
    return {
      fill,
      tick: svg ? getComputedStyle(svg).color : null,
      page: getComputedStyle(document.body).backgroundColor,
    };
  });
}

async function expectReadsChecked(box: Locator) {
  await expect(box).toHaveAttribute("data-state", "checked");
  const { fill, tick, page } = await look(box);
  expect(fill, "a checked box is filled").not.toBe(page);
  expect(fill).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
  if (tick !== null) expect(tick, "the tick stands out from the fill").not.toBe(fill);
}

test("the portal's trip entry: Stayed overnight and No-go read as ticked, dark and light", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, DEMO_PEVO.email, DEMO_PEVO.password);
  await expect(page).toHaveURL(/\/pevo/, { timeout: 20_000 });
  try {
    for (const dark of [true, false]) {
      await setDark(page, dark);
      await page.goto("/pevo/trip-log");
      await page
        .getByRole("button", { name: /New Trip Entry|Record Your First Trip/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      const overnight = dialog.getByRole("checkbox", { name: "Stayed overnight" });
      const noGo = dialog.getByRole("checkbox", { name: /No-go/ });
      await overnight.click();
      await noGo.click();
      await expectReadsChecked(overnight);
      await expectReadsChecked(noGo);
      await overnight.scrollIntoViewIfNeeded();
      await shot(page, `checkbox-portal-trip-${dark ? "dark" : "light"}-375`);
      await page.keyboard.press("Escape");
    }
  } finally {
    await setDark(page, true); // the portal's default
  }
});

test("New Dispatch: the pre-ticked positions and the settings switches read as on, dark and light", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);
  const tag = uniqueTag().toUpperCase();
  const lead = await createPevoViaApi(page.request, { firstName: "Dana", lastName: `Dark${tag}` });
  const client = ((await (await page.request.get("/api/clients")).json()) as { items: { id: string }[] })
    .items[0];
  const job = await apiCreate<{ id: string }>(page.request, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: `DARK-${tag}`,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate: addDaysIso(today, 3),
    endDate: addDaysIso(today, 4),
    description: "Oversize load, two escorts.",
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "300",
      detentionRate: "45",
      detentionThreshold: 2,
    },
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: lead.id }, { positionType: "chase_car" }],
    allowConflict: false,
  });
  try {
    for (const dark of [true, false]) {
      await setDark(page, dark);
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/dispatching/new?rcId=${job.id}`);
        const first = page.locator("#positions-0-selected");
        await expect(first).toBeVisible({ timeout: 20_000 });
        await expectReadsChecked(first);
        await first.scrollIntoViewIfNeeded();
        await shot(page, `checkbox-new-dispatch-${dark ? "dark" : "light"}-${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto("/settings");
      const on = page.locator('[data-slot=switch][data-state="checked"]').first();
      await expect(on).toBeVisible({ timeout: 20_000 });
      const { fill, page: body } = await look(on);
      expect(fill).not.toBe(body);
      const off = page.locator('[data-slot=switch][data-state="unchecked"]').first();
      if ((await off.count()) > 0) expect((await look(off)).fill, "on and off differ").not.toBe(fill);
      await on.scrollIntoViewIfNeeded();
      await shot(page, `switch-settings-${dark ? "dark" : "light"}-1280`);
    }
  } finally {
    await setDark(page, false);
  }
});
