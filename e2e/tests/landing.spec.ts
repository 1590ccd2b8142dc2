import { saveScreenshot } from "../support/helpers";
import { allowConsole, expect, test } from "../support/test";

const FAQ_QUESTIONS = [
  "What is PEVO Back Office?",
  "Who is it for?",
  "When does it launch?",
  "Can my PEVOs use it on their phones?",
  "Can clients sign rate confirmations online?",
  "Is my company's data kept separate and secure?",
];

const SLIDES = ["Dashboard", "Rate Confirmations", "Dispatching", "Invoices", "PEVO Portal"];

test.describe("landing page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("shows the banner, header, hero, features, call to action and footer", async ({ page }) => {
    await expect(page.getByRole("region", { name: "Coming soon" })).toContainText(/coming soon/i);

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/auth?signup=true",
    );

    const hero = page.getByRole("region", { name: "Hero" });
    await expect(hero.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(hero.getByRole("link", { name: "Join Waitlist" })).toBeVisible();
    await expect(hero.getByRole("button", { name: "Learn More" })).toBeVisible();

    const features = page.getByRole("region", { name: "Features" });
    await expect(features.getByRole("listitem")).toHaveCount(6);
    await expect(features.getByRole("heading", { level: 3 })).toHaveText([
      "Client management",
      "PEVO roster",
      "Rate confirmations",
      "Dispatching",
      "Invoicing",
      "PEVO portal",
    ]);

    const cta = page.getByRole("region", { name: "Call to action" });
    await expect(cta.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(cta.getByRole("link", { name: "Join Waitlist" })).toHaveAttribute(
      "href",
      "/auth?signup=true",
    );

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("PEVO Back Office");
    await expect(footer.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);

    await saveScreenshot(page, "landing-1280", { fullPage: true });
  });

  test("Learn More scrolls to the features", async ({ page }) => {
    const featuresHeading = page.getByRole("heading", { name: "Everything between the call and the check" });
    await expect(featuresHeading).not.toBeInViewport();
    await page.getByRole("region", { name: "Hero" }).getByRole("button", { name: "Learn More" }).click();
    await expect(featuresHeading).toBeInViewport();
  });

  test("the carousel has five slides whose missing screenshots fall back to images", async ({ page }) => {
    const carousel = page.getByRole("region", { name: "Screenshots" });
    const slides = carousel.locator('figure[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(5);
    for (const [i, title] of SLIDES.entries()) {
      await expect(slides.nth(i)).toHaveAttribute("aria-label", `${i + 1} of 5: ${title}`);
    }

    // Every slide ends up showing an image that actually loaded: the screenshot, or its fallback.
    const images = slides.locator("img");
    await expect(images).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const src = await image.getAttribute("src");
      expect(src).toMatch(new RegExp(`/landing/(slide-${i + 1}\\.png|fallback-${i + 1}\\.svg)$`));
    }

    // The dots and the arrows turn the slides.
    const dots = carousel.getByRole("group", { name: "Choose a slide" }).getByRole("button");
    await expect(dots).toHaveCount(5);
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await expect(carousel.locator("[aria-live]")).toContainText("Dashboard");

    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(carousel.locator("[aria-live]")).toContainText("Rate Confirmations");
    await expect(carousel.getByRole("group", { name: "2 of 5: Rate Confirmations" })).toBeVisible();

    await carousel.getByRole("button", { name: "Go to slide 5: PEVO Portal" }).click();
    await expect(carousel.locator("[aria-live]")).toContainText("PEVO Portal");
    // Wraps around.
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
  });

  test("the FAQ accordion has six questions that open", async ({ page }) => {
    const faq = page.getByRole("region", { name: "FAQ" });
    const questions = faq.getByRole("button");
    await expect(questions).toHaveText(FAQ_QUESTIONS);
    for (const question of FAQ_QUESTIONS) {
      await expect(faq.getByRole("button", { name: question })).toHaveAttribute("aria-expanded", "false");
    }

    const first = faq.getByRole("button", { name: FAQ_QUESTIONS[0] });
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(faq.getByText(/A back-office web app for companies that supply/)).toBeVisible();

    // One open at a time.
    const last = faq.getByRole("button", { name: FAQ_QUESTIONS[5] });
    await last.click();
    await expect(last).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(faq.getByText(/Every record belongs to your company/)).toBeVisible();
  });

  test("Join Waitlist opens the auth screen on the Sign Up tab", async ({ page }) => {
    await page.getByRole("region", { name: "Hero" }).getByRole("link", { name: "Join Waitlist" }).click();
    await expect(page).toHaveURL(/\/auth\?signup=true$/);
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("form", { name: "Create an account" })).toBeVisible();
  });

  test("Login in the header opens the Login tab", async ({ page }) => {
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Demo Admin" })).toBeVisible();
    await saveScreenshot(page, "auth-1280");
  });
});

test("a screenshot that fails to load is replaced by its fallback image", async ({ page }) => {
  // Whether or not real screenshots ship, make them all fail to load (Chromium logs each 404).
  allowConsole(/^error: Failed to load resource: .*status of 404 .* @ \S+\/landing\/slide-\d\.png$/);
  await page.route(/\/landing\/slide-\d\.png$/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  const images = page
    .getByRole("region", { name: "Screenshots" })
    .locator('figure[aria-roledescription="slide"] img');
  await expect(images).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    const image = images.nth(i);
    await expect(image).toHaveAttribute("src", `/landing/fallback-${i + 1}.svg`);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the landing page and the auth screen fit a phone", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Hero" });
    await expect(hero.getByRole("link", { name: "Join Waitlist" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Get Started" })).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, "landing-375", { fullPage: true });

    await page.goto("/auth");
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Demo PEVO" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, "auth-375");
  });
});

test.describe("404 page", () => {
  test("an unknown address answers 404 with Page not found; signed out, Return to Dashboard goes to /auth", async ({
    page,
  }) => {
    allowConsole(/^error: Failed to load resource: .*status of 404 .* @ \S+\/no-such-page$/);
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Dashboard" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
