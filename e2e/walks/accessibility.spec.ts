/**
 * Every screen passes axe-core (WCAG 2.x A and AA, and axe's best practices such as heading order)
 * with no violation of any impact, at 1280 px and 375 px, in the light and the dark theme.
 *
 * One company of its own (so no other spec changes its data) with a client, a PEVO with a portal
 * account, a rate confirmation sent for signature, a dispatch assigned to the PEVO (its Accept /
 * Decline mail) and a sent invoice: every screen shows real content. To stay fast on a small machine
 * each screen is loaded once; without a reload the walk then switches the width and the theme (the
 * `dark` class the theme setting sets) and runs axe again: four states per load, axe injected once.
 * Every violation found is reported at once.
 */

import axe from "axe-core";
import {
  acceptInvitation,
  addDaysIso,
  apiCreate,
  apiUpdate,
  browserDays,
  createAdmin,
  createPevoViaApi,
  createRateConfirmationViaApi,
  latestMail,
  linkIn,
  sameOrigin,
  signIn,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { allowConsole, type Browser, expect, type Page, test } from "../support/test";

/** axe's WCAG 2.0–2.2 A/AA rules and its best practices (heading-order, region, landmarks…). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];
const PASSWORD = "axe-pevo-pass-1";

type Setup = {
  admin: { email: string; password: string };
  pevo: { id: string; email: string };
  clientName: string;
  rcId: string;
  dispatchId: string;
  invoiceId: string;
  signLink: string;
  respondLink: string;
  invoiceLink: string;
};
let setup: Setup;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const baseURL = String(test.info().project.use.baseURL);
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    // The verification link signs the admin in (the context's cookie jar).
    const admin = await createAdmin(context.request, "axe");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    const api = page.request;
    const { today } = await browserDays(page);
    const tag = uniqueTag().toUpperCase();
    const billing = uniqueEmail("axe-ap");
    const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
      name: `Llano Estacado Heavy Haul ${tag}`,
      email: uniqueEmail("axe-dispatch"),
      billingEmail: billing,
      address: "1500 Broadway, Lubbock, TX 79401",
    });
    const pevoEmail = uniqueEmail("axe-pevo");
    const pevo = await createPevoViaApi(api, {
      firstName: "Avery",
      lastName: `Axelsen${tag}`,
      email: pevoEmail,
      phone: "(806) 555-0142",
      licenseNumber: `LIC-${tag}`,
    });
    const pickup = addDaysIso(today, 3);
    const rc = await createRateConfirmationViaApi(api, {
      jobNumber: `AXE-${tag}`,
      originAddress: "Lubbock, TX 79401",
      destinationAddress: "Amarillo, TX 79101",
      startDate: pickup,
      pevoId: pevo.id,
    });
    const signerEmail = uniqueEmail("axe-signer");
    const sent = await api.post(`/api/rate-confirmations/${rc.id}/signature`, {
      data: { signerName: "Sam Signer", signerEmail },
      headers: sameOrigin(),
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const dispatch = await apiCreate<{ id: string }>(api, "/api/dispatches", {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: `Dale Driver ${tag}`,
      driverPhone: "(806) 555-0199",
      pickupDate: pickup,
      pickupTime: "07:30",
    });
    const invoice = await apiCreate<{ id: string }>(api, "/api/invoices", {
      invoiceNumber: `INV-AXE-${tag}`,
      issueDate: today,
      dueDate: addDaysIso(today, 30),
      dispatchId: dispatch.id,
      clientId: client.id,
      customerName: client.name,
      customerAddress: "1500 Broadway, Lubbock, TX 79401",
      lineItems: [
        { date: pickup, location: "Lubbock, TX to Amarillo, TX", mileage: "124", charge: "450.00" },
      ],
    });
    const mailed = await api.post(`/api/invoices/${invoice.id}/send`, {
      data: { to: billing },
      headers: sameOrigin(),
    });
    expect(mailed.status(), await mailed.text()).toBe(200);

    const respondMail = await latestMail(api, pevoEmail, /^New dispatch:/);
    const respondLink = respondMail.text.match(/\S+\/respond\/\S+/)?.[0] ?? "";
    expect(respondLink).not.toBe("");

    // The PEVO's portal account (the invitation's password, in a page of its own).
    const phone = await browser.newContext({ baseURL });
    await acceptInvitation(await phone.newPage(), pevoEmail, PASSWORD);
    await phone.close();

    setup = {
      admin,
      pevo: { id: pevo.id, email: pevoEmail },
      clientName: client.name,
      rcId: rc.id,
      dispatchId: dispatch.id,
      invoiceId: invoice.id,
      signLink: new URL(linkIn(await latestMail(api, signerEmail, /sign/i))).pathname,
      respondLink: new URL(respondLink).pathname,
      invoiceLink: new URL(linkIn(await latestMail(api, billing, /invoice/i))).pathname,
    };
  } finally {
    await context.close();
  }
});

type Screen = {
  name: string;
  path: string;
  /** The server answers 404 (Chromium logs the failed load). */
  status404?: boolean;
  /** Opens a dialog or sheet of the screen after it loaded (the dialog is what is checked too). */
  open?: (page: Page) => Promise<void>;
};

