/**
 * "Open invoice" is INVOICE_OPEN_STATUSES (packages/shared). Migration 0026 restates it in SQL
 * written by hand (the backfill of invoice_open_balances and the trigger that keeps it): every
 * status list of that migration, and of any later one that touches the open balances again, must be
 * that constant.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { INVOICE_OPEN_STATUSES } from "@pevo/shared";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./index";

/** Every `"status" IN ('a', 'b')` list of a SQL text, as arrays of the quoted values. */
function statusLists(text: string) {
  return [...text.matchAll(/"status"\s+in\s*\(([^)]*)\)/gi)].map((m) =>
    [...(m[1] ?? "").matchAll(/'([^']*)'/g)].map((v) => v[1]),
  );
}

const openBalanceMigrations = () =>
  readdirSync(migrationsFolder)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => ({ file: f, text: readFileSync(join(migrationsFolder, f), "utf8") }))
    .filter(({ text }) =>
      /invoice_open_balances|invoices_track_open_balance|client_open_balances|invoices_track_client_balance/.test(
        text,
      ),
    );

describe("the open invoice statuses restated in SQL", () => {
  it("migration 0026 lists INVOICE_OPEN_STATUSES in its backfill and in both checks of its trigger", () => {
    const migration = openBalanceMigrations().find(({ file }) => file.startsWith("0026_"));
    expect(migration?.file).toBe("0026_invoice_open_balances.sql");
    const lists = statusLists(migration?.text ?? "");
    expect(lists).toHaveLength(3);
    for (const list of lists) expect(list).toEqual([...INVOICE_OPEN_STATUSES]);
  });

  it("every migration that touches the open balances lists the same statuses", () => {
    for (const { file, text } of openBalanceMigrations()) {
      for (const list of statusLists(text))
        expect({ file, list }).toEqual({ file, list: [...INVOICE_OPEN_STATUSES] });
    }
  });
});
