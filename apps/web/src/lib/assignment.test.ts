import type { TPevoMarks, TQualificationResponse } from "@pevo/shared";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  busySummary,
  checkPevos,
  qualificationOptions,
  qualificationQuery,
  qualificationSummary,
  qualificationsKey,
} from "./assignment";

const RC = "11111111-1111-4111-8111-111111111111";
const ANN = "22222222-2222-4222-8222-222222222222";
const BOB = "33333333-3333-4333-8333-333333333333";

const marks = (pevoId: string, qualified: boolean, busy: TPevoMarks["busy"] = []): TPevoMarks => ({
  pevoId,
  pevoName: pevoId === ANN ? "Ann Lee" : "Bob Roy",
  qualified,
  states: [
    {
      state: "TX",
      requiresCertification: true,
      status: qualified ? "valid" : "missing",
      certificate: null,
      reason: qualified ? "Valid until Dec 31, 2026" : "No TX certificate",
    },
  ],
  insurance: [],
  licence: { status: "valid", expiresOn: null, reason: "Valid" },
  busy,
});

const answer = (results: TPevoMarks[]): TQualificationResponse => ({
  routeStates: ["TX"],
  from: "2026-11-30",
  to: "2026-11-30",
  results,
});

/** The server's answers, one per request, in order (this test is about the cache, not the server). */
function serverAnswers(...bodies: TQualificationResponse[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      const body = bodies.shift();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

const job = { rateConfirmationId: RC, from: "2026-11-30", pickupDate: "2026-11-30" };

describe("one check feeds the PEVO picker and the panel under it", () => {
  test("the picker's fresh answer replaces the panel's older one for the same PEVO and job", async () => {
    const queryClient = new QueryClient();
    serverAnswers(answer([marks(ANN, false)]), answer([marks(ANN, true), marks(BOB, false)]));
    const panel = qualificationOptions(job, ANN);
    // The panel asked first: Ann was not qualified then.
    await queryClient.fetchQuery(panel);
    expect(queryClient.getQueryData<TQualificationResponse>(panel.queryKey)?.results[0]?.qualified).toBe(
      false,
    );
    // Her credentials were added; the picker's search checks the page again.
    const query = qualificationQuery(job);
    if (!query) throw new Error("a job to check");
    await checkPevos(queryClient, query, [ANN, BOB]);
    const shown = queryClient.getQueryData<TQualificationResponse>(panel.queryKey);
    expect(shown?.results).toEqual([marks(ANN, true)]);
    expect(
      queryClient.getQueryData<TQualificationResponse>(qualificationOptions(job, BOB).queryKey)?.results,
    ).toEqual([marks(BOB, false)]);
  });

  test("another PEVO, another date or another dispatch is another check", () => {
    const key = (j: typeof job, pevo = ANN) => JSON.stringify(qualificationOptions(j, pevo).queryKey);
    expect(key(job, BOB)).not.toBe(key(job));
    expect(key({ ...job, from: "2026-12-01", pickupDate: "2026-12-01" })).not.toBe(key(job));
    expect(key({ ...job, dispatchId: BOB } as typeof job)).not.toBe(key(job));
  });

  test("a credential change makes every check stale (the key they all sit under)", async () => {
    const queryClient = new QueryClient();
    serverAnswers(answer([marks(ANN, false)]));
    const panel = qualificationOptions(job, ANN);
    await queryClient.fetchQuery(panel);
    await queryClient.invalidateQueries({ queryKey: qualificationsKey, refetchType: "none" });
    expect(queryClient.getQueryState(panel.queryKey)?.isInvalidated).toBe(true);
  });

  test("the request carries the pickup date and the dispatch being edited", async () => {
    const queryClient = new QueryClient();
    const urls = serverAnswers(answer([marks(ANN, true)]));
    await queryClient.fetchQuery(qualificationOptions({ ...job, dispatchId: BOB }, ANN));
    const asked = new URL(urls[0] ?? "", "http://x").searchParams;
    expect(asked.get("pickupDate")).toBe("2026-11-30");
    expect(asked.get("dispatchId")).toBe(BOB);
    expect(asked.get("pevoIds")).toBe(ANN);
  });
});

describe("busy marks", () => {
  const conflict = (jobNumber: string, status: "completed" | "dispatched" | null) => ({
    kind: status ? ("dispatch" as const) : ("position" as const),
    id: RC,
    pevoId: ANN,
    pevoName: "Ann Lee",
    jobNumber,
    client: "Acme",
    date: "2026-11-30",
    endDate: null,
    status,
  });

  test("a PEVO booked that day is marked with the other job and its real status", () => {
    expect(qualificationSummary(marks(ANN, true, [conflict("RC-7", "completed")]))).toBe(
      "✓ Qualified · Busy: RC-7 (Completed)",
    );
    expect(busySummary([conflict("RC-8", null)])).toBe("Busy: RC-8 (Assigned to a position)");
    expect(busySummary([])).toBeNull();
  });

  test("many bookings are summed up", () => {
    const three = ["RC-1", "RC-2", "RC-3"].map((n) => conflict(n, "dispatched"));
    expect(busySummary(three)).toBe("Busy: RC-1 (Dispatched), RC-2 (Dispatched) +1 more");
  });
});
