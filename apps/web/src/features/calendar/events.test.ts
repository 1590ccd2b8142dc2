import { describe, expect, test } from "vitest";
import type { TCalendarData } from "./api";
import { dispatchesOnDay, hiddenPickups, toEvents } from "./events";

const pickup = (id: string, date: string, time: string) => ({
  id,
  date,
  time,
  status: "pending",
  driverName: `Driver ${id}`,
  jobNumber: null,
  pevoName: null,
  position: null,
});

const data: TCalendarData = {
  dispatches: [
    pickup("a", "2025-06-15", "06:00"),
    pickup("b", "2025-06-15", "07:00"),
    pickup("c", "2025-06-16", "08:00"),
  ],
  rateConfirmations: [],
  certificationExpiries: [],
  credentialExpiries: [],
  days: [
    { date: "2025-06-14", dispatches: 0, rateConfirmations: 2 },
    { date: "2025-06-15", dispatches: 90, rateConfirmations: 0 },
    { date: "2025-06-16", dispatches: 1, rateConfirmations: 0 },
  ],
};

describe("calendar events", () => {
  test("a day's hidden pickups are its total less those returned; a day with none hidden is left out", () => {
    expect([...hiddenPickups(data)]).toEqual([["2025-06-15", 88]]);
    expect(hiddenPickups(undefined).size).toBe(0);
  });

  test("+N more opens the dispatch list on that day", () => {
    expect(dispatchesOnDay("2025-06-15")).toBe("/dispatching?pickupFrom=2025-06-15&pickupTo=2025-06-15");
  });

  test("every returned pickup is an event on its day at its time", () => {
    const events = toEvents(data);
    expect(events.map((e) => e.id)).toEqual(["d-a", "d-b", "d-c"]);
    expect(events[1]).toMatchObject({ title: "07:00 Driver b", href: "/dispatching/b", kind: "dispatch" });
    expect(events[1].start.getHours()).toBe(7);
  });

  test("a pickup's title names its job, the position it fills and its PEVO", () => {
    const [event] = toEvents({
      ...data,
      dispatches: [
        {
          ...pickup("p", "2025-06-15", "09:00"),
          jobNumber: "RC-7",
          position: "Lead Car",
          pevoName: "Ann Lee",
        },
      ],
    });
    expect(event?.title).toBe("09:00 RC-7 · Lead Car · Ann Lee");
  });

  test("licence, certification and insurance expiries are all-day items on their day, hidden when turned off", () => {
    const withExpiries: TCalendarData = {
      ...data,
      dispatches: [pickup("a", "2025-06-15", "06:00")],
      certificationExpiries: [{ id: "p1", date: "2025-06-20", pevoName: "Ann Lee" }],
      credentialExpiries: [
        {
          kind: "certification",
          id: "c1",
          pevoId: "p1",
          pevoName: "Ann Lee",
          label: "TX certification",
          date: "2025-06-21",
        },
      ],
    };
    const shown = toEvents(withExpiries).filter((e) => e.kind === "expiry");
    expect(shown.map(({ title, allDay, href }) => ({ title, allDay, href }))).toEqual([
      { title: "Licence expires: Ann Lee", allDay: true, href: "/pevos/edit/p1" },
      { title: "TX certification expires: Ann Lee", allDay: true, href: "/pevos/edit/p1" },
    ]);
    expect(shown[1]?.start.getDate()).toBe(21);
    expect(shown[1]?.end.getDate()).toBe(22);
    expect(toEvents(withExpiries, false).map((e) => e.id)).toEqual(["d-a"]);
  });
});
