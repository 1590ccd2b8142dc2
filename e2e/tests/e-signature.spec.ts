import { readFile, writeFile } from "node:fs/promises";
import {
  apiCreate,
  apiUpdate,
  browserDays,
  latestMail,
  linkIn,
  readPdf,
  sameOrigin,
  saveScreenshot,
  signInFreshAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type APIRequestContext, type Browser, expect, type Page, test } from "../support/test";

const RATES = {
  minimumDailyRate: "450",
  mileageRate: "1.85",
  overnightRate: "125",
  noGoRate: "300",
  detentionRate: "45",
  detentionThreshold: 2,
};

type Setup = { rcId: string; jobNumber: string; signerEmail: string; signerName: string; data: RcData };
type RcData = Record<string, unknown>;

/** A client with a contact person and email, and a rate confirmation for it (custom rate, two positions). */
async function setUp(page: Page): Promise<Setup> {
  const tag = uniqueTag();
  const signerEmail = uniqueEmail("signer");
  const signerName = "Rita Alvarez";
  const client = await apiCreate<{ id: string }>(page.request, "/api/clients", {
    name: `Heavy Haul ${tag}`,
    contactPerson: signerName,
    email: signerEmail,
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
  });
  const { today } = await browserDays(page);
  const data: RcData = {
    clientId: client.id,
    jobNumber: `RC-SIGN-${tag}`.slice(0, 40),
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: today,
    description: "Oversize load: 14 ft wide, two escorts required.",
    additionalTerms: "Payment due in 30 days.",
    standardRates: RATES,
    customRates: [{ name: "Permit fee", amount: "75", unit: "per_job" }],
    positions: [
      { positionType: "lead_car", pevoId: null },
      { positionType: "chase_car", pevoId: null },
    ],
  };
  const rc = await apiCreate<{ id: string; jobNumber: string }>(
    page.request,
    "/api/rate-confirmations",
    data,
  );
  return { rcId: rc.id, jobNumber: rc.jobNumber, signerEmail, signerName, data };
}

/** The number on the dashboard's Pending Signatures card (a fresh load). */
async function pendingSignatures(page: Page) {
  await page.goto("/dashboard");
  const card = page
    .locator("div")
    .filter({ has: page.getByText("Pending Signatures", { exact: true }) })
    .filter({ hasText: "Rate confirmations awaiting signature" })
    .last();
  const figure = card.locator(".text-2xl");
  await expect(figure).toBeVisible({ timeout: 20_000 });
  return Number(await figure.textContent());
}

/** A phone-sized page with no session at all (its own browser context). */
async function phone(browser: Browser, theme: "light" | "dark" = "light") {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  if (theme === "dark") await context.addInitScript(() => localStorage.setItem("theme", "dark"));
  return { context, page: await context.newPage() };
}

async function sendViaApi(request: APIRequestContext, s: Setup) {
  const response = await request.post(`/api/rate-confirmations/${s.rcId}/signature`, {
    data: { signerName: s.signerName, signerEmail: s.signerEmail },
    headers: sameOrigin(),
  });
  expect(response.status(), await response.text()).toBe(201);
}

const signingLink = async (request: APIRequestContext, to: string) =>
  linkIn(await latestMail(request, to, /sign/i));

/** The rate confirmation list's signature badge of a job: the table's Signature cell, or the phone card's fact. */
async function listSignature(page: Page, jobNumber: string) {
  await page.goto("/rate-confirmations");
  const table = page.getByRole("table", { name: "Rate confirmations" });
  const row = table.locator("tbody tr").filter({ hasText: jobNumber });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(table.getByRole("columnheader").nth(7)).toHaveText("Signature");
  return row.getByRole("cell").nth(7);
}

