import {
  createAdmin,
  DEMO_ADMIN,
  latestMail,
  linkIn,
  saveScreenshot,
  signIn,
  submitSignIn,
  uniqueEmail,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

const EMPTY_CLIENTS = 'No clients found. Add your first client using the "Add New Client" button.';

/** The toast of a message (toasts can repeat a text shown elsewhere on the page). */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("a new company signs up, verifies, signs in, manages a client and signs out", async ({ page }) => {
  test.slow(); // the whole journey, on a busy machine
  const email = uniqueEmail("journey");
  const password = "journey-pass-1";
  const companyName = "Journey Escort Co";
  const clientName = `Acme Heavy Haul ${Date.now()}`;

  // Landing → Join Waitlist → the Sign Up tab.
  await page.goto("/");
  await page.getByRole("region", { name: "Hero" }).getByRole("link", { name: "Join Waitlist" }).click();
  await expect(page).toHaveURL(/\/auth\?signup=true$/);
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");

  // Sign up.
  const signup = page.getByRole("form", { name: "Create an account" });
  const create = signup.getByRole("button", { name: "Create Account" });
  await expect(create).toBeDisabled();
  await signup.getByLabel("Email").fill(email);
  await signup.getByLabel("Company Name").fill(companyName);
  await signup.getByLabel("Contact Person").fill("Jordan Rivers");
  await signup.getByLabel("Password", { exact: true }).fill(password);
  await expect(create).toBeDisabled();
  await signup.getByLabel("Confirm Password").fill(password);
  await expect(create).toBeEnabled();
  await create.click();
  await expect(toast(page, "Account created successfully! Please check your email.")).toBeVisible();

  // Back on the Login tab, the email filled in, told to check the mailbox.
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  const login = page.getByRole("form", { name: "Sign in" });
  await expect(login.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();

  // The verification link from the mailbox.
  const mail = await latestMail(page.request, email, /verify/i);
  await page.goto(linkIn(mail));
  await expect(page.getByRole("heading", { name: "Email verified successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/, { timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Hero" })).toBeVisible();
  // Signed in by the link: the hero and the header lead into the app, the toast does not cover them.
  const open = page.getByRole("banner").getByRole("link", { name: "Open your dashboard" });
  await expect(open).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Hero" }).getByRole("link", { name: "Open your dashboard" }),
  ).toBeVisible();
  await open.click({ trial: true }); // nothing lies over it (Playwright checks it receives the click)

  // The link signs the new user in on this browser; log in through the form as from any other one.
  await page.context().clearCookies();
  await signIn(page, email, password);
  // The first sign-in: the set-up, skipped, then the dashboard.
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "PEVO Back Office navigation" })).toContainText(
    companyName,
  );

  // Clients: empty at first.
  await page.getByRole("link", { name: "Clients" }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
  await expect(page.getByText(EMPTY_CLIENTS)).toBeVisible();

  // Add.
  await page.getByRole("button", { name: "Add New Client" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add New Client" });
  await expect(addDialog).toBeVisible();
  await addDialog.getByLabel("Company Name").fill(clientName);
  await addDialog.getByLabel("Contact Person").fill("Dana Carter");
  await addDialog.getByLabel("MC Number").fill("MC-123456");
  await addDialog.getByLabel("DOT Number").fill("7654321");
  await addDialog.getByLabel("Email", { exact: true }).fill("dispatch@acme-haul.test");
  // Where invoices go: optional, explained under the field.
  const billing = addDialog.getByLabel("Accounts payable email (optional)");
  await expect(addDialog.getByText("Invoices are sent here; the contact email when empty")).toBeVisible();
  await billing.fill("AP@Acme-Haul.test");
  await addDialog.getByLabel("Phone", { exact: true }).fill("(555) 010-2000");
  await addDialog.getByLabel("Cell Phone").fill("(555) 010-2001");
  await addDialog.getByLabel("Fax").fill("(555) 010-2002");
  await addDialog.getByLabel("Address").fill("1 Freight Way, Houston, TX 77001");
  await saveScreenshot(page, "clients-form-billing-email-1280");
  await addDialog.getByRole("button", { name: "Add Client" }).click();
  await expect(toast(page, "Client added successfully")).toBeVisible();
  await expect(addDialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: clientName });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Dana Carter");
  await expect(row).toContainText("123456 / 7654321");
  await expect(row).toContainText("dispatch@acme-haul.test");
  await expect(row).toContainText("Billing: ap@acme-haul.test");
  await saveScreenshot(page, "clients-list-billing-email-1280");
  await expect(row).toContainText("(555) 010-2000");
  await expect(row).toContainText("Active");
  await expect(page.getByText("List of all your client companies")).toBeVisible();

  // Edit: the dialog starts from the saved values.
  await row.getByRole("button", { name: "Edit client" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Client" });
  await expect(editDialog).toBeVisible();
  await expect(editDialog.getByLabel("Company Name")).toHaveValue(clientName);
  await expect(editDialog.getByLabel("Address")).toHaveValue("1 Freight Way, Houston, TX 77001");
  await expect(editDialog.getByLabel("Accounts payable email (optional)")).toHaveValue("ap@acme-haul.test");
  await editDialog.getByLabel("Contact Person").fill("Morgan Lee");
  await editDialog.getByRole("button", { name: "Update Client" }).click();
  await expect(toast(page, "Client updated successfully")).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText("Morgan Lee");
  await expect(row).not.toContainText("Dana Carter");

  // Delete: a click outside does not dismiss the confirmation; Cancel does.
  await row.getByRole("button", { name: "Delete client" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete client" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(clientName);
  await page.mouse.click(10, 10);
  await page.mouse.click(1200, 700);
  await page.waitForTimeout(500); // a dismissal would have started closing by now
  await expect(confirm).toHaveAttribute("data-state", "open");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  // Delete for real.
  await row.getByRole("button", { name: "Delete client" }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Client deleted successfully")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(EMPTY_CLIENTS)).toBeVisible();

  // Sign out via the user menu.
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
  // Signed out for real: the admin area sends back to /auth.
  await page.goto("/clients");
  await expect(page).toHaveURL(/\/auth$/);
});

test("signup validates on change and keeps Create Account disabled until the form is valid", async ({
  page,
}) => {
  await page.goto("/auth?signup=true");
  const form = page.getByRole("form", { name: "Create an account" });
  const create = form.getByRole("button", { name: "Create Account" });
  await expect(create).toBeDisabled();

  await form.getByLabel("Email").fill("not-an-email");
  await expect(form.getByText("Please enter a valid email")).toBeVisible();
  await form.getByLabel("Company Name").fill("A");
  await expect(form.getByText("Company name must be at least 2 characters")).toBeVisible();
  await form.getByLabel("Contact Person").fill("B");
  await expect(form.getByText("Contact name must be at least 2 characters")).toBeVisible();
  await form.getByLabel("Password", { exact: true }).fill("123");
  await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
  await form.getByLabel("Confirm Password").fill("1234567");
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await expect(create).toBeDisabled();

  // Fixing each field removes its message.
  await form.getByLabel("Email").fill(uniqueEmail("valid"));
  await expect(form.getByText("Please enter a valid email")).toBeHidden();
  await form.getByLabel("Company Name").fill("Acme Escorts");
  await expect(form.getByText("Company name must be at least 2 characters")).toBeHidden();
  await form.getByLabel("Contact Person").fill("Bo Duke");
  await expect(form.getByText("Contact name must be at least 2 characters")).toBeHidden();
  await form.getByLabel("Password", { exact: true }).fill("1234567");
  await expect(form.getByText("Password must be at least 6 characters")).toBeHidden();
  await expect(form.getByText("Passwords don't match")).toBeHidden();
  await expect(create).toBeEnabled();

  // Changing the password re-checks the confirmation.
  await form.getByLabel("Password", { exact: true }).fill("7654321");
  await expect(form.getByText("Passwords don't match")).toBeVisible();
  await expect(create).toBeDisabled();
});

test("signing up with an email already in use says so", async ({ page }) => {
  await page.goto("/auth?signup=true");
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Email").fill(DEMO_ADMIN.email);
  await form.getByLabel("Company Name").fill("Copycat Escorts");
  await form.getByLabel("Contact Person").fill("Cal Copy");
  await form.getByLabel("Password", { exact: true }).fill("copycat-1");
  await form.getByLabel("Confirm Password").fill("copycat-1");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(
    form.getByText(
      "An account with this email already exists. Please use a different email or try logging in.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
});

test("a wrong password is refused with the invalid credentials message", async ({ page }) => {
  await signIn(page, DEMO_ADMIN.email, "not-the-password");
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Invalid email or password. Please check your credentials and try again." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // Login validates on change too.
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill("nope");
  await expect(form.getByText("Please enter a valid email")).toBeVisible();
  await form.getByLabel("Password", { exact: true }).fill("123");
  await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
});

test("the client form requires a company name and a valid email", async ({ page, request }) => {
  const admin = await createAdmin(request, "clientform");
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/clients");
  await expect(page.getByText(EMPTY_CLIENTS)).toBeVisible();

  await page.getByRole("button", { name: "Add New Client" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Client" });
  await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
  await dialog.getByRole("button", { name: "Add Client" }).click();
  await expect(dialog.getByText("Company name is required")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email")).toBeVisible();
  await expect(dialog).toBeVisible();

  // Cancel asks before discarding what was typed; Discard closes without saving.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page
    .getByRole("alertdialog", { name: "Discard unsaved changes?" })
    .getByRole("button", { name: "Discard" })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(EMPTY_CLIENTS)).toBeVisible();

  // Only the company name is needed; missing values show a dash.
  await page.getByRole("button", { name: "Add New Client" }).click();
  const again = page.getByRole("dialog", { name: "Add New Client" });
  await expect(again.getByLabel("Email", { exact: true })).toHaveValue("");
  await again.getByLabel("Company Name").fill("Bare Minimum LLC");
  await again.getByRole("button", { name: "Add Client" }).click();
  await expect(toast(page, "Client added successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Bare Minimum LLC" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("-");
  await expect(row.getByRole("cell").nth(2)).toHaveText("- / -");
  await expect(row.getByRole("cell").nth(3)).toHaveText("-");
  await saveScreenshot(page, "clients-form-errors-1280");
});

test("signing in from the login form after verification works and a login needs a verified email", async ({
  page,
}) => {
  // Sign up through the API but do not verify: signing in is refused with a new verification email.
  const email = uniqueEmail("unverified");
  const created = await page.request.post("/api/signup", {
    data: { email, password: "unverified-1", companyName: "Unverified Co", contactPerson: "Una Verified" },
  });
  expect(created.status()).toBe(201);
  await signIn(page, email, "unverified-1");
  await expect(page.getByRole("alert").filter({ hasText: /^Login failed: / })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The (re-sent) link verifies; then the login form signs in.
  await page.goto(linkIn(await latestMail(page.request, email, /verify/i)));
  await expect(page.getByRole("heading", { name: "Email verified successfully!" })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/, { timeout: 15_000 });
  await page.context().clearCookies();
  await page.goto("/auth");
  await submitSignIn(page, email, "unverified-1");
  await expect(page).toHaveURL(/\/setup$/);
  await expect(toast(page, "Successfully signed in")).toBeVisible();
});
