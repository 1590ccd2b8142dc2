import { TEXT_LIMITS } from "@pevo/shared";
import { saveScreenshot, signInAsDemoAdmin } from "../support/helpers";
import { expect, type Locator, type Page, test } from "../support/test";

/**
 * The bounds table, as a user meets it (DECISIONS 'Bounds are shown, never a silent cut'): near a
 * field's bound a counter shows; typing past it keeps the text and shows the bound's message; a paste
 * that would go past it is refused with the message, the field unchanged.
 */
const BOUNDS = [
  { page: "/settings", label: "Company Name", max: TEXT_LIMITS.name },
  { page: "/settings", label: "Address", max: TEXT_LIMITS.address },
  { page: "/rate-confirmations/new", label: "Description", max: TEXT_LIMITS.longText },
] as const;

/** Pastes `text` into the focused-to-be field as a browser would (a `paste` event with the clipboard's text). */
async function paste(field: Locator, text: string) {
  await field.evaluate((el, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
    if (el.dispatchEvent(event)) {
      // Not refused: insert as the browser would.
      const input = el as HTMLInputElement;
      input.setRangeText(pasted, input.selectionStart ?? 0, input.selectionEnd ?? 0, "end");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, text);
}

const noteOf = (page: Page, field: Locator) =>
  field
    .evaluate((el) => el.getAttribute("aria-describedby") ?? "")
    .then((ids) => {
      const id = ids.split(" ").find((part) => part.endsWith("-limit"));
      return id ? page.locator(`[id="${id}"]`) : page.locator("[data-slot=text-limit]").first();
    });

for (const { page: path, label, max } of BOUNDS) {
  test(`${label} (${path}): a counter near ${max}, past it the message and the text kept; a too-long paste refused`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemoAdmin(page);
    await page.goto(path);
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toBeVisible({ timeout: 20_000 });

    // Below 80% no counter; near the bound the counter shows.
    await field.fill("a".repeat(max - 1));
    let note = await noteOf(page, field);
    await expect(note).toHaveText(`${(max - 1).toLocaleString("en-US")} / ${max.toLocaleString("en-US")}`);

    // Typing past the bound: the text is kept and the message says the bound.
    await field.press("End");
    await field.pressSequentially("bc");
    await expect(field).toHaveValue(`${"a".repeat(max - 1)}bc`);
    note = await noteOf(page, field);
    await expect(note).toContainText(`${label} must be at most ${max} characters`);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await saveScreenshot(page, `bounds-typed-past-${label.replace(/\W+/g, "-").toLowerCase()}`);

    // A paste that would go past the bound is refused whole, with the message.
    await field.fill("start ");
    await field.press("End");
    await paste(field, "x".repeat(max));
    await expect(field).toHaveValue("start ");
    note = await noteOf(page, field);
    await expect(note).toContainText("The pasted text is too long and was not added");
    await expect(note).toContainText(`${label} must be at most ${max} characters`);
    // One that fits goes in.
    await paste(field, "fits");
    await expect(field).toHaveValue("start fits");
  });
}
