import { describe, expect, test } from "vitest";
import { cityStateOf } from "./display";

describe("cityStateOf", () => {
  test("the city and state of a street address, or the address as typed", () => {
    expect(cityStateOf("8800 Jacintoport Blvd, Houston, TX 77015")).toBe("Houston, TX");
    expect(cityStateOf("Amarillo, TX 79101")).toBe("Amarillo, TX");
    expect(cityStateOf("Tulsa, OK")).toBe("Tulsa, OK");
    expect(cityStateOf("Yard 4 north gate")).toBe("Yard 4 north gate");
  });
});