test.describe("rate confirmation e-signature", () => {
  test("the office sends, the client signs on a phone, the office sees Signed and downloads the certificate", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    await signInFreshAdmin(page, request, "esign");
    const s = await setUp(page);

    expect(await pendingSignatures(page)).toBe(0);

    // Send for signature: the dialog defaults to the client's contact person and email.
    await page.goto(`/rate-confirmations/${s.rcId}`);
    const card = page.getByRole("region", { name: "Signature", exact: true });
    await expect(card.getByText("Not sent", { exact: true })).toBeVisible({ timeout: 20_000 });
    await card.getByRole("button", { name: "Send for signature" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Signer name")).toHaveValue(s.signerName);
    await expect(dialog.getByLabel("Signer email")).toHaveValue(s.signerEmail);
    // The shared schema's messages.
    await dialog.getByLabel("Signer email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Enter the signer's email")).toBeVisible();
    await dialog.getByLabel("Signer email").fill(s.signerEmail);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(card.getByText("Awaiting signature").first()).toBeVisible();
    await expect(card.getByRole("button", { name: "Cancel request" })).toBeVisible();
    await saveScreenshot(page, "office-card-sent-1280");

    // Print: the same PDF, opened inline in a new tab (the browser's viewer prints it).
    const print = card.getByRole("link", { name: "Print" });
    await expect(print).toHaveAttribute("href", `/api/rate-confirmations/${s.rcId}/pdf?inline=1`);
    await expect(print).toHaveAttribute("target", "_blank");
    const inline = await page.request.get(`/api/rate-confirmations/${s.rcId}/pdf?inline=1`);
    expect(inline.headers()["content-disposition"]).toMatch(/^inline;/);
    expect((await readPdf(await inline.body())).text).toContain(s.jobNumber);

    // The list shows it awaiting signature, in the table and on a phone's card.
    await expect(await listSignature(page, s.jobNumber)).toHaveText("Awaiting signature");
    await saveScreenshot(page, "esign-list-awaiting-1280");
    await page.setViewportSize({ width: 375, height: 812 });
    const phoneCard = page.getByRole("listitem").filter({ hasText: s.jobNumber });
    await expect(phoneCard.getByText("Awaiting signature", { exact: true })).toBeVisible({ timeout: 20_000 });
    await saveScreenshot(page, "esign-list-awaiting-375");
    await page.setViewportSize({ width: 1280, height: 720 });

    expect(await pendingSignatures(page)).toBe(1);

    // The client opens the emailed link on a phone, without any session.
    const link = await signingLink(request, s.signerEmail);
    expect(link).toContain("/sign/");
    const client = await phone(browser);
    const seen: string[] = [];
    client.page.on("request", (r) => seen.push(new URL(r.url()).pathname));
    await client.page.goto(link);
    await expect(client.page.getByRole("heading", { name: "Rate Confirmation", exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(client.page).toHaveURL(/\/sign\//);
    const doc = client.page.locator("article");
    await expect(doc).toContainText(s.jobNumber);
    await expect(doc).toContainText("Amarillo, TX");
    await expect(doc).toContainText("Tulsa, OK");
    await expect(doc).toContainText("Permit fee");
    await expect(doc).toContainText("$75.00");
    await expect(doc).toContainText("Chase Car");
    await expect(doc).toContainText("Payment due in 30 days.");
    await expect(client.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await saveScreenshot(client.page, "signing-375-light", { fullPage: true });

    // Consent and the name are required (the shared schema's messages).
    await client.page.getByRole("button", { name: "Sign", exact: true }).click();
    await expect(client.page.getByText("Check the box to agree to sign electronically")).toBeVisible();
    await expect(client.page.getByText("Type your full name to sign")).toBeVisible();

    await client.page.getByRole("checkbox").check();
    await client.page.getByLabel("Your full name").fill(s.signerName);
    // A drawn stroke (pointer events: the mouse here).
    const pad = client.page.getByTestId("signature-pad");
    await pad.scrollIntoViewIfNeeded();
    const box = await pad.boundingBox();
    if (!box) throw new Error("no signature pad");
    await client.page.mouse.move(box.x + 20, box.y + box.height / 2);
    await client.page.mouse.down();
    await client.page.mouse.move(box.x + 80, box.y + 30, { steps: 5 });
    await client.page.mouse.move(box.x + 160, box.y + box.height - 30, { steps: 5 });
    await client.page.mouse.up();
    const signed = client.page.waitForResponse(
      (r) => r.url().includes("/sign") && r.request().method() === "POST",
    );
    await client.page.getByRole("button", { name: "Sign", exact: true }).click();
    expect((await signed).status()).toBe(200);
    await expect(client.page.getByText("Thank you: the rate confirmation is signed")).toBeVisible();
    await expect(client.page.getByText(`A signed copy was sent to ${s.signerEmail}.`)).toBeVisible();
    await expect(client.page.getByRole("link", { name: "Download signed copy" })).toBeVisible();
    await saveScreenshot(client.page, "signed-375");
    const copy = await client.page.request.get(
      (await client.page.getByRole("link", { name: "Download signed copy" }).getAttribute("href")) ?? "",
    );
    expect(copy.status()).toBe(200);
    // No signed-in endpoint was called from the public page.
    expect(seen.filter((p) => p.startsWith("/api/") && !p.startsWith("/api/public/"))).toEqual([]);
    await client.context.close();

    // The office sees Signed and downloads the signed copy with its certificate page.
    await page.goto(`/rate-confirmations/${s.rcId}`);
    await expect(card.getByText("Signed", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText(`as "${s.signerName}"`);
    await saveScreenshot(page, "office-card-signed-1280");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download signed PDF" }).click(),
    ]);
    const bytes = await readFile(await download.path());
    // For looking at, next to the test's other output (test-results/).
    await writeFile(test.info().outputPath("signed.pdf"), bytes);
    const pdf = await readPdf(bytes);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
    const certificate = pdf.pages.at(-1) ?? "";
    expect(certificate).toContain("Signature Certificate");
    expect(certificate).toContain(s.signerName);
    expect(pdf.text).toContain(s.jobNumber);

    // The rate confirmation's own PDF.
    const [rcPdf] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: "Download PDF", exact: true }).click(),
    ]);
    expect((await readPdf(await readFile(await rcPdf.path()))).text).toContain(s.jobNumber);

    await expect(await listSignature(page, s.jobNumber)).toHaveText("Signed");
    expect(await pendingSignatures(page)).toBe(0);
  });

  test("an edited rate confirmation's old link is no longer valid; a wrong link says so", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInFreshAdmin(page, request, "esign-edit");
    const s = await setUp(page);
    await sendViaApi(page.request, s);
    const link = await signingLink(request, s.signerEmail);

    // Desktop screenshots of the open page, light and dark.
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({
        baseURL: String(test.info().project.use.baseURL),
        viewport: { width: 1280, height: 800 },
      });
      if (theme === "dark") await context.addInitScript(() => localStorage.setItem("theme", "dark"));
      const desk = await context.newPage();
      await desk.goto(link);
      await expect(desk.getByRole("button", { name: "Sign", exact: true })).toBeVisible({ timeout: 20_000 });
      await saveScreenshot(desk, `signing-1280-${theme}`, { fullPage: true });
      await context.close();
    }
    const dark = await phone(browser, "dark");
    await dark.page.goto(link);
    await expect(dark.page.getByRole("button", { name: "Sign", exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await saveScreenshot(dark.page, "signing-375-dark", { fullPage: true });
    await dark.context.close();

    await apiUpdate(page.request, `/api/rate-confirmations/${s.rcId}`, {
      ...s.data,
      description: "Oversize load: 16 ft wide now, three escorts required.",
    });

    const client = await phone(browser);
    // The stale and the made-up link: the API refuses them.
    await client.page.goto(link);
    await expect(client.page.getByRole("alert")).toContainText("This signing link is no longer valid", {
      timeout: 20_000,
    });
    await expect(client.page).toHaveURL(/\/sign\//);
    await saveScreenshot(client.page, "signing-invalid-375");
    await client.page.goto("/sign/not-a-real-token");
    await expect(client.page.getByRole("alert")).toBeVisible({ timeout: 20_000 });
    await expect(client.page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await client.context.close();

    await page.goto(`/rate-confirmations/${s.rcId}`);
    const card = page.getByRole("region", { name: "Signature", exact: true });
    await expect(card.getByText("Voided by an edit")).toBeVisible({ timeout: 20_000 });
  });

  test("the client declines with a reason; the office sees Declined and the reason", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInFreshAdmin(page, request, "esign-decline");
    const s = await setUp(page);
    await sendViaApi(page.request, s);
    const link = await signingLink(request, s.signerEmail);

    const client = await phone(browser);
    await client.page.goto(link);
    await client.page.getByRole("button", { name: "Decline" }).click();
    const dialog = client.page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Decline" }).click();
    await expect(dialog.getByText("Tell the sender why you decline")).toBeVisible();
    await dialog.getByLabel("Reason").fill("The overnight rate is too high.");
    await dialog.getByRole("button", { name: "Decline" }).click();
    await expect(client.page.getByRole("heading", { name: "Declined" })).toBeVisible({ timeout: 20_000 });
    await expect(client.page.getByRole("button", { name: "Sign", exact: true })).toBeHidden();
    await client.context.close();

    await page.goto(`/rate-confirmations/${s.rcId}`);
    const card = page.getByRole("region", { name: "Signature", exact: true });
    await expect(card.getByText("Declined", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText("The overnight rate is too high.");
    await expect(card.getByRole("button", { name: "Send again" })).toBeVisible();
    await saveScreenshot(page, "office-card-declined-1280");
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(card.getByRole("button", { name: "Send again" })).toBeInViewport();
    await saveScreenshot(page, "office-card-declined-375");
  });
});
