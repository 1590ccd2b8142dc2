import { writeFile } from "node:fs/promises";
import {
  apiCreate,
  createPevoViaApi,
  latestMail,
  linkIn,
  signInFreshAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * A new company's first steps (DECISIONS 'Company set-up and logo'): the Get started checklist ticks
 * itself from the company's records and goes away when all are done; the logo prints on the invoice
 * PDF; an invited PEVO lands in the portal from the invitation, which names the company.
 */

/** Screenshots and files to look at, kept in this test's folder under test-results. */
const saved = (name: string) => test.info().outputPath(name);

/**
 * An SVG logo, as a design tool exports it (declaration, comment, editor namespace): an amber plate
 * with a gradient beside the name. The server checks it and stores a PNG drawn from it.
 */
const SVG_LOGO = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Exported by a design tool -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
     width="360" height="60" viewBox="0 0 360 60" inkscape:version="1.3">
  <defs><linearGradient id="plate" x1="0" x2="1"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#b45309"/></linearGradient></defs>
  <rect x="4" y="8" width="44" height="44" rx="9" fill="url(#plate)"/>
  <path d="M14 40 L26 18 L38 40 Z" fill="#fff"/>
  <text x="60" y="41" font-family="Inter, sans-serif" font-size="26" font-weight="700" fill="#111">PRAIRIE PILOT CARS</text>
</svg>`;

const checklist = (page: Page) => page.locator("[aria-labelledby=get-started-title]");

test("the Get started checklist ticks as each step is done and goes away; an SVG logo from Settings prints on the invoice PDF", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInFreshAdmin(page, request, "checklist");
  const api = page.request;
  const tag = uniqueTag();

  const card = checklist(page);
  await expect(card).toContainText("0 of 5 done");
  const step = (name: string) => card.getByRole("listitem").filter({ hasText: name });
  const expectDone = async (done: string[], open: string[]) => {
    await page.reload();
    for (const name of done) await expect(step(name)).toContainText("(done)");
    for (const name of open) await expect(step(name).getByRole("link", { name })).toBeVisible();
    await expect(card).toContainText(`${done.length} of 5 done`);
  };

  // The logo, an SVG, from Settings: the hint names SVG, and what comes back is the PNG drawn from it.
  await page.goto("/settings");
  await expect(page.getByText("PNG, JPEG or SVG, up to 1 MB")).toBeVisible();
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith("/api/company/logo") && r.request().method() === "PUT",
  );
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from(SVG_LOGO),
  });
  expect((await uploaded).status()).toBe(200);
  const shown = page.getByRole("img", { name: "Your company logo" });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const served = await api.get((await shown.getAttribute("src")) ?? "");
  expect(served.headers()["content-type"]).toBe("image/png");
  await writeFile(saved("svg-logo-served.png"), await served.body());
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: saved("settings-svg-logo-light-1280.png") });
  // The hint and the drawn logo at a phone's width, in the dark theme (looked at by hand).
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await shown.scrollIntoViewIfNeeded();
  await page.screenshot({ path: saved("settings-svg-logo-dark-375.png") });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
  // A refused SVG says why, next to the field, and keeps the logo there was.
  await page.getByLabel("Logo", { exact: true }).setInputFiles({
    name: "bad.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9" onload="alert(1)"/>'),
  });
  await expect(page.getByRole("alert").filter({ hasText: "event handler attribute" })).toBeVisible();
  await expect(shown).toBeVisible();
  await page.goto("/dashboard");

  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `Plains Heavy Haul ${tag}`,
    address: "400 Commerce St, Wichita Falls, TX 76301",
  });
  await expectDone(
    ["Add a client"],
    [
      "Add a PEVO",
      "Create your first rate confirmation",
      "Dispatch your first job",
      "Send your first invoice",
    ],
  );

  await createPevoViaApi(api, { firstName: "Casey", lastName: `Check${tag}` });
  const rc = await apiCreate<{ id: string }>(api, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: `GS-${tag}`,
    originAddress: "Wichita Falls, TX",
    destinationAddress: "Oklahoma City, OK",
    startDate: "2025-01-02",
    description: "Excavator, 14 ft wide.",
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: "1.85",
      overnightRate: "125",
      noGoRate: "300",
      detentionRate: "45",
      detentionThreshold: 2,
    },
    customRates: [],
    positions: [{ positionType: "lead_car", pevoId: null }],
  });
  await expectDone(
    ["Add a client", "Add a PEVO", "Create your first rate confirmation"],
    ["Dispatch your first job", "Send your first invoice"],
  );

  const dispatch = await apiCreate<{ id: string }>(api, "/api/dispatches", {
    rateConfirmationId: rc.id,
    driverName: "Dale Driver",
    driverPhone: "(806) 555-0199",
    pickupDate: "2025-01-02",
    pickupTime: "08:30",
    status: "completed",
  });
  await expectDone(
    ["Add a client", "Add a PEVO", "Create your first rate confirmation", "Dispatch your first job"],
    ["Send your first invoice"],
  );
  await page.screenshot({ path: saved("checklist-4-of-5-light-1280.png") });

  const invoice = await apiCreate<{ id: string }>(api, "/api/invoices", {
    invoiceNumber: `INV-GS-${tag}`,
    issueDate: "2025-01-03",
    dueDate: "2025-02-02",
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: client.name,
    customerAddress: "400 Commerce St, Wichita Falls, TX 76301",
    lineItems: [
      {
        date: "2025-01-02",
        location: "Wichita Falls, TX to Oklahoma City, OK",
        mileage: "300",
        charge: "555.00",
      },
    ],
  });
  // All five done: the checklist is gone for good.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The invoice PDF carries the logo: an image in the file (rendered to PNG with pdftoppm and looked at).
  const pdf = await api.get(`/api/invoices/${invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);
  const bytes = await pdf.body();
  expect(bytes.toString("latin1")).toMatch(/\/Subtype\s*\/Image/);
  await writeFile(saved("invoice-with-logo.pdf"), bytes);
});

test("an invited PEVO sets a password and lands in the portal; the invitation names the company", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const admin = await signInFreshAdmin(page, request, "invite-portal");
  const email = uniqueEmail("invited-pevo");
  await createPevoViaApi(page.request, { firstName: "Ivy", lastName: `Invited${uniqueTag()}`, email });
  const mail = await latestMail(page.request, email, /invited/i);
  expect(mail.subject).toBe(`You're invited to the PEVO portal of ${admin.companyName}`);
  expect(mail.text).toContain(`${admin.companyName} has added you as a pilot / escort vehicle operator`);

  // The PEVO's own phone, signed out.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  try {
    const pevoPage = await phone.newPage();
    await pevoPage.goto(linkIn(mail));
    await expect(pevoPage).toHaveURL(/\/auth\/reset\?/, { timeout: 20_000 });
    const form = pevoPage.getByRole("form", { name: "Set your password" });
    await form.getByLabel("New Password").fill("portal-pass-1");
    await form.getByLabel("Confirm Password").fill("portal-pass-1");
    await form.getByRole("button", { name: "Set Password" }).click();
    // Straight into the portal: no sign-in screen, no Sign Up tab, no demo buttons.
    await expect(pevoPage).toHaveURL(/\/pevo$/, { timeout: 20_000 });
    await expect(pevoPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(pevoPage.getByRole("tab", { name: "Sign Up" })).toHaveCount(0);
    const me = await (await pevoPage.request.get("/api/me")).json();
    expect(me.user).toMatchObject({ email, role: "pevo" });
  } finally {
    await phone.close();
  }
});
