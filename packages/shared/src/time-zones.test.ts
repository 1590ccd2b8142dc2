import { describe, expect, test } from "vitest";
import { NORTH_AMERICAN_ZONES, searchTimeZones, timeZoneLabel, timeZoneOptions } from "./time-zone-names";
import { isTimeZone, timeZones } from "./time-zones";

describe("time zone picker list", () => {
  test("every common name is a real zone, listed once", () => {
    for (const { zone } of NORTH_AMERICAN_ZONES) expect(isTimeZone(zone), zone).toBe(true);
    expect(new Set(NORTH_AMERICAN_ZONES.map((z) => z.zone)).size).toBe(NORTH_AMERICAN_ZONES.length);
  });

  test("the US and Canadian zones come first by common name, then every other zone once", () => {
    const options = timeZoneOptions();
    expect(options.slice(0, 3).map((o) => o.label)).toEqual([
      "Eastern Time — New York",
      "Central Time — Chicago",
      "Mountain Time — Denver",
    ]);
    expect(options[NORTH_AMERICAN_ZONES.length]?.zone).toBe("UTC");
    const zones = options.map((o) => o.zone);
    expect(new Set(zones).size).toBe(zones.length);
    for (const zone of timeZones()) expect(zones).toContain(zone);
  });

  test("a saved zone the runtime does not list stays choosable", () => {
    expect(timeZoneOptions("Etc/Unknown_Zone").map((o) => o.zone)).toContain("Etc/Unknown_Zone");
  });

  test("search matches every word typed, in the common names and the IANA names", () => {
    const options = timeZoneOptions();
    expect(searchTimeZones(options, "mountain den").map((o) => o.zone)).toEqual(["America/Denver"]);
    expect(searchTimeZones(options, "PHOENIX")[0]?.label).toBe("Mountain Time — Phoenix (no DST)");
    expect(searchTimeZones(options, "los angeles")[0]?.zone).toBe("America/Los_Angeles");
    expect(searchTimeZones(options, "america/los_angeles")[0]?.zone).toBe("America/Los_Angeles");
    expect(searchTimeZones(options, "st johns")[0]?.zone).toBe("America/St_Johns");
    expect(searchTimeZones(options, "tokyo").map((o) => o.label)).toEqual(["Asia/Tokyo"]);
    expect(searchTimeZones(options, "  ")).toHaveLength(options.length);
    expect(searchTimeZones(options, "no such place")).toEqual([]);
  });

  test("labels: the common name when there is one, else the IANA name with spaces", () => {
    expect(timeZoneLabel("America/Chicago")).toBe("Central Time — Chicago");
    expect(timeZoneLabel("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos Aires");
  });
});