function officeScreens(s: Setup): Screen[] {
  const clientRow = (page: Page) =>
    page.getByRole("main").locator("tr, li").filter({ hasText: s.clientName }).first();
  return [
    { name: "dashboard", path: "/dashboard" },
    { name: "activity", path: "/activity" },
    { name: "clients", path: "/clients" },
    {
      name: "client form",
      path: "/clients",
      open: async (page) => {
        await clientRow(page).getByRole("button", { name: "Edit client" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      },
    },
    {
      name: "client credit",
      path: "/clients",
      open: async (page) => {
        await clientRow(page).getByRole("button", { name: "Credit" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      },
    },
    { name: "PEVOs", path: "/pevos" },
    { name: "PEVO detail", path: `/pevos/edit/${s.pevo.id}` },
    { name: "PEVO form", path: "/pevos/new" },
    { name: "rate confirmations", path: "/rate-confirmations" },
    { name: "rate confirmation detail", path: `/rate-confirmations/${s.rcId}` },
    { name: "rate confirmation form", path: "/rate-confirmations/new" },
    { name: "dispatching", path: "/dispatching" },
    { name: "dispatch detail", path: `/dispatching/${s.dispatchId}` },
    { name: "dispatch form", path: "/dispatching/new" },
    { name: "dispatch edit", path: `/dispatching/edit/${s.dispatchId}` },
    { name: "invoices", path: "/invoices" },
    { name: "invoice detail", path: `/invoices/${s.invoiceId}` },
    { name: "invoice form", path: "/invoices/new" },
    { name: "bill jobs", path: "/invoices/bill-jobs" },
    { name: "credit notes", path: "/invoices/credit-notes" },
    { name: "receivables", path: "/receivables" },
    { name: "calendar", path: "/calendar" },
    { name: "settings: company", path: "/settings" },
    { name: "settings: notifications", path: "/settings?tab=notifications" },
    { name: "settings: team", path: "/settings?tab=team" },
    { name: "settings: account", path: "/settings?tab=account" },
  ];
}

function portalScreens(s: Setup): Screen[] {
  return [
    { name: "portal dashboard", path: "/pevo" },
    { name: "portal dispatches", path: "/pevo/dispatches" },
    { name: "portal job", path: `/pevo/dispatches?id=${s.dispatchId}` },
    { name: "portal trip log", path: "/pevo/trip-log" },
    { name: "portal profile", path: "/pevo/profile" },
    { name: "portal settings", path: "/pevo/settings" },
  ];
}

function publicScreens(s: Setup): Screen[] {
  return [
    { name: "landing", path: "/" },
    { name: "auth", path: "/auth" },
    { name: "e-signature", path: s.signLink },
    { name: "public invoice", path: s.invoiceLink },
    { name: "dispatch response", path: s.respondLink },
    { name: "not found", path: "/no-such-page", status404: true },
  ];
}

type Theme = "light" | "dark";
const STATES = [
  { width: 1280, theme: "light" },
  { width: 1280, theme: "dark" },
  { width: 375, theme: "dark" },
  { width: 375, theme: "light" },
] as const satisfies readonly { width: number; theme: Theme }[];

/**
 * The theme changes colours only (the same DOM with the `dark` class): in dark, the rules that
 * measure colours; every rule in light at each width (a phone's layout is another DOM).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** A page of its own, light, at 1280 px. */
async function newPage(browser: Browser) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

/** Signs in with the light theme saved (the walk sets the theme itself). */
async function signInLight(page: Page, email: string, password: string, home: RegExp) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(home, { timeout: 30_000 });
  await apiUpdate(page.request, "/api/me/settings", {
    emailNotifications: true,
    dispatchAlerts: true,
    pickupReminders: true,
    darkMode: false,
    locationServices: false,
  });
}

/** Waits for the opening and transition animations to end (colours are measured after them). */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    );
  });
}

