import {
  addDaysIso,
  apiCreate,
  apiUpdate,
  browserDays,
  createPevoWithLoginViaApi,
  createRateConfirmationViaApi,
  latestMail,
  newViewportContext,
  openDemoOffice,
  saveScreenshot,
  signInFreshAdmin,
  signInInvitedPevo,
  toastWith,
  uniqueTag,
} from "../support/helpers";
import { expect, type Page, test } from "../support/test";

/**
 * The job lifecycle (DECISIONS 'Dispatches'). The office assigns a job; the PEVO's phone (375 px) shows it
 * without a reload; the PEVO accepts and taps through to Completed; the office's dispatch page shows
 * each step live, with a toast; completing asks for the job's trip log entry, prefilled; the office
 * dashboard's counts follow the PEVO's answers and steps without a reload.
 */

const PASSWORD = "lifecycle-pass-1";

const timelineRow = (page: Page, text: string) =>
  page.getByRole("list", { name: "Job timeline" }).getByRole("listitem").filter({ hasText: text });

test("the PEVO accepts a job on the phone and taps it through to Completed while the office watches live", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const office = await newViewportContext(browser, 1280, 900);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();

    const lastName = `Whitfield${tag}`;
    const name = `Casey ${lastName}`;
    const pevo = await createPevoWithLoginViaApi(officePage.request, "job-pevo", {
      firstName: "Casey",
      lastName,
      phone: "(806) 555-0100",
      licenseNumber: `LIC-${tag.toUpperCase()}`,
    });
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);
    await phonePage.goto("/pevo/dispatches");
    await expect(phonePage.getByRole("heading", { level: 1, name: "My Dispatches" })).toBeVisible();
    const driver = `Dale Road${tag}`;
    await expect(phonePage.getByText(driver)).toHaveCount(0);

    // The office assigns the job.
    const rc = await createRateConfirmationViaApi(officePage.request, {
      jobNumber: `RC-LIFE-${tag.toUpperCase()}`,
      originAddress: "Amarillo, TX 79101",
      destinationAddress: "Oklahoma City, OK 73102",
      startDate: today,
    });
    const dispatch = await apiCreate<{ id: string }>(officePage.request, "/api/dispatches", {
      rateConfirmationId: rc.id,
      pevoId: pevo.id,
      driverName: driver,
      driverPhone: "8065550199",
      pickupDate: today,
      pickupTime: "06:30",
    });
    await officePage.goto(`/dispatching/${dispatch.id}`);
    await expect(officePage.getByRole("heading", { level: 1, name: "Dispatch Details" })).toBeVisible();
    const stage = officePage.getByTestId("timeline-stage");
    await expect(stage).toHaveText("Awaiting the PEVO's answer");
    await expect(timelineRow(officePage, `Assigned to ${name}`)).toBeVisible();
    // Times in the company's zone (the demo company's: Central), with its abbreviation.
    await expect(timelineRow(officePage, `Assigned to ${name}`)).toContainText(
      /, \d{1,2}:\d{2} [AP]M C[SD]T$/,
    );

    // The assignment mail carries the Accept / Decline link.
    const mail = await latestMail(officePage.request, pevo.email, /^New dispatch:/);
    expect(mail.text).toMatch(/Accept or decline it here:\n\S+\/respond\/[A-Za-z0-9_-]{43}\n/);

    // The phone shows the job without a reload; the PEVO opens it.
    const item = phonePage.getByRole("listitem").filter({ hasText: driver });
    await expect(item).toBeVisible({ timeout: 20_000 });
    await item.getByRole("link", { name: `Details of job ${rc.jobNumber}` }).click();
    const job = phonePage.getByRole("region", { name: "Your job" });
    const stageText = phonePage.getByTestId("job-stage");
    await expect(stageText).toHaveText("The office assigned you this job. Can you take it?", {
      timeout: 20_000,
    });
    await expect(job.getByRole("button", { name: "Decline" })).toBeVisible();
    await saveScreenshot(phonePage, "job-0-awaiting-375");

    await job.getByRole("button", { name: "Accept job" }).click();
    await expect(stageText).toHaveText("You accepted this job. Tap the button when you head out.");
    await expect(stage).toHaveText("Accepted", { timeout: 20_000 });
    await expect(timelineRow(officePage, `Accepted — ${name}`)).toBeVisible();
    await expect(toastWith(officePage, `${name} accepted — ${rc.jobNumber}`)).toBeVisible();
    await saveScreenshot(phonePage, "job-1-accepted-375");

    const steps = [
      { button: "On my way", stage: "On the way", toast: "is on the way", phone: "You are on your way." },
      {
        button: "Arrived at pickup",
        stage: "At pickup",
        toast: "arrived at pickup",
        phone: "You arrived at pickup.",
      },
      {
        button: "Escort started",
        stage: "Escort under way",
        toast: "started the escort",
        phone: "The escort is under way.",
      },
    ];
    for (const [index, s] of steps.entries()) {
      // One large button at a time: only the next step is offered.
      await expect(job.getByRole("button", { name: s.button })).toBeVisible();
      for (const other of steps.filter((o) => o !== s)) {
        await expect(job.getByRole("button", { name: other.button })).toHaveCount(0);
      }
      await job.getByRole("button", { name: s.button }).click();
      await expect(stageText).toHaveText(s.phone);
      await expect(stage).toHaveText(s.stage, { timeout: 20_000 });
      await expect(timelineRow(officePage, `${s.button} — ${name}`)).toBeVisible();
      await expect(toastWith(officePage, `${name} ${s.toast} — ${rc.jobNumber}`)).toBeVisible();
      await saveScreenshot(phonePage, `job-${index + 2}-${s.button.toLowerCase().replaceAll(" ", "-")}-375`);
    }

    // Completed: the office sees it at once (checked before the trip form, while its toast shows);
    // the trip log form opens, prefilled for this job.
    await job.getByRole("button", { name: "Completed" }).click();
    await expect(stage).toHaveText("Completed", { timeout: 20_000 });
    await expect(timelineRow(officePage, `Completed — ${name}`)).toBeVisible();
    await expect(toastWith(officePage, `${name} completed — ${rc.jobNumber}`)).toBeVisible();
    await officePage.getByRole("list", { name: "Job timeline" }).scrollIntoViewIfNeeded();
    await saveScreenshot(officePage, "job-office-timeline-1280", { toasts: true });
    const sheet = phonePage.getByRole("dialog", { name: "New Trip Entry" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByLabel("Start Location")).toHaveValue("Amarillo, TX 79101");
    await expect(sheet.getByLabel("End Location")).toHaveValue("Oklahoma City, OK 73102");
    await expect(sheet.getByRole("combobox", { name: "Dispatch (optional)" })).toContainText(rc.jobNumber);
    await saveScreenshot(phonePage, "job-5-completed-trip-form-375");
    await sheet.getByLabel("Miles").fill("260");
    await sheet.getByLabel("Hours").fill("5");
    await sheet.getByRole("button", { name: "Save Entry" }).click();
    await expect(sheet).toBeHidden();
    await expect(stageText).toHaveText("Job completed. Thank you!");
    await expect(job.getByRole("button", { name: "Add trip log entry" })).toHaveCount(0, { timeout: 20_000 });
    await saveScreenshot(phonePage, "job-6-completed-375", { fullPage: true });

    await officePage.setViewportSize({ width: 375, height: 812 });
    await officePage.getByRole("list", { name: "Job timeline" }).scrollIntoViewIfNeeded();
    await saveScreenshot(officePage, "job-office-timeline-375");
  } finally {
    await office.close();
    await phone.close();
  }
});

