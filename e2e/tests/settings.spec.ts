import {
  acceptInvitation,
  addDaysIso,
  apiCreate,
  browserDays,
  latestMail,
  readPdf,
  saveScreenshot,
  screenshotBothWidths,
  signIn,
  signInFreshAdmin,
  toastWith,
  uniqueEmail,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

/**
 * DECISIONS 'Screens the spec does not show' (/settings): company profile (used on invoices),
 * invoice defaults (payment terms, tax rate, footer), team (invite another admin), account (change
 * password), appearance (light / dark). Every test has a company of its own.
 */

/** A client, a rate confirmation (min. daily 450, mileage 1.85) and a dispatch of it, through the API. */
async function createDispatchToBill(request: APIRequestContext, pickupDate: string) {
  const tag = uniqueTag();
  const client = await apiCreate<{ id: string; name: string }>(request, "/api/clients", {
    name: `Settings Client ${tag}`,
    contactPerson: "Rita Alvarez",
    address: "1200 Industrial Blvd, Amarillo, TX 79107",
  });
  const rc = await apiCreate<{ id: string; jobNumber: string }>(request, "/api/rate-confirmations", {
    clientId: client.id,
    jobNumber: `SET-${tag.toUpperCase()}`,
    originAddress: "Amarillo, TX 79101",
    destinationAddress: "Tulsa, OK 74103",
    startDate: pickupDate,
    description: "Wind turbine tower section, 15 ft wide.",
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
  const dispatch = await apiCreate<{ id: string }>(request, "/api/dispatches", {
    rateConfirmationId: rc.id,
    driverName: `Dale Driver ${tag}`,
    driverPhone: "(806) 555-0199",
    pickupDate,
    pickupTime: "08:30",
    status: "dispatched",
  });
  return { client, rc, dispatch };
}

const field = (page: Page, id: string) => page.locator(`#company-${id}`);

async function openSettings(page: Page, tab?: "Team" | "Account" | "Notifications") {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible({ timeout: 30_000 });
  if (tab) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  }
}

test.describe("Settings", () => {
  test("journey 6: the company profile and invoice defaults are saved; a new invoice uses the payment terms and tax rate; the detail and PDF show the company", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const account = await signInFreshAdmin(page, request, "settings-company");
    const { today } = await browserDays(page);
    const tag = uniqueTag();

    // The profile starts from the signup; the defaults are 30 days and 0 % tax.
    await openSettings(page);
    await expect(page.getByRole("tab", { name: "Company" })).toHaveAttribute("aria-selected", "true");
    await expect(field(page, "name")).toHaveValue(account.companyName, { timeout: 30_000 });
    await expect(field(page, "contactPerson")).toHaveValue(account.contactPerson);
    await expect(field(page, "paymentTermsDays")).toHaveValue("30");
    await expect(field(page, "taxRate")).toHaveValue(/^0(\.00)?$/);
    const save = page.getByRole("button", { name: "Save Settings" });
    await expect(save).toBeDisabled();

    const company = {
      name: `Blue Bonnet Escorts ${tag}`,
      contactPerson: "Maria Gomez",
      address: "500 Commerce St\nFort Worth, TX 76102",
      phone: "(817) 555-0123",
      email: `office-${tag}@bluebonnet.test`,
      // Typed with the prefix; stored as digits, printed as "MC 123456" (never "MC MC-123456").
      mcNumber: "MC-123456",
      mcDigits: "123456",
      dotNumber: "7654321",
      footer: "Thank you for choosing Blue Bonnet Escorts.",
    };
    await field(page, "name").fill(company.name);
    await field(page, "contactPerson").fill(company.contactPerson);
    await field(page, "address").fill(company.address);
    await field(page, "phone").fill(company.phone);
    await field(page, "email").fill(company.email);
    await field(page, "mcNumber").fill(company.mcNumber);
    await field(page, "dotNumber").fill(company.dotNumber);
    await field(page, "paymentTermsDays").fill("15");
    await field(page, "taxRate").fill("10");
    await field(page, "invoiceFooter").fill(company.footer);
    await save.click();
    await expect(toastWith(page, "Settings saved")).toBeVisible({ timeout: 30_000 });
    await expect(save).toBeDisabled();
    // The sidebar shows the company's new name.
    await expect(page.getByRole("link", { name: new RegExp(company.name) }).first()).toBeVisible();

    // Saved on the server: a reload shows it all.
    await page.reload();
    await expect(field(page, "name")).toHaveValue(company.name, { timeout: 30_000 });
    await expect(field(page, "contactPerson")).toHaveValue(company.contactPerson);
    await expect(field(page, "address")).toHaveValue(company.address);
    await expect(field(page, "phone")).toHaveValue(company.phone);
    await expect(field(page, "email")).toHaveValue(company.email);
    await expect(field(page, "mcNumber")).toHaveValue(company.mcDigits);
    await expect(field(page, "dotNumber")).toHaveValue(company.dotNumber);
    await expect(field(page, "paymentTermsDays")).toHaveValue("15");
    await expect(field(page, "taxRate")).toHaveValue(/^10(\.00)?$/);
    await expect(field(page, "invoiceFooter")).toHaveValue(company.footer);
    await screenshotBothWidths(page, "settings-company");

    // A new invoice: due 15 days after issue; tax 10 % of the subtotal.
    const job = await createDispatchToBill(page.request, today);
    await page.goto(`/invoices/new?dispatchId=${job.dispatch.id}`);
    await expect(
      page.getByText(`Creating invoice for Job #${job.rc.jobNumber}`, { exact: true }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator("#invoice-issueDate")).toHaveText(usDate(today));
    await expect(page.locator("#invoice-dueDate")).toHaveText(usDate(addDaysIso(today, 15)));
    await expect(page.getByText("Issue date + 15 days unless you pick another date")).toBeVisible();
    await expect(page.getByTestId("invoice-tax")).toHaveText("$45.00");
    await page.locator("#line-0-mileage").fill("400");
    await expect(page.locator("#line-0-charge")).toHaveValue("740.00");
    await page.getByRole("button", { name: "Add Line Item" }).click();
    await page.locator("#line-1-location").fill("Tulsa, OK");
    await page.locator("#line-1-charge").fill("10.01");
    // 750.01 × 10 % = 75.001 → 75.00
    await expect(page.getByTestId("invoice-subtotal")).toHaveText("$750.01");
    await expect(page.getByText("(10%)")).toBeVisible();
    await expect(page.getByTestId("invoice-tax")).toHaveText("$75.00");
    await expect(page.getByTestId("invoice-total")).toHaveText("$825.01");
    await page.getByRole("button", { name: "Create Invoice" }).click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(toastWith(page, "Invoice created successfully")).toBeVisible();
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    const stored = (await (await page.request.get(`/api/invoices/${id}`)).json()) as {
      invoiceNumber: string;
      dueDate: string;
      subtotal: string;
      tax: string;
      total: string;
    };
    expect(stored).toMatchObject({
      dueDate: addDaysIso(today, 15),
      subtotal: "750.01",
      tax: "75.00",
      total: "825.01",
    });

    // The detail view's letterhead and footer.
    const invoice = page.locator("#invoice-print");
    const letterhead = invoice.locator("header");
    await expect(letterhead).toContainText(company.name);
    await expect(letterhead).toContainText("500 Commerce St");
    await expect(letterhead).toContainText("Fort Worth, TX 76102");
    await expect(letterhead).toContainText(`${company.phone} · ${company.email}`);
    await expect(letterhead).toContainText(`MC ${company.mcDigits} · DOT ${company.dotNumber}`);
    await expect(invoice).toContainText("$75.00");
    await expect(invoice).toContainText("$825.01");
    await expect(invoice.locator("footer")).toHaveText(company.footer);

    // The PDF too.
    const response = await page.request.get(`/api/invoices/${id}/pdf`);
    expect(response.status()).toBe(200);
    const bytes = await response.body();
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await readPdf(bytes);
    // The letterhead wraps a long name beside the INVOICE title: words, not line breaks.
    expect(pdf.text.replace(/\s+/g, " ")).toContain(company.name);
    expect(pdf.text).toContain("500 Commerce St");
    expect(pdf.text).toContain("Fort Worth, TX 76102");
    expect(pdf.text).toContain(`MC ${company.mcDigits}`);
    expect(pdf.text).not.toContain("MC MC");
    expect(pdf.text).toContain(stored.invoiceNumber);
    expect(pdf.text).toContain("$75.00");
    expect(pdf.text).toContain("$825.01");
    expect(pdf.text).toContain(company.footer);

    // A bad value is refused inline and nothing is saved.
    await openSettings(page);
    await field(page, "paymentTermsDays").fill("400");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Payment terms must be 365 days or fewer")).toBeVisible();
    const current = (await (await page.request.get("/api/company")).json()) as { paymentTermsDays: number };
    expect(current.paymentTermsDays).toBe(15);
  });

  test("journey 6: team — an invited admin sets a password from the email and signs in to the same company", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(300_000);
    const account = await signInFreshAdmin(page, request, "settings-team");
    const tag = uniqueTag();
    const client = await apiCreate<{ id: string; name: string }>(page.request, "/api/clients", {
      name: `Team Client ${tag}`,
      contactPerson: "Rita Alvarez",
    });

    await openSettings(page, "Team");
    const members = page.getByRole("table", { name: "Team members" });
    await expect(members.locator("tbody tr")).toHaveCount(1, { timeout: 30_000 });
    await expect(members).toContainText(account.email);

    // Validation first, then the invitation.
    await page.getByRole("button", { name: "Invite Admin" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    const invitee = uniqueEmail("second-admin");
    await page.getByLabel("Name", { exact: true }).fill("Sam Second");
    await page.getByLabel("Email", { exact: true }).fill(invitee);
    await page.getByRole("button", { name: "Invite Admin" }).click();
    await expect(toastWith(page, `Invitation sent to ${invitee}`)).toBeVisible({ timeout: 30_000 });
    await expect(members.locator("tbody tr")).toHaveCount(2);
    await expect(members.locator("tbody tr").filter({ hasText: invitee })).toContainText("Sam Second");
    await expect(members.locator("tbody tr").filter({ hasText: invitee })).toContainText("Admin");
    await screenshotBothWidths(page, "settings-team");

    // The invitation email → set a password on /auth/reset → sign in → the same company's dashboard.
    const mail = await latestMail(page.request, invitee, /invited/i);
    expect(mail.text).toMatch(/\/auth\/reset|reset-password/);
    const context = await browser.newContext();
    const second = await context.newPage();
    await acceptInvitation(second, invitee, "second-admin-1");
    await signIn(second, invitee, "second-admin-1");
    await expect(second).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(second.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(second.getByRole("link", { name: new RegExp(account.companyName) }).first()).toBeVisible();
    await second.goto("/clients");
    await expect(second.getByRole("cell", { name: client.name, exact: true })).toBeVisible({
      timeout: 30_000,
    });
    const theirs = (await (await second.request.get("/api/company")).json()) as { name: string };
    expect(theirs.name).toBe(account.companyName);
    // An admin: the admin API answers them.
    expect((await second.request.get("/api/company/team")).status()).toBe(200);
    await context.close();
  });

  test("team: remove a second admin; they are signed out at once; the last admin has no Remove", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(300_000);
    const account = await signInFreshAdmin(page, request, "settings-remove");
    const invitee = uniqueEmail("removed-admin");
    await apiCreate(page.request, "/api/company/team", { name: "Rory Removed", email: invitee });
    const context = await browser.newContext();
    const second = await context.newPage();
    await acceptInvitation(second, invitee, "removed-admin-1");
    await signIn(second, invitee, "removed-admin-1");
    await expect(second).toHaveURL(/\/dashboard$/, { timeout: 30_000 });

    await openSettings(page, "Team");
    const members = page.getByRole("table", { name: "Team members" });
    await expect(members.locator("tbody tr")).toHaveCount(2, { timeout: 30_000 });
    // Yourself: no Remove.
    await expect(members.locator("tbody tr").filter({ hasText: account.email })).toContainText("Admin (you)");
    await expect(
      members
        .locator("tbody tr")
        .filter({ hasText: account.email })
        .getByRole("button", { name: /Remove/ }),
    ).toHaveCount(0);

    await page.getByRole("button", { name: "Remove Rory Removed" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("signed out at once");
    await page.mouse.click(5, 5); // a click outside does not dismiss it
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(toastWith(page, "Rory Removed was removed from the team")).toBeVisible({ timeout: 30_000 });
    await expect(members.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);

    // Their session ended: the API refuses them right away.
    expect((await second.request.get("/api/company")).status()).toBe(401);
    await context.close();
  });

  test("journey 6: the admin invitation email is about the back office, not the PEVO portal", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signInFreshAdmin(page, request, "settings-invite-mail");
    const invitee = uniqueEmail("invited-admin");
    await apiCreate(page.request, "/api/company/team", { name: "Alex Admin", email: invitee });
    const mail = await latestMail(page.request, invitee, /invited/i);
    expect(mail.subject, "an admin is not invited to the PEVO portal").not.toMatch(/PEVO portal/i);
    expect(mail.text, "an admin is not told they are a PEVO").not.toMatch(
      /pilot \/ escort vehicle operator/i,
    );
  });

  test("journey 6: account — change the password, then sign in with the new one (the old one no longer works)", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const account = await signInFreshAdmin(page, request, "settings-account");
    await openSettings(page, "Account");
    const current = page.getByLabel("Current Password", { exact: true });
    const next = page.getByLabel("New Password", { exact: true });
    const confirm = page.getByLabel("Confirm New Password", { exact: true });
    const change = page.getByRole("button", { name: "Change Password" });

    // Mismatch and a wrong current password are refused.
    await current.fill(account.password);
    await next.fill("brand-new-pass-2");
    await confirm.fill("brand-new-pass-3");
    await change.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await current.fill("not-my-password");
    await confirm.fill("brand-new-pass-2");
    await change.click();
    await expect(page.locator("#current-password-error")).toHaveText("Your current password is not correct", {
      timeout: 30_000,
    });

    await current.fill(account.password);
    await change.click();
    await expect(toastWith(page, "Password changed")).toBeVisible({ timeout: 30_000 });
    await expect(current).toHaveValue("");
    await expect(next).toHaveValue("");
    await screenshotBothWidths(page, "settings-account");

    // This session goes on; elsewhere the old password fails and the new one signs in.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible({ timeout: 30_000 });
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, account.email, account.password);
    await expect(
      toastWith(other, "Invalid email or password. Please check your credentials and try again."),
    ).toBeVisible({ timeout: 30_000 });
    await expect(other).toHaveURL(/\/auth$/);
    await signIn(other, account.email, "brand-new-pass-2");
    await expect(other).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await context.close();
  });

  test("journey 6: appearance — Dark mode switches html.dark, survives a reload and follows the user to another browser", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const account = await signInFreshAdmin(page, request, "settings-dark");
    const html = page.locator("html");
    await openSettings(page, "Account");
    const toggle = page.getByRole("switch", { name: "Dark mode" });
    await expect(toggle).toBeEnabled({ timeout: 30_000 });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(html).not.toHaveClass(/\bdark\b/);

    await toggle.click();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await screenshotBothWidths(page, "settings-dark");

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("tab", { name: "Account" }).click();
    await expect(page.getByRole("switch", { name: "Dark mode" })).toHaveAttribute("aria-checked", "true", {
      timeout: 30_000,
    });

    // Saved for the user on the server: another browser (no local hint) opens dark too.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, account.email, account.password);
    await expect(other).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(other.locator("html")).toHaveClass(/\bdark\b/, { timeout: 30_000 });
    await context.close();

    // Back to light.
    await page.getByRole("switch", { name: "Dark mode" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible({ timeout: 30_000 });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
  test("notifications: the credential expiry emails are listed, on by default, and the company can turn them off", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signInFreshAdmin(page, request, "settings-notify");
    await openSettings(page, "Notifications");
    const emails = page.getByRole("list", { name: "Credential expiry emails" }).getByRole("listitem");
    await expect(emails).toHaveCount(3, { timeout: 30_000 });
    await expect(emails.first()).toContainText("30, 7 and 0 days before a credential expires");
    const toggle = page.getByRole("switch", { name: "Send credential expiry emails" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await saveScreenshot(page, "settings-notifications-1280-light", { fullPage: true });

    await toggle.click();
    await expect(toastWith(page, "Credential expiry emails turned off")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Off: none of the emails below is sent")).toBeVisible();
    // Saved on the server: a reload keeps it off.
    await page.reload();
    await expect(page.getByRole("switch", { name: "Send credential expiry emails" })).toHaveAttribute(
      "aria-checked",
      "false",
      { timeout: 30_000 },
    );
  });
});
