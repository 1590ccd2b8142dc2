import { resolve } from "node:path";
import { TEXT_LIMITS } from "@pevo/shared";
import {
  acceptInvitation,
  addDaysIso,
  addInsuranceViaApi,
  apiCreate,
  apiUpdate,
  browserDays,
  latestMail,
  linkIn,
  QUALIFIED_UNTIL,
  signIn,
  skipSetup,
  submitSignIn,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

/**
 * Issue "What a new user trips over": every free-text field holds its longest allowed value, made of
 * ONE unbroken word, and still no screen is wider than the viewport and every dialog keeps its buttons
 * on screen, at desktop (1280 px) and phone (375 px) widths.
 */

const WIDTHS = [1280, 375] as const;

/** `n` characters without a single break opportunity; a unique `tag` first when given. */
const word = (n: number, tag = "", c = "W") => `${tag}${c.repeat(Math.max(0, n - tag.length))}`;
/** The longest phone a field takes (TEXT_LIMITS.phone): a number with a ten-digit extension. */
const longPhone = (line: string) => `(555) ${line}-5555 ext. 1234567890`;

/** The page is no wider than the viewport (1 px of rounding allowed); soft, so one run lists every screen. */
async function expectNoSideScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth, culprit } = await page.evaluate(() => {
    // The innermost element that reaches past the right edge, to name in the message.
    let culprit = "";
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const box = el.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 && box.width > 0) {
        culprit = `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${Math.round(box.right)}px`;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, culprit };
  });
  expect
    .soft(scrollWidth, `${what}: page width ${scrollWidth} > viewport ${innerWidth} (${culprit})`)
    .toBeLessThanOrEqual(innerWidth + 1);
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: resolve(test.info().outputDir, "long-values", `${name}.png`),
    // The viewport only: full-page captures of pages this tall take minutes on a busy machine.
    fullPage: false,
    style: "[data-sonner-toaster] { display: none !important; }",
  });
}

/** Opens a page, waits for its content (`ready`), checks the width at both sizes and screenshots it. */
async function visit(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.goto(path);
    await ready(page);
    await expectNoSideScroll(page, `${path} at ${width}px`);
    await shot(page, `${name}-${width}`);
  }
}

/** Every button of the open (alert) dialog lies inside the viewport; then it is closed unchanged. */
async function expectDialogButtonsOnScreen(page: Page, name: string, width: number) {
  const dialog = page.locator("[role=alertdialog], [role=dialog]").filter({ visible: true }).last();
  await expect(dialog).toBeVisible();
  // The zoom-in animation ends (measured boxes are then final).
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const viewport = page.viewportSize() as { width: number; height: number };
  const buttons = dialog.getByRole("button");
  const count = await buttons.count();
  expect(count, `${name}: buttons in the dialog`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await buttons.nth(i).boundingBox();
    const label = (await buttons.nth(i).textContent()) ?? "";
    expect(box, `${name}: button "${label}" has a box`).not.toBeNull();
    if (!box) continue;
    const where = `${name} at ${width}px: button "${label}" at x=${box.x} y=${box.y} w=${box.width}`;
    expect.soft(box.x, where).toBeGreaterThanOrEqual(-1);
    expect.soft(box.y, where).toBeGreaterThanOrEqual(-1);
    expect.soft(box.x + box.width, where).toBeLessThanOrEqual(viewport.width + 1);
    expect.soft(box.y + box.height, where).toBeLessThanOrEqual(viewport.height + 1);
  }
  await expectNoSideScroll(page, `${name} dialog at ${width}px`);
  await shot(page, `${name}-dialog-${width}`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** At both widths: opens the page, clicks its (first visible) `trigger` button and checks the dialog. */
async function checkDialog(page: Page, path: string, name: string, trigger: RegExp) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.goto(path);
    const button = page.getByRole("button", { name: trigger }).filter({ visible: true }).first();
    await expect(button).toBeVisible({ timeout: 20_000 });
    await button.click();
    await expectDialogButtonsOnScreen(page, name, width);
  }
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 20_000 });
};
/** The heading and a long value on screen (the data has loaded). */
const showing = (name: string | RegExp, text: string) => async (page: Page) => {
  await heading(name)(page);
  await expect(page.getByText(text.slice(0, 30)).first()).toBeAttached({ timeout: 20_000 });
};

async function post<T>(request: APIRequestContext, path: string, data: unknown) {
  return apiCreate<T>(request, path, data);
}

