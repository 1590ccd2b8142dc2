import { sameOrigin, saveScreenshot, signInFreshAdmin, uniqueTag } from "../support/helpers";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const CLIENTS = 2_000;

/**
 * Adds `count` clients "Bulk Carrier <tag> 0000"… (contact "Dispatcher 0000"…) in one request to the
 * development seed route: the e2e server's embedded database is the server's alone, and 2,000 API
 * requests kept it busy for a minute, holding up the other worker's sign-ins.
 */
async function seedClients(request: APIRequestContext, tag: string, count: number) {
  const seeded = await request.post("/dev/seed/clients", {
    headers: sameOrigin(),
    data: { name: `Bulk Carrier ${tag}`, count },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
}

async function shoot(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    await saveScreenshot(page, `${name}-${theme}`);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test.describe("server-search pickers", () => {
  test("the client picker finds one client by typing part of its name among 2,000; the clients list pages them", async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    await signInFreshAdmin(page, request, "pickers");
    const tag = uniqueTag();
    const seeding = Date.now();
    await seedClients(page.request, tag, CLIENTS);
    const target = `Quarryside Heavy Haul ${tag}`;
    const created = await page.request.post("/api/clients", {
      headers: sameOrigin(),
      data: { name: target, contactPerson: "Rosa Quintero", phone: "(806) 555-0142" },
    });
    expect(created.status()).toBe(201);
    test.info().annotations.push({
      type: "seeding",
      description: `${CLIENTS} clients seeded and 1 added through the API in ${Math.round((Date.now() - seeding) / 1000)} s`,
    });
    const total = CLIENTS + 1;

    // The rate confirmation form: the picker shows the first 20 by name and says there are more.
    await page.goto("/rate-confirmations/new");
    await expect(page.getByRole("heading", { level: 1, name: "New Rate Confirmation" })).toBeVisible({
      timeout: 30_000,
    });
    const picker = page.getByRole("combobox", { name: "Client", exact: true });
    await expect(picker).toHaveText("Select a client");
    await picker.click();
    const search = page.getByRole("combobox", { name: "Search clients" });
    await expect(search).toBeFocused();
    const options = page.getByRole("listbox", { name: "clients" }).getByRole("option");
    await expect(options).toHaveCount(20, { timeout: 20_000 });
    await expect(options.first()).toHaveAccessibleName(`Bulk Carrier ${tag} 0000`);
    await expect(page.getByText(`Showing 20 of ${total.toLocaleString("en-US")}`)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await shoot(page, "picker-open-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // Typing part of the name searches on the server: the one client, picked with the keyboard.
    await search.fill("quarrysIDE");
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveAccessibleName(target);
    await expect(search).toHaveAttribute(
      "aria-activedescendant",
      (await options.first().getAttribute("id")) ?? "",
    );
    await shoot(page, "picker-search-1280");
    await search.press("Enter");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await expect(picker).toHaveText(target);
    await expect(picker).toBeFocused();

    // Reopened: a search by phone, one that matches nothing, and Escape keeps the choice.
    await picker.press("ArrowDown");
    await search.fill("555-0142");
    await expect(options).toHaveCount(1);
    await search.fill("no such carrier");
    await expect(page.getByText('No clients match "no such carrier".')).toBeVisible();
    await search.press("Escape");
    await expect(picker).toHaveText(target);

    // Typing on the closed picker opens it with that text; arrows move, Enter picks the second match.
    await picker.focus();
    await page.keyboard.type("B");
    await expect(search).toHaveValue("B");
    await search.fill(`Bulk Carrier ${tag} 000`);
    await expect(options).toHaveCount(10);
    await search.press("ArrowDown");
    await search.press("Enter");
    await expect(picker).toHaveText(`Bulk Carrier ${tag} 0001`);

    // The clients list pages the 2,001 on the server: 25 a page, page 2, sorted, searched; all in the address.
    await page.goto("/clients");
    await expect(page.getByText(`Showing 1–25 of ${total.toLocaleString("en-US")} clients`)).toBeVisible({
      timeout: 30_000,
    });
    const rows = page.getByRole("table", { name: "Clients" }).locator("tbody tr");
    await expect(rows).toHaveCount(25);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`Showing 26–50 of ${total.toLocaleString("en-US")} clients`)).toBeVisible();
    await expect(rows.first()).toContainText(`Bulk Carrier ${tag} 0025`);
    await page.getByRole("button", { name: "Name" }).click();
    await expect(page).toHaveURL(/dir=desc/);
    await expect(rows.first()).toContainText(target);
    await shoot(page, "clients-list-1280");
    await page.getByRole("searchbox", { name: "Search clients" }).fill("dispatcher 199");
    await expect(page.getByText("Showing 1–10 of 10 clients")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search clients" })).toHaveValue("dispatcher 199");
    await expect(rows).toHaveCount(10);
    await page.getByRole("searchbox", { name: "Search clients" }).fill("nothing like this");
    await expect(page.getByText("No clients match your search.")).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByText(`of ${total.toLocaleString("en-US")} clients`)).toBeVisible();

    // Phones: cards and "Load more".
    await page.setViewportSize({ width: 375, height: 812 });
    const cards = page.getByRole("list", { name: "Clients" }).getByRole("listitem");
    await expect(cards).toHaveCount(25);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(cards).toHaveCount(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, "clients-list-375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The PEVO list and the team, for the screenshots.
    for (const [first, last, status] of [
      ["Casey", "Whitt", "active"],
      ["Avery", "Baker", "inactive"],
    ]) {
      const res = await page.request.post("/api/pevos", {
        headers: sameOrigin(),
        data: { firstName: first, lastName: last, status, states: ["TX"], certificationExpiry: "2020-01-01" },
      });
      expect(res.status()).toBe(201);
    }
    await page.goto("/pevos?status=active");
    const roster = page.getByRole("table", { name: "PEVOs" }).locator("tbody tr");
    await expect(roster).toHaveCount(1);
    await expect(roster.first()).toContainText("Casey Whitt");
    await expect(roster.first()).toContainText("Expired");
    await shoot(page, "pevos-list-1280");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/pevos");
    await expect(page.getByRole("list", { name: "PEVOs" }).getByRole("listitem")).toHaveCount(2);
    await shoot(page, "pevos-list-375");
    await page.goto("/settings?tab=team");
    await expect(page.getByRole("list", { name: "Team members" }).getByRole("listitem")).toHaveCount(1);
    await shoot(page, "team-375");
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("table", { name: "Team members" }).locator("tbody tr")).toHaveCount(1);
    await shoot(page, "team-1280");
  });

  test("the PEVO picker lists active PEVOs and still shows an inactive PEVO who is assigned", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signInFreshAdmin(page, request, "pevo-picker");
    const headers = sameOrigin();
    const post = async (path: string, data: unknown) => {
      const res = await page.request.post(path, { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: string };
    };
    await post("/api/pevos", { firstName: "Jamie", lastName: "Active", status: "active", states: [] });
    const retired = await post("/api/pevos", {
      firstName: "Riley",
      lastName: "Retired",
      status: "active",
      states: [],
    });
    const dispatch = await post("/api/dispatches", {
      pevoId: retired.id,
      driverName: "Dale Driver",
      driverPhone: "(806) 555-0199",
      pickupDate: "2026-06-01",
      pickupTime: "09:00",
      status: "pending",
    });
    const put = await page.request.put(`/api/pevos/${retired.id}`, {
      headers,
      data: { firstName: "Riley", lastName: "Retired", status: "inactive", states: [] },
    });
    expect(put.status()).toBe(200);

    await page.goto(`/dispatching/edit/${dispatch.id}`);
    const picker = page.getByRole("combobox", { name: "PEVO (optional)", exact: true });
    await expect(picker).toHaveText("Riley Retired (inactive)", { timeout: 30_000 });
    await picker.click();
    const options = page.getByRole("option");
    await expect(options).toHaveText(["Unassigned", "Jamie Active"]);
    await page.getByRole("combobox", { name: "Search PEVOs" }).fill("reti");
    await expect(page.getByText('No active PEVOs match "reti".')).toBeVisible();
    await page.getByRole("combobox", { name: "Search PEVOs" }).fill("jam");
    await page.getByRole("option", { name: "Jamie Active", exact: true }).click();
    await expect(picker).toHaveText("Jamie Active");
  });
});
