import { describe, expect, test } from "vitest";
import { ApiError } from "./api";
import { failureMessage, isRefusal, retryFailedQuery } from "./errors";

const refused = new ApiError(409, "Invoice number already exists");
const missing = new ApiError(404, "Invoice not found");
const serverError = new ApiError(500, "Internal error");
const offline = new ApiError(0, "Cannot reach the server. Check your connection and try again.");

describe("failureMessage", () => {
  test.each([
    ["a refusal: the server's message", refused, "Invoice number already exists"],
    ["not found: the server's message", missing, "Invoice not found"],
    [
      "offline: the connection hint",
      offline,
      "Cannot reach the server. Check your connection and try again.",
    ],
    ["a server error: the fallback", serverError, "Failed"],
    ["a refusal without a message: the fallback", new ApiError(400, ""), "Failed"],
    ["any other error: the fallback", new Error("boom"), "Failed"],
    ["no error: the fallback", undefined, "Failed"],
  ])("%s", (_name, error, expected) => {
    expect(failureMessage(error, "Failed")).toBe(expected);
  });
});

describe("retryFailedQuery (the QueryClient's retry rule)", () => {
  test.each([
    ["a server error, first failure: retry", serverError, 0, true],
    ["offline, first failure: retry", offline, 0, true],
    ["any other error, first failure: retry", new TypeError("x"), 0, true],
    ["a server error, second failure: give up", serverError, 1, false],
    ["not found: never", missing, 0, false],
    ["a conflict: never", refused, 0, false],
    ["unauthorised: never", new ApiError(401, "Unauthorized"), 0, false],
  ])("%s", (_name, error, failureCount, expected) => {
    expect(retryFailedQuery(failureCount, error)).toBe(expected);
  });

  test("isRefusal is 4xx only", () => {
    expect([399, 400, 404, 499, 500, 0].map((s) => isRefusal(new ApiError(s, "x")))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
