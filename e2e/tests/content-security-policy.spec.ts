/**
 * The Content-Security-Policy holds on every kind of screen: the landing page, sign-in, the office
 * (demo admin), the PEVO portal (demo PEVO), a signing link, an invoice link and the API reference
 * each carry the policy and render without one violation (the fixture of support/test.ts fails the
 * test on any).
 */
import {
  addDaysIso,
  apiCreate,
  createCompletedDispatchViaApi,
  createRateConfirmationViaApi,
  DEMO_PEVO,
  latestMail,
  linkIn,
  sameOrigin,
  signIn,
  signInAsDemoAdmin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import { type Browser, expect, type Page, type Response, test } from "../support/test";

/** The response of a navigation carries the strict policy. */
function expectPolicy(response: Response | null) {
  expect(response, "a navigation response").not.toBeNull();
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
}

/** A page with no session (its own browser context). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: String(test.info().project.use.baseURL) });
  return { context, page: await context.newPage() };
}

/** A signing link and an invoice link of the demo company, made through the API as its admin. */
async function publicLinks(page: Page) {
  const api = page.request;
  const tag = uniqueTag().toUpperCase();
  const [signer, billing] = [uniqueEmail("csp-signer"), uniqueEmail("csp-billing")];
  const client = await apiCreate<{ id: string; name: string }>(api, "/api/clients", {
    name: `CSP Heavy Haul ${tag}`,
    contactPerson: "Rita Alvarez",
    email: signer,
    billingEmail: billing,
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
  });
  const rc = await createRateConfirmationViaApi(api, {
    client,
    jobNumber: `CSP-${tag}`,
    originAddress: "Amarillo, TX",
    destinationAddress: "Tulsa, OK",
    startDate: "2025-01-02",
    description: "Transformer, 16 ft wide.",
  });
  await apiCreate(api, `/api/rate-confirmations/${rc.id}/signature`, {
    signerName: "Rita Alvarez",
    signerEmail: signer,
  });
  const dispatch = await createCompletedDispatchViaApi(api, rc.id);
  const invoice = await apiCreate<{ id: string; invoiceNumber: string }>(api, "/api/invoices", {
    invoiceNumber: `INV-CSP-${tag}`,
    issueDate: "2025-01-03",
    dueDate: addDaysIso(new Date().toISOString().slice(0, 10), 30),
    dispatchId: dispatch.id,
    clientId: client.id,
    customerName: client.name,
    customerAddress: "1200 Industrial Blvd, Amarillo, TX 79107",
    lineItems: [
      { date: "2025-01-02", location: "Amarillo, TX to Tulsa, OK", mileage: "352", charge: "651.20" },
    ],
  });
  const sent = await api.post(`/api/invoices/${invoice.id}/send`, {
    data: { to: billing },
    headers: sameOrigin(),
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return {
    sign: linkIn(await latestMail(api, signer, /sign/i)),
    invoice: linkIn(await latestMail(api, billing, new RegExp(invoice.invoiceNumber))),
    invoiceNumber: invoice.invoiceNumber,
  };
}

test("every kind of screen carries the policy and breaks none of it", async ({ page, browser }) => {
  test.setTimeout(180_000);

  // Signed out: the landing page and sign-in.
  expectPolicy(await page.goto("/"));
  await expect(page.getByRole("region", { name: "Hero" }).getByRole("heading", { level: 1 })).toBeVisible();
  expectPolicy(await page.goto("/auth"));
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

  // The office, as the demo admin: the dashboard, its toast and a dialog.
  await signInAsDemoAdmin(page);
  await expect(page.getByText("Successfully signed in")).toBeVisible();
  expectPolicy(await page.goto("/dashboard"));
  await expect(page.getByText("Pending Signatures", { exact: true })).toBeVisible({ timeout: 20_000 });
  expectPolicy(await page.goto("/dispatching/new"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });

  // A client's links, opened with no session.
  const links = await publicLinks(page);
  const stranger = await visitor(browser);
  try {
    expectPolicy(await stranger.page.goto(links.sign));
    await expect(stranger.page.getByRole("button", { name: /sign/i }).first()).toBeVisible({
      timeout: 30_000,
    });
    expectPolicy(await stranger.page.goto(links.invoice));
    await expect(stranger.page.getByRole("article", { name: `Invoice ${links.invoiceNumber}` })).toBeVisible({
      timeout: 30_000,
    });

    // The API reference renders the document.
    expectPolicy(await stranger.page.goto("/api/docs"));
    await expect(stranger.page.getByText("PEVO back office API").first()).toBeVisible({ timeout: 30_000 });
  } finally {
    await stranger.context.close();
  }

  // The PEVO portal, as the demo PEVO.
  const pevo = await visitor(browser);
  try {
    await signIn(pevo.page, DEMO_PEVO.email, DEMO_PEVO.password);
    await expect(pevo.page).toHaveURL(/\/pevo$/, { timeout: 20_000 });
    expectPolicy(await pevo.page.goto("/pevo"));
    await expect(pevo.page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
  } finally {
    await pevo.context.close();
  }
});

/**
 * A phone's first load (docs/performance.md): the sign-in page's HTML names its screen's chunks as
 * module preloads, and every bundle goes brotli-compressed (written so by the build) to a browser that
 * takes br, gzip to one that does not; the page's scripts all load under the same policy.
 */
test("the sign-in page preloads its chunks; bundles go brotli- or gzip-compressed", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/auth")).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)];
  expect(preloads.length).toBeGreaterThan(0);
  const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)">/)?.[1];
  expect(entry).toBeDefined();
  for (const file of [String(entry), String(preloads[0]?.[1])]) {
    const br = await request.get(file, { headers: { "accept-encoding": "br, gzip" } });
    expect(br.status()).toBe(200);
    expect(br.headers()["content-encoding"]).toBe("br");
    const gzip = await request.get(file, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    // Both arrive decoded as the same script.
    expect(await br.text()).toBe(await gzip.text());
  }
  expectPolicy(await page.goto("/auth"));
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});
