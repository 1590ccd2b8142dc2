import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { SESSION } from "./openapi";

const TAGS = [
  {
    name: "Account",
    description: "Sign-up and the signed-in user (sign-in itself is Better Auth's, under /api/auth)",
  },
  { name: "Settings", description: "Every signed-in user's own preferences" },
  { name: "Dashboard", description: "The admin dashboard" },
  { name: "Activity", description: "The company's activity log, newest first" },
  { name: "Clients", description: "The companies that order escorts (admins)" },
  { name: "PEVOs", description: "The roster of pilot / escort vehicle operators (admins)" },
  { name: "Rate confirmations", description: "Jobs agreed with a client: rates and positions (admins)" },
  { name: "Dispatches", description: "Jobs dispatched to PEVOs (admins)" },
  { name: "Invoices", description: "Invoices with line items; totals computed by the server (admins)" },
  { name: "Mail", description: "A record's email, queued in the outbox: Retry when it failed (admins)" },
  { name: "Company", description: "The company profile, invoice defaults and team (admins)" },
  { name: "Calendar", description: "Pickups, jobs and expiries by day (admins)" },
  {
    name: "Receivables",
    description: "Open balances by client and aging, statements and accounting exports (admins)",
  },
  {
    name: "Reports",
    description: "Margin: the jobs report and its CSV, a job's margin, the last 12 months (admins)",
  },
  {
    name: "Tax",
    description:
      "PEVOs' W-9s (the TIN masked; a logged reveal) and the 1099-NEC year end: threshold, totals, the CSV and Copy B (admins)",
  },
  {
    name: "Documents",
    description:
      "Files of a PEVO, a rate confirmation or a dispatch: PDF, JPEG, PNG, HEIC or WebP up to 15 MB, typed from their content (admins)",
  },
  {
    name: "Credentials",
    description:
      "A PEVO's state certifications, insurance, vehicle and equipment; the office reviews a PEVO's changes; expiring ones (admins)",
  },
  {
    name: "Live events",
    description: "Server-Sent Events: what changed in the company (office) or in a PEVO's own jobs",
  },
  { name: "Portal", description: "A PEVO user's own dispatches, trip log, profile and documents" },
  {
    name: "Public signing",
    description: "A client signs a rate confirmation from an emailed link: no account, the token is the key",
  },
  {
    name: "Public dispatch response",
    description: "A PEVO accepts or declines an assignment from the emailed link: the token is the key",
  },
  {
    name: "Public invoice",
    description:
      "A client views a sent invoice and downloads its PDF from an emailed link: the token is the key",
  },
  {
    name: "Credit notes",
    description:
      "Corrections of sent or paid invoices: issued against an invoice (applied up to its balance, the rest credited to the client), their PDF and email (admins)",
  },
  {
    name: "Public credit note",
    description:
      "A client views a credit note and downloads its PDF from an emailed link: the token is the key",
  },
  {
    name: "PEVO pay",
    description:
      "Pay plans (a company default and per PEVO, by effective date) and settlement runs: draft, approved (locked), paid; statements (admins)",
  },
  {
    name: "Public logo",
    description:
      "The company's logo at a random address, for the emails a client receives: the key is the address",
  },
  { name: "Documentation", description: "This document and its reference page" },
];

/**
 * The OpenAPI 3.1 document of the API router (mounted at /api): paths are given with their /api
 * prefix, and every route needs the session cookie unless it says `security: []`.
 */
export function openApiDocument<E extends Env>(api: OpenAPIHono<E>) {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "PEVO back office API",
      version: "1.0.0",
      description:
        "The API of the back office for companies that supply pilot / escort vehicle operators (PEVOs) to oversize moves. Every record belongs to the caller's company: another company's id answers 404. Errors have one shape: { error, fields? }.",
    },
    tags: TAGS,
    security: [{ [SESSION]: [] }],
  });
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [`/api${path}`, item]),
  );
  return { ...document, paths };
}
