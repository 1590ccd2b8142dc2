import {
  addInsuranceViaApi,
  browserDays,
  calendarDay,
  DEMO_PEVO,
  latestMail,
  linkIn,
  openCalendar,
  pickDate,
  QUALIFIED_UNTIL,
  screenshotBothWidths,
  shortUsDate,
  signInAsDemoAdmin,
  submitSignIn,
  toastWith,
  uniqueEmail,
  uniqueTag,
  usDate,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/** The desktop roster table. */
const roster = (page: Page) => page.getByRole("table", { name: "PEVOs" });
/** A PEVO's row in the roster, found by its (unique) full name. */
const rowOf = (page: Page, name: string) => roster(page).getByRole("row").filter({ hasText: name });
const cell = (page: Page, name: string, column: "Name" | "License" | "Expiry" | "Status") =>
  rowOf(page, name).getByRole("cell").nth(["Name", "License", "Expiry", "Status"].indexOf(column));

async function openAddForm(page: Page) {
  await page.goto("/pevos");
  await expect(page.getByRole("heading", { level: 1, name: "PEVOs" })).toBeVisible();
  await page.getByRole("link", { name: "Add New PEVO" }).click();
  await expect(page).toHaveURL(/\/pevos\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add PEVO" })).toBeVisible();
}

const expiryTrigger = (page: Page) => page.getByLabel("Driver's License Expiry");
const emailInput = (page: Page) => page.getByLabel("Email", { exact: true });

/** Adds a PEVO without an email (no portal login) through the form and returns to the list. */
async function addPevoWithoutEmail(page: Page, fields: { first: string; last: string; license?: string }) {
  await openAddForm(page);
  await page.getByLabel("First Name").fill(fields.first);
  await page.getByLabel("Last Name").fill(fields.last);
  if (fields.license) await page.getByLabel("License Number").fill(fields.license);
  await page.getByRole("button", { name: "Add PEVO" }).click();
  await expect(page).toHaveURL(/\/pevos$/, { timeout: 20_000 });
  await expect(toastWith(page, "PEVO added successfully")).toBeVisible();
}

test.describe("PEVO roster", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsDemoAdmin(page);
  });

  test("journey: an admin adds a PEVO with an email; the PEVO accepts the invitation and signs in to the portal", async ({
    page,
    browser,
  }) => {
    test.slow(); // the whole journey in two browsers, on a busy machine
    const tag = uniqueTag();
    const first = "Jamie";
    const last = `Invitee${tag}`;
    const name = `${first} ${last}`;
    const email = uniqueEmail("pevo-invite");
    const license = `TX-${tag.toUpperCase()}`;

    await openAddForm(page);
    // Defaults: Active Status on, no licence expiry; state certifications are credentials of their own.
    await expect(page.getByRole("checkbox", { name: "Active Status" })).toBeChecked();
    await expect(expiryTrigger(page)).toHaveText("Pick a date");
    await expect(page.getByRole("region", { name: "State certifications" })).toContainText(
      "certificate number, expiry date and proof",
    );
    await screenshotBothWidths(page, "pevo-form-empty");

    await page.getByLabel("First Name").fill(first);
    await page.getByLabel("Last Name").fill(last);
    await emailInput(page).fill(email);
    await page.getByLabel("Phone").fill("(512) 555-0142");
    await page.getByLabel("License Number").fill(license);
    const { fifteenthOfNextMonth: expiry } = await browserDays(page);
    await pickDate(page, expiryTrigger(page), expiry);

    await screenshotBothWidths(page, "pevo-form-filled");

    await page.getByRole("button", { name: "Add PEVO" }).click();
    await expect(page).toHaveURL(/\/pevos$/, { timeout: 20_000 });
    await expect(toastWith(page, "PEVO added successfully")).toBeVisible();
    await expect(toastWith(page, `Invitation sent to ${email}`)).toBeVisible();

    // In the list: Name, License, Expiry (MM/dd/yyyy), Status.
    await expect(rowOf(page, name)).toHaveCount(1);
    await expect(cell(page, name, "Name")).toHaveText(name);
    await expect(cell(page, name, "License")).toHaveText(license);
    await expect(cell(page, name, "Expiry")).toContainText(shortUsDate(expiry));
    await expect(cell(page, name, "Status")).toHaveText("Active");
    await screenshotBothWidths(page, "pevo-list");

    // The invitation email reached the PEVO's mailbox.
    const mail = await latestMail(page.request, email, /invited/i);
    expect(mail.text).toContain(`Hello ${name}`);
    const link = linkIn(mail);

    // The PEVO, in a browser of their own (signed out), opens the link and sets a password.
    const pevoContext = await browser.newContext();
    try {
      const pevoPage = await pevoContext.newPage();
      await pevoPage.goto(link);
      await expect(pevoPage).toHaveURL(/\/auth\/reset\?/);
      await expect(pevoPage.getByText("Set your password").first()).toBeVisible();
      const password = "portal-pass-1";
      const form = pevoPage.getByRole("form", { name: "Set your password" });
      await form.getByLabel("New Password").fill(password);
      await form.getByLabel("Confirm Password").fill(password);
      await form.getByRole("button", { name: "Set Password" }).click();
      // Signed in with it at once: the portal, not the sign-in screen.
      await expect(pevoPage).toHaveURL(/\/pevo$/, { timeout: 20_000 });
      await expect(pevoPage.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(pevoPage.getByText(email).first()).toBeVisible();

      // Deleting the PEVO also removes their portal access.
      await page.reload();
      await rowOf(page, name).getByRole("button", { name: "Delete PEVO" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Delete PEVO" });
      await expect(dialog).toContainText(
        "Their PEVO portal login is removed too, so they can no longer sign in.",
      );
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(toastWith(page, "PEVO deleted successfully")).toBeVisible();
      await expect(rowOf(page, name)).toHaveCount(0);

      await pevoPage.goto("/pevo/profile");
      await expect(pevoPage).toHaveURL(/\/auth(\?|$)/, { timeout: 20_000 });
      await pevoPage.goto("/auth");
      await submitSignIn(pevoPage, email, password);
      await expect(
        pevoPage.getByText("Invalid email or password. Please check your credentials and try again.").first(),
      ).toBeVisible();
      await expect(pevoPage).toHaveURL(/\/auth$/);
    } finally {
      await pevoContext.close();
    }
  });

  test("editing changes the license and the status; deleting asks first and removes the PEVO", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const name = `Morgan Editable${tag}`;
    await addPevoWithoutEmail(page, { first: "Morgan", last: `Editable${tag}` });
    // No license and no expiry read N/A.
    await expect(cell(page, name, "License")).toHaveText("N/A");
    await expect(cell(page, name, "Expiry")).toHaveText("N/A");
    await expect(cell(page, name, "Status")).toHaveText("Active");

    // Edit: its own page, prefilled, no email field.
    await rowOf(page, name).getByRole("link", { name: "Edit PEVO" }).click();
    await expect(page).toHaveURL(/\/pevos\/edit\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Edit PEVO" })).toBeVisible();
    await expect(page.getByText("No portal access (added without an email).")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("Morgan");
    await expect(page.getByLabel("Last Name")).toHaveValue(`Editable${tag}`);
    await expect(emailInput(page)).toHaveCount(0);
    const license = `NM-${tag.toUpperCase()}`;
    await page.getByLabel("License Number").fill(license);
    const active = page.getByRole("checkbox", { name: "Active Status" });
    await expect(active).toBeChecked();
    await active.click();
    await expect(active).not.toBeChecked();
    await page.getByRole("button", { name: "Update PEVO" }).click();
    await expect(page).toHaveURL(/\/pevos$/, { timeout: 20_000 });
    await expect(toastWith(page, "PEVO updated successfully")).toBeVisible();
    await expect(cell(page, name, "License")).toHaveText(license);
    await expect(cell(page, name, "Status")).toHaveText("Inactive");

    // Delete: Cancel keeps it, Delete removes it.
    await rowOf(page, name).getByRole("button", { name: "Delete PEVO" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete PEVO" });
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toHaveCount(1);

    await rowOf(page, name).getByRole("button", { name: "Delete PEVO" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toastWith(page, "PEVO deleted successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, name)).toHaveCount(0);
    // Gone for good, not only from the screen.
    await page.reload();
    await expect(roster(page)).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);
  });

  test("a PEVO assigned to a rate confirmation position cannot be deleted", async ({ page }) => {
    // Set up through the API (the signed-in page's cookies): a PEVO and a rate confirmation using it.
    const tag = uniqueTag();
    const headers = { Origin: new URL(page.url()).origin };
    const pevo = await page.request.post("/api/pevos", {
      headers,
      data: {
        firstName: "Avery",
        lastName: `Assigned${tag}`,
        states: [],
        status: "active",
        certificationExpiry: QUALIFIED_UNTIL,
      },
    });
    expect(pevo.status(), await pevo.text()).toBe(201);
    const { id: pevoId } = (await pevo.json()) as { id: string };
    // Assignable: every assignment checks the licence and insurance.
    await addInsuranceViaApi(page.request, pevoId);
    const clients = ((await (await page.request.get("/api/clients")).json()) as { items: { id: string }[] })
      .items;
    const rc = await page.request.post("/api/rate-confirmations", {
      headers,
      data: {
        clientId: clients[0].id,
        jobNumber: `E2E-ASSIGNED-${tag.toUpperCase()}`,
        originAddress: "100 Main St, Dallas, TX",
        destinationAddress: "200 Elm St, Waco, TX",
        startDate: "2030-01-05",
        description: "A job that keeps its PEVO assigned.",
        standardRates: {
          minimumDailyRate: "400",
          mileageRate: "1.5",
          overnightRate: "100",
          noGoRate: "250",
          detentionRate: "40",
          detentionThreshold: 2,
        },
        customRates: [],
        positions: [{ positionType: "lead_car", pevoId }],
      },
    });
    expect(rc.status(), await rc.text()).toBe(201);

    const name = `Avery Assigned${tag}`;
    await page.goto("/pevos");
    await rowOf(page, name).getByRole("button", { name: "Delete PEVO" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete PEVO" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(
      toastWith(
        page,
        "This PEVO is assigned to dispatches or rate confirmation positions and cannot be deleted. Set them inactive instead.",
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(rowOf(page, name)).toHaveCount(1);
  });

  test("an unknown PEVO reads 'PEVO not found'", async ({ page }) => {
    await page.goto("/pevos/edit/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("PEVO not found")).toBeVisible({ timeout: 20_000 });
    await page.getByRole("link", { name: "Back to PEVOs" }).click();
    await expect(page).toHaveURL(/\/pevos$/);
  });

  test("the form shows the validation messages and sends nothing", async ({ page }) => {
    await openAddForm(page);
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/pevos") posted++;
    });
    await page.getByLabel("First Name").fill("J");
    await page.getByLabel("Last Name").fill("K");
    await emailInput(page).fill("not-an-email");
    await page.getByRole("button", { name: "Add PEVO" }).click();
    await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Last name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/pevos\/new$/);
    expect(posted).toBe(0);
    await screenshotBothWidths(page, "pevo-form-errors");

    // Fixing the fields clears the messages.
    await page.getByLabel("First Name").fill("Jo");
    await page.getByLabel("Last Name").fill("Ko");
    await emailInput(page).fill("");
    await expect(page.getByText("First name must be at least 2 characters")).toHaveCount(0);
    await expect(page.getByText("Last name must be at least 2 characters")).toHaveCount(0);
    await expect(page.getByText("Please enter a valid email")).toHaveCount(0);
  });

  test("a duplicate email is the server's field error under Email and nothing is created", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const name = `Dana Duplicate${tag}`;
    await openAddForm(page);
    await page.getByLabel("First Name").fill("Dana");
    await page.getByLabel("Last Name").fill(`Duplicate${tag}`);
    await emailInput(page).fill(DEMO_PEVO.email);
    await page.getByRole("button", { name: "Add PEVO" }).click();

    const emailError = page.locator("#pevo-email-error");
    await expect(emailError).toHaveText("This email cannot be invited; ask the person to use another email", {
      timeout: 20_000,
    });
    await expect(emailInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(emailInput(page)).toBeFocused();
    await expect(page).toHaveURL(/\/pevos\/new$/);
    // What was typed stays.
    await expect(page.getByLabel("Last Name")).toHaveValue(`Duplicate${tag}`);

    await page.goto("/pevos");
    await expect(roster(page)).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);
  });

  test("the expiry date picker refuses a past date", async ({ page }) => {
    await openAddForm(page);
    const { today, yesterday } = await browserDays(page);
    const calendar = await openCalendar(page, expiryTrigger(page));

    const past = await calendarDay(calendar, yesterday);
    await expect(past).toHaveAttribute("data-disabled", "true");
    await expect(past.getByRole("button")).toBeDisabled();

    const now = await calendarDay(calendar, today);
    await expect(now).not.toHaveAttribute("data-disabled", "true");
    await expect(now.getByRole("button")).toBeEnabled();

    // A click on the disabled day does nothing: the calendar stays open and no date is set.
    await past.getByRole("button").dispatchEvent("click");
    await expect(calendar).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(calendar).toBeHidden();
    await expect(expiryTrigger(page)).toHaveText("Pick a date");
  });

  test("an expiry typed as mm/dd/yyyy is saved; the calendar's drop-downs reach another year", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const name = `Casey Typed${tag}`;
    await openAddForm(page);
    await page.getByLabel("First Name").fill("Casey");
    await page.getByLabel("Last Name").fill(`Typed${tag}`);
    const typed = page.locator("#pevo-certificationExpiry-typed");
    await expect(typed).toHaveAccessibleName("Type the date, mm/dd/yyyy");

    // Not a date: a message on leaving the field, and the text stays.
    await typed.fill("15/03/2028");
    await typed.press("Tab");
    await expect(page.getByRole("alert").filter({ hasText: "That date does not exist" })).toBeVisible();
    await expect(typed).toHaveValue("15/03/2028");
    await expect(expiryTrigger(page)).toHaveText("Pick a date");

    // The month and year drop-downs move the calendar without paging month by month.
    const calendar = await openCalendar(page, expiryTrigger(page));
    await calendar.getByRole("combobox", { name: "Choose the Year" }).selectOption("2030");
    await calendar.getByRole("combobox", { name: "Choose the Month" }).selectOption({ label: "June" });
    await expect(calendar.locator('td[data-day="2030-06-10"]')).toBeVisible();
    await page.keyboard.press("Escape");

    await typed.fill("03/15/2028");
    await expect(page.getByText("That date does not exist")).toBeHidden();
    await expect(expiryTrigger(page)).toHaveText("Mar 15, 2028");
    await page.getByRole("button", { name: "Add PEVO" }).click();
    await expect(page).toHaveURL(/\/pevos$/, { timeout: 20_000 });
    await expect(cell(page, name, "Expiry")).toContainText("03/15/2028");
  });
});

for (const timezoneId of ["Pacific/Auckland", "America/Los_Angeles"]) {
  test.describe(`PEVO expiry in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("an expiry picked as the 5th is saved and shown as the 5th", async ({ page }) => {
      await signInAsDemoAdmin(page);
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      const tag = uniqueTag();
      const last = `Zone${tag}`;
      const name = `Riley ${last}`;
      await openAddForm(page);
      await page.getByLabel("First Name").fill("Riley");
      await page.getByLabel("Last Name").fill(last);
      const { fifthOfNextMonth } = await browserDays(page);
      await pickDate(page, expiryTrigger(page), fifthOfNextMonth);
      await page.getByRole("button", { name: "Add PEVO" }).click();
      await expect(page).toHaveURL(/\/pevos$/, { timeout: 20_000 });
      await expect(toastWith(page, "PEVO added successfully")).toBeVisible();

      // The list: MM/05/YYYY.
      await expect(cell(page, name, "Expiry")).toContainText(shortUsDate(fifthOfNextMonth));
      expect(shortUsDate(fifthOfNextMonth)).toMatch(/^\d{2}\/05\/\d{4}$/);

      // The edit form: the 5th, selected in the calendar too.
      await rowOf(page, name).getByRole("link", { name: "Edit PEVO" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit PEVO" })).toBeVisible();
      await expect(expiryTrigger(page)).toHaveText(usDate(fifthOfNextMonth));
      const calendar = await openCalendar(page, expiryTrigger(page));
      await expect(calendar.locator("td[data-selected]:not([data-outside])")).toHaveAttribute(
        "data-day",
        fifthOfNextMonth,
      );
    });
  });
}
