import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { call, createClient, pathParams } from "./api-client";

/** A client whose fetch answers with `answer` (or throws it) and records the request. */
function fakeClient(answer: () => Response) {
  const requests: { url: string; method: string; credentials?: RequestCredentials }[] = [];
  const client = createClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ url: String(input), method: init?.method ?? "GET", credentials: init?.credentials });
      return answer();
    }) as typeof fetch,
  });
  return { client, requests };
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("call", () => {
  it("returns the typed success body of a 2xx answer", async () => {
    const page = { items: [{ id: "c1", name: "Acme" }], total: 1, page: 1, pageSize: 25 };
    const { client, requests } = fakeClient(() => json(page, 200));
    const body = await call(client.api.clients.$get({ query: {} }));
    expect(body).toEqual(page);
    expect(requests).toEqual([{ url: "/api/clients", method: "GET", credentials: "same-origin" }]);
  });

  it("puts path and query params in the address", async () => {
    const { client, requests } = fakeClient(() => json({ jobNumber: "RC-20260101-001" }, 200));
    await call(client.api["rate-confirmations"]["next-job-number"].$get({ query: { date: "2026-01-01" } }));
    await call(client.api.dispatches[":id"].$get({ param: pathParams({ id: "d1" }) }));
    await call(client.api.dispatches[":id"].$get({ param: pathParams({ id: "../clients?x" }) }));
    expect(requests.map((r) => r.url)).toEqual([
      "/api/rate-confirmations/next-job-number?date=2026-01-01",
      "/api/dispatches/d1",
      "/api/dispatches/..%2Fclients%3Fx",
    ]);
  });

  it("builds a link's address ($path) the same way", () => {
    const { client } = fakeClient(() => json(null, 200));
    expect(client.api.invoices[":id"].pdf.$path({ param: pathParams({ id: "i1" }) })).toBe(
      "/api/invoices/i1/pdf",
    );
  });

  it("answers undefined for 204", async () => {
    const { client, requests } = fakeClient(() => new Response(null, { status: 204 }));
    await expect(call(client.api.clients[":id"].$delete({ param: { id: "c1" } }))).resolves.toBeUndefined();
    expect(requests[0]).toMatchObject({ url: "/api/clients/c1", method: "DELETE" });
  });

  it("throws ApiError with the server's message, status and field messages", async () => {
    const { client } = fakeClient(() =>
      json({ error: "Please fix the highlighted fields", fields: { name: "Name is required" } }, 400),
    );
    const error = await call(client.api.clients.$post({ json: {} as never })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: "Please fix the highlighted fields",
      fields: { name: "Name is required" },
    });
  });

  it("throws ApiError status 0 when fetch itself fails", async () => {
    const { client } = fakeClient(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = await call(client.api.me.$get()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      message: "Cannot reach the server. Check your connection and try again.",
      fields: {},
    });
  });
});