/**
 * Loads a screen once, waits for its content (no spinner, no placeholder), then for each width and
 * theme runs axe (injected once per load, through the DevTools protocol: the page's CSP allows no
 * script tag) and returns its findings.
 */
async function check(page: Page, screen: Screen) {
  const started = Date.now();
  if (screen.status404) allowConsole(new RegExp(`status of 404 .* @ \\S+${screen.path}$`));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.goto(screen.path);
  await expect(page.locator("h1").first(), `${screen.name}: its heading`).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".animate-spin, .animate-pulse"), `${screen.name}: loaded`).toHaveCount(0, {
    timeout: 20_000,
  });
  if (screen.open) await screen.open(page);
  await page.evaluate(axe.source);
  const found: string[] = [];
  let axeMs = 0;
  for (const state of STATES) {
    await page.setViewportSize({ width: state.width, height: state.width < 600 ? 812 : 900 });
    await page.evaluate(
      (dark) => document.documentElement.classList.toggle("dark", dark),
      state.theme === "dark",
    );
    await settled(page);
    const label = `[${state.width} ${state.theme}]`;
    const axeStarted = Date.now();
    const result = await page.evaluate(
      ({ tags, rules }) =>
        (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
          resultTypes: ["violations"],
        }),
      { tags: TAGS, rules: state.theme === "dark" ? COLOUR_RULES : null },
    );
    axeMs += Date.now() - axeStarted;
    expect(result.testEngine.version).toBe(axe.version);
    found.push(
      ...result.violations.map(
        (v) =>
          `${label} ${screen.name} (${screen.path}): ${v.id} [${v.impact}] ${v.help}\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`)
            .join("\n"),
      ),
    );
  }
  // Printed as found: a slow machine may end the test before the end of the walk.
  console.log(`${screen.name}: ${Date.now() - started} ms (axe ${axeMs} ms)\n${found.join("\n")}`);
  return found;
}

test("every screen has no axe violation at 1280 and 375 px, light and dark", async ({ browser }) => {
  test.setTimeout(420_000);
  const violations: string[] = [];

  const visitor = await newPage(browser);
  for (const screen of publicScreens(setup)) violations.push(...(await check(visitor, screen)));
  await visitor.context().close();

  const office = await newPage(browser);
  await signInLight(office, setup.admin.email, setup.admin.password, /\/dashboard$/);
  for (const screen of officeScreens(setup)) violations.push(...(await check(office, screen)));
  await office.context().close();

  const portal = await newPage(browser);
  await signInLight(portal, setup.pevo.email, PASSWORD, /\/pevo$/);
  for (const screen of portalScreens(setup)) violations.push(...(await check(portal, screen)));
  await portal.context().close();

  expect(violations, violations.join("\n")).toEqual([]);
});
