/**
 * Every screen passes axe-core (WCAG 2.x A and AA, and axe's best practices such as heading order)
 * with no violation of any impact, at 1280 px and 375 px, in the light and the dark theme.
 *
 * One company of its own (so no other spec changes its data) with a client, a PEVO with a portal
 * account, a rate confirmation sent for signature, a dispatch assigned to the PEVO (its Accept /
 * Decline mail), a sent invoice with a credit note sent to the client, a completed job of the PEVO
 * on a draft invoice with a trip log, a pay plan and a draft settlement run of that job's period,
 * two older runs of the PEVO (one paid, with a bonus, one approved), a password reset link and an
 * account's verification link not followed yet: every screen shows real content. To stay fast on a
 * small machine each screen is loaded once; without a reload the walk then switches the width and
 * the theme (the `dark` class the theme setting sets) and runs axe again: four states per load. Then
 * on the same load the screen's dialogs, sheets and in-page forms are opened one after the other,
 * each checked in the four states too. The set-up runs once per worker, through the API; the tests (a
 * few screens each, in parallel mode) share the workers, each signed in from the saved state of its
 * role. Every violation found is reported at once.
 */

import axe from "axe-core";
import {
  addDaysIso,
  addSettlementBonusViaApi,
  apiCreate,
  apiUpdate,
  approveSettlementViaApi,
  browserDays,
  createAdmin,
  createPerJobPayPlanViaApi,
  createPevoViaApi,
  createRateConfirmationViaApi,
  createSettlementRunViaApi,
  latestMail,
  linkIn,
  sameOrigin,
  uniqueEmail,
  uniqueTag,
} from "../support/helpers";
import {
  type APIRequestContext,
  allowConsole,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "../support/test";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** axe's WCAG 2.0–2.2 A/AA rules and its best practices (heading-order, region, landmarks…). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];
const PASSWORD = "axe-pevo-pass-1";

type Setup = {
  pevo: { id: string; email: string; name: string };
  clientName: string;
  rcId: string;
  dispatchId: string;
  invoiceId: string;
  draftInvoiceId: string;
  settlementId: string;
  /** A run of the PEVO approved and not paid yet (its Mark paid). */
  approvedSettlementId: string;
  signLink: string;
  respondLink: string;
  invoiceLink: string;
  creditNoteLink: string;
  /** The password reset page with a valid token (the admin's reset mail). */
  resetLink: string;
  /** A new account's verification link (the signup mail's), not followed yet. */
  verifyLink: string;
  /** The signed-in admin's and PEVO's cookies, the light theme saved for each. */
  signedIn: Record<"admin" | "pevo", StorageState>;
};
let setup: Setup;

/** Saves the light theme for the signed-in user (the walk then sets the theme itself). */
async function saveLightTheme(request: APIRequestContext) {
  await apiUpdate(request, "/api/me/settings", {
    emailNotifications: true,
    dispatchAlerts: true,
    pickupReminders: true,
    darkMode: false,
    locationServices: false,
  });
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const baseURL = String(test.info().project.use.baseURL);
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const api = context.request;
    // A company signing up (before the admin's sign-in: no session in this cookie jar yet): the walk
    // follows its verification link, as its new admin does from the mail.
    const newcomer = uniqueEmail("axe-newcomer");
    const signedUp = await api.post("/api/signup", {
      data: {
        email: newcomer,
        password: "axe-newcomer-1",
        companyName: "Caprock Pilot Cars",
        contactPerson: "Nia Newcomer",
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(201);
    const verifyLink = new URL(linkIn(await latestMail(api, newcomer, /verify/i)));
    // The verification link signs the admin in (the context's cookie jar).
    const admin = await createAdmin(api, "axe");
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
    // Read before the credit note's mail to the same address.
    const invoiceLink = new URL(linkIn(await latestMail(api, billing, /invoice/i))).pathname;
    const note = await apiCreate<{ id: string; creditNoteNumber: string }>(
      api,
      `/api/invoices/${invoice.id}/credit-notes`,
      {
        date: today,
        reason: "Escort waited 2 hours less than billed",
        lines: [{ description: "Waiting time, Lubbock, TX", quantity: "2", rate: "40.00" }],
      },
    );
    const noteSent = await api.post(`/api/credit-notes/${note.id}/send`, {
      data: { to: billing },
      headers: sameOrigin(),
    });
    expect(noteSent.status(), await noteSent.text()).toBe(200);

    // A job the PEVO completed three days ago, on a draft invoice, paid in a settlement run.
    const jobDay = addDaysIso(today, -3);
    const doneRc = await createRateConfirmationViaApi(api, {
      jobNumber: `AXE-DONE-${tag}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Clovis, NM 88101",
      startDate: jobDay,
      pevoId: pevo.id,
    });
    const done = await apiCreate<{ id: string }>(api, "/api/dispatches", {
      rateConfirmationId: doneRc.id,
      pevoId: pevo.id,
      driverName: `Dale Driver ${tag}`,
      driverPhone: "(806) 555-0199",
      pickupDate: jobDay,
      pickupTime: "06:00",
      status: "completed",
    });
    const draft = await apiCreate<{ id: string }>(api, "/api/invoices", {
      invoiceNumber: `INV-AXE-D-${tag}`,
      issueDate: today,
      dueDate: addDaysIso(today, 30),
      dispatchId: done.id,
      clientId: client.id,
      customerName: client.name,
      customerAddress: "1500 Broadway, Lubbock, TX 79401",
      lineItems: [{ date: jobDay, location: "Amarillo, TX to Clovis, NM", mileage: "104", charge: "395.00" }],
    });
    await createPerJobPayPlanViaApi(api, today);
    const settlement = await createSettlementRunViaApi(api, addDaysIso(today, -13), today);
    // Two older jobs of the PEVO, each in a run of its own two weeks: one run paid (with a bonus),
    // one approved and not paid yet (the PEVO's Earnings, the 1099 figures, Mark paid).
    const olderRuns: string[] = [];
    for (const [weeksAgo, paid] of [
      [2, true],
      [4, false],
    ] as const) {
      const day = addDaysIso(today, -7 * weeksAgo - 6);
      await apiCreate(api, "/api/dispatches", {
        rateConfirmationId: doneRc.id,
        pevoId: pevo.id,
        driverName: `Dale Driver ${tag}`,
        driverPhone: "(806) 555-0199",
        pickupDate: day,
        pickupTime: "06:00",
        status: "completed",
      });
      const run = await createSettlementRunViaApi(
        api,
        addDaysIso(today, -7 * weeksAgo - 13),
        addDaysIso(today, -7 * weeksAgo - 1),
      );
      if (paid) {
        await addSettlementBonusViaApi(api, run.id, {
          pevoId: pevo.id,
          amount: "150.00",
          note: "Night move bonus",
        });
      }
      await approveSettlementViaApi(api, run.id, paid ? { date: today, reference: `ACH-${tag}` } : undefined);
      olderRuns.push(run.id);
    }

    // The admin's forgotten password: the reset mail's link leads to the page with its token.
    const asked = await api.post("/api/auth/request-password-reset", {
      data: { email: admin.email, redirectTo: "/auth/reset" },
      headers: sameOrigin(),
    });
    expect(asked.status(), await asked.text()).toBe(200);
    const resetMail = await api.get(linkIn(await latestMail(api, admin.email, /reset your password/i)), {
      maxRedirects: 0,
    });
    const resetLink = resetMail.headers().location ?? "";
    expect(resetLink, `reset link: ${resetMail.status()}`).toMatch(/\/auth\/reset\?token=/);

    const respondMail = await latestMail(api, pevoEmail, /^New dispatch:/);
    const respondLink = respondMail.text.match(/\S+\/respond\/\S+/)?.[0] ?? "";
    expect(respondLink).not.toBe("");

    // The PEVO's portal account: the invitation's link gives the token that sets the password (as
    // its page does, without loading the page), then a sign-in; in a context of its own.
    const phone = await browser.newContext({ baseURL });
    const invited = await phone.request.get(linkIn(await latestMail(api, pevoEmail, /invited/i)), {
      maxRedirects: 0,
    });
    const token = new URL(invited.headers().location ?? "", baseURL).searchParams.get("token") ?? "";
    expect(token, `invitation link: ${invited.status()} ${invited.headers().location}`).not.toBe("");
    const reset = await phone.request.post("/api/auth/reset-password", {
      data: { newPassword: PASSWORD, token },
      headers: sameOrigin(),
    });
    expect(reset.status(), await reset.text()).toBe(200);
    const pevoIn = await phone.request.post("/api/auth/sign-in/email", {
      data: { email: pevoEmail, password: PASSWORD },
      headers: sameOrigin(),
    });
    expect(pevoIn.status(), await pevoIn.text()).toBe(200);
    // The PEVO's trip of the completed job, with its fuel (the trip log's card, Edit and Delete).
    await apiCreate(phone.request, "/api/portal/trip-logs", {
      tripDate: jobDay,
      dispatchId: done.id,
      startLocation: "Amarillo, TX",
      endLocation: "Clovis, NM",
      miles: "104",
      hours: "6.5",
      expenses: [{ type: "fuel", amount: "62.40" }],
    });
    await saveLightTheme(phone.request);
    await saveLightTheme(api);

    setup = {
      pevo: { id: pevo.id, email: pevoEmail, name: `Avery Axelsen${tag}` },
      clientName: client.name,
      rcId: rc.id,
      dispatchId: dispatch.id,
      invoiceId: invoice.id,
      draftInvoiceId: draft.id,
      settlementId: settlement.id,
      approvedSettlementId: olderRuns[1],
      signLink: new URL(linkIn(await latestMail(api, signerEmail, /sign/i))).pathname,
      respondLink: new URL(respondLink).pathname,
      invoiceLink,
      creditNoteLink: new URL(linkIn(await latestMail(api, billing, /^Credit note/))).pathname,
      resetLink: new URL(resetLink, baseURL).pathname + new URL(resetLink, baseURL).search,
      verifyLink: verifyLink.pathname + verifyLink.search,
      signedIn: { admin: await context.storageState(), pevo: await phone.storageState() },
    };
    await phone.close();
  } finally {
    await context.close();
  }
});

/**
 * A dialog, sheet or in-page form or disclosure of a screen, opened on the loaded screen and checked
 * too; Escape closes it before the next one (an in-page one comes last).
 */
type Dialog = {
  name: string;
  /** Opens it (at 1280 px, light) and waits until it shows what is meant. */
  open: (page: Page) => Promise<void>;
};

type Screen = {
  name: string;
  path: string;
  /** The server answers 404 (Chromium logs the failed load). */
  status404?: boolean;
  /** What the screen must show once loaded (the state meant, not an error or an empty one). */
  shows?: (page: Page) => Locator | Locator[];
  /** Its spinner is part of the state meant (a screen on its way elsewhere): not waited out. */
  busy?: boolean;
  /** Runs before the screen loads; what it sets stays on the walk's page (keep the screen last). */
  prepare?: (page: Page) => Promise<void>;
  /** Opened one after the other once the screen itself is checked, on the same load. */
  dialogs?: Dialog[];
};

/** A dialog (or alert dialog) of the page, by its name. */
const dialog = (page: Page, name: string | RegExp) =>
  page.getByRole("dialog", { name }).or(page.getByRole("alertdialog", { name }));

/** Clicks `button` (by its name, within `scope`) and waits for the dialog it opens. */
const opens =
  (button: string | RegExp, name: string | RegExp, scope?: (page: Page) => Locator) => async (page: Page) => {
    await (scope?.(page) ?? page.getByRole("main")).getByRole("button", { name: button }).first().click();
    await expect(dialog(page, name)).toBeVisible();
  };

/** Closes the open dialog with Escape and waits until none is left. */
async function pressEscape(page: Page) {
  await page.keyboard.press("Escape");
  await expect(page.locator("[role=dialog], [role=alertdialog]")).toHaveCount(0);
}

/**
 * Holds the page's timers of a second or more: the e-mail callback goes on to / 1.5 s after it says
 * the address is verified (its toast closes later), faster than the walk's four states. The state
 * checked is the one the verification link left; only its timed redirect does not happen.
 */
async function holdLongTimers(page: Page) {
  await page.addInitScript(() => {
    const setTimer = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
      (delay ?? 0) >= 1000
        ? setTimer(() => {}, 2 ** 31 - 1)
        : setTimer(handler, delay, ...args)) as typeof setTimeout;
  });
}

function officeScreens(s: Setup): Screen[] {
  const clientRow = (page: Page) =>
    page.getByRole("main").locator("tr, li").filter({ hasText: s.clientName }).first();
  const pevoCard = (page: Page) => page.getByRole("region", { name: s.pevo.name });
  return [
    { name: "dashboard", path: "/dashboard" },
    { name: "activity", path: "/activity" },
    {
      name: "clients",
      path: "/clients",
      dialogs: [
        {
          name: "client form",
          open: async (page) => {
            await clientRow(page).getByRole("button", { name: "Edit client" }).click();
            await expect(page.getByRole("dialog")).toBeVisible();
          },
        },
        {
          name: "client credit",
          open: async (page) => {
            await clientRow(page).getByRole("button", { name: "Credit" }).click();
            await expect(page.getByRole("dialog")).toBeVisible();
          },
        },
      ],
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
    {
      name: "invoice detail",
      path: `/invoices/${s.invoiceId}`,
      shows: (page) => page.getByRole("region", { name: "Credit notes" }).getByRole("listitem"),
      dialogs: [
        {
          // A line taken from the invoice's, reviewed without a reason: the field's message.
          name: "issue credit note",
          open: async (page) => {
            await opens("Issue credit note", /^Issue credit note on /)(page);
            const issue = dialog(page, /^Issue credit note on /);
            await issue.getByRole("button", { name: /Lubbock, TX to Amarillo, TX/ }).click();
            await issue.getByRole("button", { name: "Review" }).click();
            await expect(issue.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
          },
        },
        {
          name: "send credit note",
          open: opens(/^Send/, /^Send credit note /, (page) =>
            page.getByRole("region", { name: "Credit notes" }),
          ),
        },
      ],
    },
    { name: "invoice form", path: "/invoices/new" },
    {
      name: "invoice edit",
      path: `/invoices/edit/${s.draftInvoiceId}`,
      shows: (page) => page.getByRole("heading", { name: "Edit Invoice" }),
    },
    { name: "bill jobs", path: "/invoices/bill-jobs" },
    { name: "credit notes", path: "/invoices/credit-notes" },
    { name: "receivables", path: "/receivables" },
    { name: "jobs report", path: "/reports/jobs" },
    { name: "PEVO pay", path: "/settlements" },
    {
      name: "settlement run",
      path: `/settlements/${s.settlementId}`,
      // The PEVO's card with the completed job.
      shows: (page) =>
        page
          .getByRole("list", { name: `${s.pevo.name}'s jobs` })
          .getByRole("listitem")
          .first(),
      dialogs: [
        { name: "approve", open: opens("Approve", "Approve this settlement?") },
        {
          // Added empty: the amount's and the note's messages.
          name: "add adjustment",
          open: async (page) => {
            await opens("Add adjustment", "Add adjustment", pevoCard)(page);
            const adding = dialog(page, "Add adjustment");
            await adding.getByRole("button", { name: "Add adjustment" }).click();
            await expect(adding.getByLabel("Amount ($)")).toHaveAttribute("aria-invalid", "true");
          },
        },
      ],
    },
    {
      name: "settlement run, approved",
      path: `/settlements/${s.approvedSettlementId}`,
      shows: (page) => page.getByText(/^Approved on .*: the figures are locked/),
      dialogs: [{ name: "mark paid", open: opens("Mark paid", "Mark settlement paid") }],
    },
    { name: "pay plan", path: "/settlements/pay-plan" },
    // The paid run's PEVO: the 1099 table (from March; before, the year shown is last year's).
    { name: "year end", path: "/year-end" },
    { name: "reciprocity", path: "/pevos/reciprocity" },
    { name: "company set-up", path: "/setup" },
    { name: "calendar", path: "/calendar" },
    { name: "settings: company", path: "/settings" },
    { name: "settings: notifications", path: "/settings?tab=notifications" },
    { name: "settings: team", path: "/settings?tab=team" },
    { name: "settings: account", path: "/settings?tab=account" },
    // An unknown address inside a section: the section's own notice, in the shell.
    { name: "section not found", path: "/pevos/no/such-page", status404: true },
  ];
}

function portalScreens(s: Setup): Screen[] {
  return [
    { name: "portal dashboard", path: "/pevo" },
    { name: "portal dispatches", path: "/pevo/dispatches" },
    {
      name: "portal job",
      path: `/pevo/dispatches?id=${s.dispatchId}`,
      dialogs: [
        {
          // Saved empty: the reason's and the place's messages.
          name: "stop log",
          open: async (page) => {
            await opens("Add stop", "Log a stop")(page);
            const stop = dialog(page, "Log a stop");
            await stop.getByRole("button", { name: "Save" }).click();
            await expect(stop.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
          },
        },
        { name: "pole-height log", open: opens("Pole height", "Pole-height log") },
        {
          // The pre-trip safety meeting's form (in the page), signed empty: every message.
          name: "safety meeting",
          open: async (page) => {
            await page.getByRole("button", { name: "Hold the safety meeting" }).click();
            const meeting = page.getByRole("form", { name: "Pre-trip safety meeting" });
            await meeting.getByRole("button", { name: "Sign safety meeting" }).click();
            await expect(meeting.getByText("Check every item before signing")).toBeVisible();
          },
        },
      ],
    },
    {
      name: "portal trip log",
      path: "/pevo/trip-log",
      shows: (page) => page.getByRole("list", { name: "Trips" }).getByRole("listitem"),
      dialogs: [
        {
          name: "edit trip entry",
          open: async (page) => {
            await opens("Edit", "Edit Trip Entry")(page);
            await expect(page.getByRole("combobox", { name: "Expense 1 type" })).toBeVisible();
          },
        },
        { name: "delete trip entry", open: opens("Delete", "Delete trip entry") },
      ],
    },
    {
      name: "portal earnings",
      path: "/pevo/earnings",
      shows: (page) => page.getByRole("list", { name: "Statements" }).locator(":scope > li"),
      dialogs: [
        {
          // The paid statement's pay per job, with its bonus.
          name: "pay per job",
          open: async (page) => {
            await page.getByText("Pay per job").first().click();
            await expect(page.getByText("Bonus: Night move bonus")).toBeVisible();
          },
        },
      ],
    },
    { name: "portal profile", path: "/pevo/profile" },
    { name: "portal settings", path: "/pevo/settings" },
  ];
}

function publicScreens(s: Setup): Screen[] {
  return [
    { name: "landing", path: "/" },
    { name: "auth", path: "/auth" },
    {
      name: "password reset",
      path: s.resetLink,
      shows: (page) => page.getByRole("button", { name: "Reset Password" }),
    },
    {
      // A verification link that failed (a used or expired token) lands here.
      name: "email verification",
      path: "/auth/callback?error=INVALID_TOKEN",
      shows: (page) => page.getByText("The verification link is invalid or has already been used."),
    },
    { name: "not found", path: "/no-such-page", status404: true },
    {
      // A new account's link from its mail: Better Auth verifies it, signs in and redirects to the
      // callback, which says so (and its toast) on its way to /. Signs the walk's visitor in: last.
      name: "email verified",
      path: s.verifyLink,
      busy: true,
      prepare: holdLongTimers,
      shows: (page) => [
        page.getByRole("heading", { name: "Email verified successfully!" }),
        page.locator("[data-sonner-toast]").filter({ hasText: "Email verified successfully!" }),
      ],
    },
    { name: "e-signature", path: s.signLink },
    { name: "public invoice", path: s.invoiceLink },
    {
      name: "public credit note",
      path: s.creditNoteLink,
      shows: (page) => page.getByRole("article", { name: /^Credit note CN-/ }),
    },
    { name: "dispatch response", path: s.respondLink },
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

/** Runs axe in each width and theme on the page as it is and returns its findings under `label`. */
async function audit(page: Page, label: string) {
  const found: string[] = [];
  for (const state of STATES) {
    await page.setViewportSize({ width: state.width, height: state.width < 600 ? 812 : 900 });
    await page.evaluate(
      (dark) => document.documentElement.classList.toggle("dark", dark),
      state.theme === "dark",
    );
    await settled(page);
    const result = await page.evaluate(
      ({ tags, rules }) =>
        (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
          resultTypes: ["violations"],
        }),
      { tags: TAGS, rules: state.theme === "dark" ? COLOUR_RULES : null },
    );
    expect(result.testEngine.version).toBe(axe.version);
    found.push(
      ...result.violations.map(
        (v) =>
          `[${state.width} ${state.theme}] ${label}: ${v.id} [${v.impact}] ${v.help}\n` +
          v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`)
            .join("\n"),
      ),
    );
  }
  return found;
}

/**
 * Loads a screen once, waits for its content (a heading, no spinner, no placeholder), then for each
 * width and theme runs axe; then opens each of its dialogs in turn (at 1280 px, light) and does the
 * same. Returns the findings.
 */
async function check(page: Page, screen: Screen) {
  if (screen.status404) allowConsole(new RegExp(`status of 404 .* @ \\S+${screen.path}$`));
  await page.setViewportSize({ width: 1280, height: 900 });
  await screen.prepare?.(page);
  await page.goto(screen.path);
  // One check every frame (an expect's retries wait up to a second between tries).
  await page
    .waitForFunction(
      (busy) => {
        const heading = document.querySelector("h1");
        return (
          heading !== null &&
          heading.getClientRects().length > 0 &&
          (busy || document.querySelector(".animate-spin, .animate-pulse") === null)
        );
      },
      screen.busy ?? false,
      { polling: "raf", timeout: 20_000 },
    )
    .catch(() => {
      throw new Error(`${screen.name} (${screen.path}): no heading, or still loading, after 20 s`);
    });
  for (const shown of [screen.shows?.(page) ?? []].flat()) {
    await expect(shown.first(), `${screen.name} (${screen.path})`).toBeVisible();
  }
  // A link's token is long: its path is enough to tell the screen.
  const label = `${screen.name} (${screen.path.length > 60 ? `${screen.path.slice(0, 60)}…` : screen.path})`;
  const found = await audit(page, label);
  const dialogs = screen.dialogs ?? [];
  for (const [i, d] of dialogs.entries()) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await d.open(page);
    found.push(...(await audit(page, `${label} → ${d.name}`)));
    if (i < dialogs.length - 1) await pressEscape(page);
  }
  return found;
}

/**
 * What every page of the walk runs first (through the DevTools protocol: the page's CSP allows no
 * script tag): axe itself, and no CSS transitions, so that a switch of theme shows its colours at
 * once instead of after a fade (the end state is the same; the walk would wait for it).
 */
const PREPARE = `${axe.source}
;(() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync("*, *::before, *::after { transition: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
})();`;

/** Checks the screens in a context of its own (signed in as `role`), light, at 1280 px. */
async function walk(browser: Browser, role: "visitor" | "admin" | "pevo", screens: Screen[]) {
  const context = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    viewport: { width: 1280, height: 900 },
    storageState: role === "visitor" ? undefined : setup.signedIn[role],
  });
  await context.addInitScript({ content: PREPARE });
  const page = await context.newPage();
  const violations: string[] = [];
  for (const screen of screens) violations.push(...(await check(page, screen)));
  await context.close();
  expect(violations, violations.join("\n")).toEqual([]);
}

// Tests of about the same length: the two workers share the walk (each runs the set-up once).
test.describe.configure({ mode: "parallel" });

const axeTest = (title: string, role: "visitor" | "admin" | "pevo", screens: (s: Setup) => Screen[]) =>
  test(`${title}: no axe violation at 1280 and 375 px, light and dark`, async ({ browser }) => {
    // Each screen takes 2–3 s alone, 6–8 s on a loaded 2-core machine.
    test.setTimeout(240_000);
    await walk(browser, role, screens(setup));
  });

axeTest("public pages: landing, sign-in, the e-mail callback", "visitor", (s) =>
  publicScreens(s).slice(0, 6),
);
axeTest("public pages a mailed link opens", "visitor", (s) => publicScreens(s).slice(6));
axeTest("PEVO portal: dashboard, a job and its paperwork", "pevo", (s) => portalScreens(s).slice(0, 3));
axeTest("PEVO portal: trip log, earnings, profile", "pevo", (s) => portalScreens(s).slice(3));
axeTest("office: dashboard, clients, PEVOs", "admin", (s) => officeScreens(s).slice(0, 6));
axeTest("office: rate confirmations, dispatching", "admin", (s) => officeScreens(s).slice(6, 13));
axeTest("office: invoices, credit notes, receivables", "admin", (s) => officeScreens(s).slice(13, 21));
axeTest("office: PEVO pay, year end, set-up", "admin", (s) => officeScreens(s).slice(21, 28));
axeTest("office: calendar, settings, an unknown address", "admin", (s) => officeScreens(s).slice(28));
