import { afterEach, describe, expect, test, vi } from "vitest";

// A fresh module per test: the first-screen flag is module state.
const load = async () => {
  vi.resetModules();
  return import("./first-screen");
};

afterEach(() => {
  vi.useRealTimers();
});

describe("firstScreenLoader", () => {
  test("on the first screen, waits for every read, a failed one too, and answers null", async () => {
    const { firstScreenLoader } = await load();
    let release: () => void = () => undefined;
    const slow = new Promise<void>((done) => {
      release = done;
    });
    let settled = false;
    const loading = firstScreenLoader(() => [slow, Promise.reject(new Error("offline"))]).then((value) => {
      settled = true;
      return value;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await expect(loading).resolves.toBeNull();
  });

  test("a read that never answers holds the first screen only up to the cap", async () => {
    vi.useFakeTimers();
    const { firstScreenLoader } = await load();
    let settled = false;
    const loading = firstScreenLoader(() => [new Promise(() => undefined)]).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(600);
    await loading;
    expect(settled).toBe(true);
  });

  test("once the first screen is up, a loader neither waits nor starts the reads", async () => {
    const { endFirstScreen, firstScreenLoader } = await load();
    endFirstScreen();
    const work = vi.fn(() => [new Promise(() => undefined)]);
    await expect(firstScreenLoader(work)).resolves.toBeNull();
    expect(work).not.toHaveBeenCalled();
  });
});
