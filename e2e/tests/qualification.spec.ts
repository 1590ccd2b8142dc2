import {
  apiCreate,
  browserDays,
  createRateConfirmationViaApi,
  screenshotBothWidths,
  searchDispatchPevo,
  signInAsDemoAdmin,
  toastWith,
  uniqueTag,
} from "../support/helpers";
import { expect, test } from "../support/test";

/*
 * DECISIONS 'Every assignment is checked': assigning a PEVO checks their certificates against the route. A PEVO with an approved
 * AZ certificate (the office's own entry is approved at once) is marked missing NY on a job through
 * NY, and ✓ on a job through AZ; saving the NY one asks for an admin's reason.
 */

test("a PEVO with an AZ certificate: missing NY on a job through NY, ✓ on a job through AZ", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsDemoAdmin(page);
  const { today } = await browserDays(page);
  const tag = uniqueTag();
  const lastName = `Arizona${tag}`;
  const name = `Casey ${lastName}`;
  const request = page.request;

  const pevo = await apiCreate<{ id: string }>(request, "/api/pevos", {
    firstName: "Casey",
    lastName,
    status: "active",
    states: ["AZ"],
    certificationExpiry: "2030-12-31",
  });
  await apiCreate(request, `/api/pevos/${pevo.id}/credentials/insurance`, {
    type: "auto_liability",
    carrier: "Desert Mutual",
    policyNumber: `AL-${tag}`,
    coverageAmount: "1000000",
    expiresOn: "2030-12-31",
  });
  await apiCreate(request, `/api/pevos/${pevo.id}/credentials/certifications`, {
    state: "AZ",
    certificateNumber: `AZ-${tag}`,
    issuedOn: "2025-01-10",
    expiresOn: "2030-12-31",
  });

  const jobThrough = (state: string, n = 1) =>
    createRateConfirmationViaApi(request, {
      jobNumber: `Q-${state}${n > 1 ? n : ""}-${tag}`.toUpperCase(),
      originAddress: "Phoenix, AZ 85001",
      destinationAddress: "Albany, NY 12207",
      startDate: today,
      routeStates: [state],
    });

  // Through NY: the option and the marks say the NY certificate is missing.
  const ny = await jobThrough("NY");
  await page.goto(`/dispatching/new?rcId=${ny.id}&single=1`);
  const nyOption = await searchDispatchPevo(page, lastName);
  await expect(nyOption).toContainText("✗ Missing NY");
  await screenshotBothWidths(page, "qualification-picker-ny");
  await nyOption.click();
  const marks = page.getByRole("region", { name: `Qualification of ${name}` });
  await expect(marks).toContainText("Not qualified for this route");
  await expect(marks).toContainText("NY: Missing");
  await expect(marks).toContainText("No certificate accepted in NY: it accepts only its own; held: AZ");
  await expect(marks).toContainText("Insurance: Valid");
  await screenshotBothWidths(page, "qualification-marks-ny");

  // Saving it is refused; the admin assigns anyway with a reason.
  await page.getByLabel("Driver Name", { exact: true }).fill("Dale Trucker");
  await page.getByLabel("Driver Phone", { exact: true }).fill("(555) 123-4567");
  await page.getByRole("button", { name: "Create Dispatch" }).click();
  const dialog = page.getByRole("alertdialog", { name: "PEVO not qualified for this route" });
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText("No certificate accepted in NY");
  await dialog.getByRole("button", { name: "Assign anyway" }).click();
  await expect(dialog.getByText("Enter the reason for assigning anyway")).toBeVisible();
  await dialog
    .getByLabel("Reason for assigning anyway")
    .fill("NY reciprocity confirmed with the permit office");
  await dialog.getByRole("button", { name: "Assign anyway" }).click();
  await expect(toastWith(page, "Dispatch created successfully")).toBeVisible();
  const activity = await (await request.get("/api/activity?type=qualification_override&limit=25")).json();
  expect(JSON.stringify(activity)).toContain("Reason: NY reciprocity confirmed with the permit office");

  // Through AZ: ✓.
  const az = await jobThrough("AZ");
  await page.goto(`/dispatching/new?rcId=${az.id}&single=1`);
  const azOption = await searchDispatchPevo(page, lastName);
  await expect(azOption).toContainText("✓ Qualified");
  await screenshotBothWidths(page, "qualification-picker-az");
  await azOption.click();
  const azMarks = page.getByRole("region", { name: `Qualification of ${name}` });
  await expect(azMarks).toContainText("✓ Qualified for this route");
  await expect(azMarks).toContainText("AZ: Valid");
  await expect(azMarks).toContainText("AZ certificate, valid through Dec 31, 2030");

  // One computation feeds the picker and the panel, recomputed when the credentials change: with the
  // NY panel open, an NY certificate recorded elsewhere turns both to ✓ without a reload.
  const ny2 = await jobThrough("NY", 2);
  await page.goto(`/dispatching/new?rcId=${ny2.id}&single=1`);
  const ny2Option = await searchDispatchPevo(page, lastName);
  await expect(ny2Option).toContainText("✗ Missing NY");
  await ny2Option.click();
  const ny2Marks = page.getByRole("region", { name: `Qualification of ${name}` });
  await expect(ny2Marks).toContainText("Not qualified for this route");
  await apiCreate(request, `/api/pevos/${pevo.id}/credentials/certifications`, {
    state: "NY",
    certificateNumber: `NY-${tag}`,
    issuedOn: "2025-01-10",
    expiresOn: "2030-12-31",
  });
  await expect(ny2Marks).toContainText("✓ Qualified for this route", { timeout: 20_000 });
  await expect(ny2Marks).toContainText("NY: Valid");
  await page.getByRole("combobox", { name: "PEVO (optional)", exact: true }).click();
  await page.getByRole("combobox", { name: "Search PEVOs" }).fill(lastName);
  await expect(page.getByRole("option").filter({ hasText: lastName })).toContainText("✓ Qualified");
});
