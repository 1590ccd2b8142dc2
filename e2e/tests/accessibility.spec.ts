/**
 * Every screen passes axe-core (WCAG 2.x A and AA, and axe's best practices such as heading order)
 * with no violation of any impact, at 1280 px and 375 px, in the light and the dark theme.
 *
 * One company of its own (so no other spec changes its data or its users' saved theme) with a
 * client, a PEVO with a portal account, a rate confirmation sent for signature, a dispatch assigned
 * to the PEVO (its Accept / Decline mail) and a sent invoice: every screen shows real content. One
 * test per width and theme walks all screens in three pages (office, portal, signed out) and reports
 * every violation it found at once.
 */

import AxeBuilder from "@axe-core/playwright";
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

type Theme = "light" | "dark";

/** A page of its own at the width, its first paint in the theme (the saved setting follows on sign-in). */
async function pageAt(browser: Browser, width: number, theme: Theme) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width, height: width < 600 ? 812 : 900 },
    colorScheme: theme,
  });
  await context.addInitScript((dark) => {
    try {
      localStorage.setItem("theme", dark ? "dark" : "light");
    } catch {} // about:blank has no storage
  }, theme === "dark");
  return context.newPage();
}

/** Signs in and saves the user's theme, so the saved setting agrees with the first paint. */
async function signInWithTheme(page: Page, email: string, password: string, home: RegExp, theme: Theme) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(home, { timeout: 30_000 });
  await apiUpdate(page.request, "/api/me/settings", {
    emailNotifications: true,
    dispatchAlerts: true,
    pickupReminders: true,
    darkMode: theme === "dark",
    locationServices: false,
  });
}

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

/** Loads a screen, waits for its content (no spinner, no placeholder) and returns axe's findings. */
async function check(page: Page, screen: Screen, theme: Theme, label: string) {
  const started = Date.now();
  if (screen.status404) allowConsole(new RegExp(`status of 404 .* @ \\S+${screen.path}$`));
  await page.goto(screen.path);
  await expect(page.locator("h1").first(), `${screen.name}: its heading`).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(".animate-spin, .animate-pulse"), `${screen.name}: loaded`).toHaveCount(0, {
    timeout: 20_000,
  });
  if (screen.open) await screen.open(page);
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  // Opening animations (dialogs fade and zoom in) end before the colours are measured.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  const results = await new AxeBuilder({ page, axeSource: axe.source }).withTags(TAGS).analyze();
  expect(results.testEngine.version).toBe(axe.version);
  const found = results.violations.map(
    (v) =>
      `${label} ${screen.name} (${screen.path}): ${v.id} [${v.impact}] ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`)
        .join("\n"),
  );
  // Printed as found: a slow machine may end the test before the end of the walk.
  console.log(`${label} ${screen.name}: ${Date.now() - started} ms\n${found.join("\n")}`);
  return found;
}

for (const width of [1280, 375]) {
  for (const theme of ["light", "dark"] as const) {
    test(`every screen has no axe violation at ${width} px, ${theme}`, async ({ browser }) => {
      test.setTimeout(420_000);
      const label = `[${width} ${theme}]`;
      const violations: string[] = [];

      const visitor = await pageAt(browser, width, theme);
      for (const screen of publicScreens(setup))
        violations.push(...(await check(visitor, screen, theme, label)));
      await visitor.context().close();

      const office = await pageAt(browser, width, theme);
      await signInWithTheme(office, setup.admin.email, setup.admin.password, /\/dashboard$/, theme);
      for (const screen of officeScreens(setup))
        violations.push(...(await check(office, screen, theme, label)));
      await office.context().close();

      const portal = await pageAt(browser, width, theme);
      await signInWithTheme(portal, setup.pevo.email, PASSWORD, /\/pevo$/, theme);
      for (const screen of portalScreens(setup))
        violations.push(...(await check(portal, screen, theme, label)));
      await portal.context().close();

      expect(violations, violations.join("\n")).toEqual([]);
    });
  }
}