test("the office dashboard's counts change live while the PEVO accepts, completes and declines", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // A company of its own: other tests' jobs cannot move these counts.
  const office = await newViewportContext(browser, 1280, 900);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const dashboard = await office.newPage();
    await signInFreshAdmin(dashboard, request, "live-dash");
    const { today } = await browserDays(dashboard);
    const tag = uniqueTag();
    const TAG = tag.toUpperCase();
    // The company works on Pacific time; the phone's browser does not (the timeline shows PST/PDT).
    const company = await (await dashboard.request.get("/api/company")).json();
    await apiUpdate(dashboard.request, "/api/company", { ...company, timeZone: "America/Los_Angeles" });
    await apiCreate(dashboard.request, "/api/clients", { name: `Dash Client ${tag}` });
    const pevo = await createPevoWithLoginViaApi(dashboard.request, "dash-pevo", {
      firstName: "Dana",
      lastName: `Dash${tag}`,
      phone: "(806) 555-0102",
      licenseNumber: `LIC-D${TAG}`,
    });
    const job = (jobNumber: string, startDate: string) =>
      createRateConfirmationViaApi(dashboard.request, {
        jobNumber,
        originAddress: "Amarillo, TX 79101",
        destinationAddress: "Lubbock, TX 79401",
        startDate,
      });
    const runJob = await job(`RC-RUN-${TAG}`, today);
    const dropJob = await job(`RC-DROP-${TAG}`, addDaysIso(today, 1));
    const phonePage = await phone.newPage();
    await signInInvitedPevo(phonePage, pevo.email, PASSWORD);

    // From here on the dashboard is never reloaded.
    await dashboard.goto("/dashboard");
    const count = (title: string, n: number) =>
      expect(
        dashboard
          .locator('[data-slot="card"]')
          .filter({ has: dashboard.getByText(title, { exact: true }) })
          .getByText(String(n), { exact: true }),
      ).toBeVisible({ timeout: 20_000 });
    await count("Active Jobs", 0);
    await count("Uncovered Positions", 2);

    // The office dispatches both jobs to the PEVO: every position is covered.
    for (const [rc, date, driver] of [
      [runJob, today, `Run Driver ${tag}`],
      [dropJob, addDaysIso(today, 1), `Drop Driver ${tag}`],
    ] as const) {
      await apiCreate(dashboard.request, "/api/dispatches", {
        rateConfirmationId: rc.id,
        positionType: "lead_car",
        pevoId: pevo.id,
        driverName: driver,
        driverPhone: "8065550199",
        pickupDate: date,
        pickupTime: "07:30",
      });
    }
    await count("Uncovered Positions", 0);
    await count("Active Jobs", 0);

    // The PEVO accepts the first job: it is active.
    const openJob = async (jobNumber: string) => {
      await phonePage.goto("/pevo/dispatches");
      await phonePage.getByRole("link", { name: `Details of job ${jobNumber}` }).click();
      return phonePage.getByRole("region", { name: "Your job" });
    };
    const run = await openJob(runJob.jobNumber);
    await run.getByRole("button", { name: "Accept job" }).click();
    await count("Active Jobs", 1);
    await saveScreenshot(dashboard, "dashboard-live-active-1280");

    // Taps through to Completed: no longer active.
    for (const button of ["On my way", "Arrived at pickup", "Escort started", "Completed"]) {
      await run.getByRole("button", { name: button }).click();
      await expect(run.getByRole("button", { name: button })).toHaveCount(0, { timeout: 20_000 });
    }
    const sheet = phonePage.getByRole("dialog", { name: "New Trip Entry" });
    await expect(sheet).toBeVisible();
    await phonePage.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await count("Active Jobs", 0);
    // The timeline's times are the company's (Pacific), not the phone browser's.
    await expect(run.getByRole("list", { name: "Job timeline" }).getByRole("listitem").first()).toContainText(
      /\b(PST|PDT)\b/,
    );
    await saveScreenshot(phonePage, "job-timeline-company-zone-375", { fullPage: true });

    // The PEVO declines the second job: its position is uncovered again.
    const drop = await openJob(dropJob.jobNumber);
    await drop.getByRole("button", { name: "Decline", exact: true }).click();
    const reason = phonePage.getByRole("dialog", { name: "Decline this job?" });
    await reason.getByLabel("Reason").fill("My truck is in the shop");
    await reason.getByRole("button", { name: "Decline job" }).click();
    await count("Uncovered Positions", 1);
    await count("Active Jobs", 0);
    await saveScreenshot(dashboard, "dashboard-live-uncovered-1280", { toasts: true });
  } finally {
    await office.close();
    await phone.close();
  }
});

