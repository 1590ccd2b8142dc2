import { expect, test } from "vitest";

test("zod, loaded after it, runs without eval (jitless)", async () => {
  await import("./zod-without-eval");
  const { z } = await import("zod");
  expect(z.config().jitless).toBe(true);
});