test("the longest allowed unbroken values fit every list, detail, dashboard and dialog at 1280 and 375 px", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(900_000); // ~40 pages at two widths on a shared machine
  const L = TEXT_LIMITS;
  const tag = uniqueTag().toUpperCase();

  // A new company whose name and admin's name are as long as allowed.
  const account = {
    email: uniqueEmail("long"),
    password: "secret-pass-1",
    companyName: word(L.name, "CO"),
    contactPerson: word(L.name, "ADMIN"),
  };
  const created = await request.post("/api/signup", { data: account });
  expect(created.status(), await created.text()).toBe(201);
  expect((await request.get(linkIn(await latestMail(request, account.email, /verify/i)))).ok()).toBe(true);
  await skipSetup(request);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const api = page.request;
  const { today } = await browserDays(page);

  await apiUpdate(api, "/api/company", {
    name: word(L.name, "CO"),
    contactPerson: word(L.name, "ADMIN"),
    address: word(L.address, "ADDR"),
    phone: longPhone("555"),
    paymentTermsDays: 30,
    taxRate: "0",
    invoiceFooter: word(L.longText, "FOOTER"),
  });

  const client = await post<{ id: string; name: string }>(api, "/api/clients", {
    name: word(L.name, `CLIENT${tag}`),
    contactPerson: word(L.name, "CONTACT"),
    mcNumber: word(L.code, "", "1"),
    dotNumber: word(L.code, "", "2"),
    email: uniqueEmail("long-client"),
    phone: longPhone("555"),
    cellPhone: longPhone("666"),
    fax: longPhone("777"),
    address: word(L.address, "CLIENTADDR"),
  });
  // A second client, to be deleted (its deletion writes a long activity line).
  await post(api, "/api/clients", { name: word(L.name, `GONE${tag}`) });

  const pevoFields = {
    phone: longPhone("555"),
    licenseNumber: word(L.code, "LIC"),
    // Assignable: every assignment checks the licence and insurance (added below).
    certificationExpiry: QUALIFIED_UNTIL,
    status: "active",
    states: ["TX"],
  };
  // The longest names on a PEVO without a login and on one with a login (whose account is named
  // "first last": 100 + 1 + 100 characters).
  const pevo = await post<{ id: string; firstName: string; lastName: string }>(api, "/api/pevos", {
    ...pevoFields,
    firstName: word(L.name, "FIRST"),
    lastName: word(L.name, "LAST"),
  });
  const pevoEmail = uniqueEmail("long-pevo");
  const portalPevo = await post<{ id: string; firstName: string; lastName: string }>(api, "/api/pevos", {
    ...pevoFields,
    firstName: word(L.name, "PFIRST"),
    lastName: word(L.name, "PLAST"),
    email: pevoEmail,
  });
  for (const p of [pevo, portalPevo]) await addInsuranceViaApi(api, p.id);

  const rc = await post<{ id: string; jobNumber: string }>(api, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: word(L.code, `RC${tag}`),
    originAddress: word(L.address, "ORIGIN"),
    destinationAddress: word(L.address, "DEST"),
    startDate: today,
    description: word(L.longText, "DESC"),
    additionalTerms: word(L.longText, "TERMS"),
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "250",
      detentionRate: "65",
      detentionThreshold: 2,
    },
    customRates: [{ name: word(L.label, "RATE"), amount: "25", unit: "per_job" }],
    positions: [
      { positionType: "lead_car", pevoId: portalPevo.id },
      { positionType: "custom", customName: word(L.label, "POSITION") },
    ],
  });

  const dispatchBody = {
    rateConfirmationId: rc.id,
    pevoId: portalPevo.id,
    driverName: word(L.name, "DRIVER"),
    driverPhone: "8065550199",
    driverCompany: word(L.name, "HAULER"),
    pickupDate: today,
    pickupTime: "06:30",
    notes: word(L.longText, "NOTES"),
    status: "dispatched",
  };
  const dispatch = await post<{ id: string }>(api, "/api/dispatches", dispatchBody);
  // A second one without an invoice, so that its Delete is enabled.
  const spare = await post<{ id: string }>(api, "/api/dispatches", {
    ...dispatchBody,
    driverName: word(L.name, "SPARE"),
  });

  const invoice = await post<{ id: string }>(api, "/api/invoices", {
    invoiceNumber: word(L.code, `INV${tag}`),
    issueDate: today,
    dueDate: addDaysIso(today, 30),
    dispatchId: dispatch.id,
    customerName: word(L.name, "CUSTOMER"),
    customerAddress: word(L.address, "CUSTADDR"),
    pevoName: word(L.name, "PEVONAME"),
    pevoPosition: word(L.label, "PEVOPOS"),
    notes: word(L.longText, "INVNOTES"),
    lineItems: [{ date: today, location: word(L.location, "LINELOC"), mileage: "120", charge: "450" }],
  });

  // ---- The office's screens ----
  await visit(page, "/clients", "clients", showing("Clients", client.name));
  await checkDialog(page, "/clients", "client-delete", /^Delete client/);
  await visit(page, "/pevos", "pevos", showing("PEVOs", pevo.lastName));
  await checkDialog(page, "/pevos", "pevo-delete", /^Delete PEVO/);
  await visit(page, `/pevos/edit/${pevo.id}`, "pevo-edit", heading(/PEVO/));
  await visit(page, "/rate-confirmations", "rate-confirmations", showing(/Rate Confirmations/, rc.jobNumber));
  await visit(page, `/rate-confirmations/${rc.id}`, "rate-confirmation", showing(/./, rc.jobNumber));
  await visit(page, "/dispatching", "dispatching", showing(/Dispatch/, dispatchBody.driverName));
  await visit(page, `/dispatching/${dispatch.id}`, "dispatch", async (p) => {
    await heading("Dispatch Details")(p);
    await expect(p.getByLabel(/Driver Name/)).toHaveValue(dispatchBody.driverName, { timeout: 20_000 });
  });
  await checkDialog(page, `/dispatching/${spare.id}`, "dispatch-delete", /^Delete/);
  await visit(page, "/invoices", "invoices", showing("Invoices", `INV${tag}`));
  await visit(page, `/invoices/${invoice.id}`, "invoice", showing(/./, `INV${tag}`));
  await checkDialog(page, `/invoices/${invoice.id}`, "invoice-delete", /^Delete/);
  await visit(page, "/calendar", "calendar", heading(/Calendar/));
  await visit(page, "/settings", "settings", heading(/Settings/));

  // The client deleted through the API leaves a Recent Activity line quoting its long name.
  const found = (await (await api.get(`/api/clients?q=${encodeURIComponent(`GONE${tag}`)}`)).json()) as {
    items: { id: string; name: string }[];
  };
  const gone = found.items.find((c) => c.name.startsWith(`GONE${tag}`));
  if (gone) {
    const removed = await api.delete(`/api/clients/${gone.id}`, {
      headers: { Origin: new URL(String(test.info().project.use.baseURL)).origin },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  await visit(page, "/dashboard", "dashboard", showing("Dashboard", "Recent Activity"));

  // ---- The PEVO portal ----
  const context = await browser.newContext({ baseURL: String(test.info().project.use.baseURL) });
  const portal = await context.newPage();
  try {
    await acceptInvitation(portal, pevoEmail, "portal-pass-1");
    await submitSignIn(portal, pevoEmail, "portal-pass-1");
    await expect(portal).toHaveURL(/\/pevo$/, { timeout: 30_000 });
    await post(portal.request, "/api/portal/trip-logs", {
      tripDate: today,
      dispatchId: dispatch.id,
      startLocation: word(L.location, "START"),
      endLocation: word(L.location, "END"),
      miles: "240",
      hours: "5.5",
      notes: word(L.longText, "TRIPNOTES"),
      expenses: [{ type: "fuel", amount: "80" }],
    });
    await visit(portal, "/pevo", "portal-dashboard", heading("Dashboard"));
    await visit(
      portal,
      "/pevo/dispatches",
      "portal-dispatches",
      showing(/Dispatches/, dispatchBody.driverName),
    );
    // The details of the first dispatch (a sheet or dialog).
    for (const width of WIDTHS) {
      await portal.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await portal.goto("/pevo/dispatches");
      const details = portal
        .getByRole("link", { name: /^Details/ })
        .or(portal.getByRole("button", { name: /^(View )?Details/ }));
      await expect(details.first()).toBeVisible({ timeout: 20_000 });
      await details.first().click();
      // Measured once the details are drawn: the title and the longest value (the notes).
      await expect(portal.getByRole("heading", { level: 1, name: /^Job #/ })).toBeVisible({
        timeout: 20_000,
      });
      await expect(portal.getByText(dispatchBody.notes, { exact: true })).toBeVisible();
      await expectNoSideScroll(portal, `portal dispatch details at ${width}px`);
      await shot(portal, `portal-dispatch-details-${width}`);
    }
    await visit(portal, "/pevo/trip-log", "portal-trip-log", showing(/Trip Log/, "START"));
    await checkDialog(portal, "/pevo/trip-log", "trip-delete", /^Delete/);
    await visit(portal, "/pevo/profile", "portal-profile", heading(/Profile/));
    await visit(portal, "/pevo/settings", "portal-settings", heading(/Settings/));
  } finally {
    await context.close();
  }
});