test("the emailed link accepts or declines without a session; a used or wrong link says so", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const office = await newViewportContext(browser, 1280, 900);
  const phone = await newViewportContext(browser, 375, 812);
  try {
    const { page: officePage, today } = await openDemoOffice(office);
    const tag = uniqueTag();
    const pevo = await createPevoWithLoginViaApi(officePage.request, "link-pevo", {
      firstName: "Lee",
      lastName: `Link${tag}`,
      phone: "(806) 555-0101",
      licenseNumber: `LIC-L${tag.toUpperCase()}`,
    });
    const create = (driver: string) =>
      apiCreate<{ id: string }>(officePage.request, "/api/dispatches", {
        pevoId: pevo.id,
        driverName: driver,
        driverPhone: "8065550199",
        pickupDate: today,
        pickupTime: "07:00",
      });
    const linkOf = async () => {
      const mail = await latestMail(officePage.request, pevo.email, /^New dispatch:/);
      return new URL(mail.text.match(/\S+\/respond\/\S+/)?.[0] ?? "").pathname;
    };

    // Decline through the link (not signed in): the office is told, the link is used up.
    const first = await create(`Decline Driver ${tag}`);
    const declineLink = await linkOf();
    const page = await phone.newPage();
    await page.goto(declineLink);
    await expect(page.getByText(`Hello Lee Link${tag}, you have been assigned this job.`)).toBeVisible();
    await saveScreenshot(page, "respond-awaiting-375");
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    await page.getByRole("button", { name: "Decline job" }).click();
    await expect(page.getByText("Tell the office why you decline")).toBeVisible();
    await page.getByLabel("Why do you decline?").fill("My truck is in the shop");
    await page.getByRole("button", { name: "Decline job" }).click();
    await expect(page.getByRole("heading", { name: "You declined this job" })).toBeVisible();
    await saveScreenshot(page, "respond-declined-375");
    await officePage.goto(`/dispatching/${first.id}`);
    await expect(timelineRow(officePage, `Declined — Lee Link${tag}`)).toContainText(
      "My truck is in the shop",
    );
    await expect(officePage.getByTestId("timeline-stage")).toHaveText("No PEVO assigned");

    // The used and the made-up link: the API refuses them.
    await page.goto(declineLink);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(page.getByText(/^This link was already used/)).toBeVisible();
    await saveScreenshot(page, "respond-used-375");
    await page.goto(`/respond/${"x".repeat(43)}`);
    await expect(
      page.getByText("This link is not valid. Check that you copied the whole link from the email."),
    ).toBeVisible();

    // Accept through the link.
    await create(`Accept Driver ${tag}`);
    await page.goto(await linkOf());
    await page.getByRole("button", { name: "Accept job" }).click();
    await expect(page.getByText("You accepted this job")).toBeVisible();
    await saveScreenshot(page, "respond-accepted-375");
  } finally {
    await office.close();
    await phone.close();
  }
});
