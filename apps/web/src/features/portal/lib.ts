import { cityStateOf, displayPhone, type TTripLog } from "@pevo/shared";
import { monthDay, parseDate, todayIso } from "@/lib/format";
import type { TPortalDispatch } from "./api";

/**
 * The route by city and state ('Houston, TX → Wichita, KS'): what a PEVO looks for first on a card;
 * the street addresses are in the details. '-' without a rate confirmation.
 */
export function shortRoute(dispatch: Pick<TPortalDispatch, "originAddress" | "destinationAddress">) {
  const { originAddress: origin, destinationAddress: destination } = dispatch;
  if (!origin && !destination) return "-";
  return `${origin ? cityStateOf(origin) : "-"} → ${destination ? cityStateOf(destination) : "-"}`;
}

/** '14:30' → '2:30 PM'. */
export function formatTime(time: string | null | undefined) {
  const match = time ? /^(\d{1,2}):(\d{2})/.exec(time) : null;
  if (!match) return time ?? "";
  const hours = Number(match[1]);
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? "AM" : "PM"}`;
}

/** '5551234567' → '(555) 123-4567'; anything else as typed. */
export function formatPhone(phone: string) {
  return displayPhone(phone);
}

/** A dialable tel: link (digits and a leading +). */
export const telHref = (phone: string) => {
  const [number = "", ext] = phone.split(";ext=");
  return `tel:${number.replace(/[^\d+]/g, "")}${ext ? `;ext=${ext.replace(/\D/g, "")}` : ""}`;
};

/** The dispatch details view lives on the dispatches page. */
export const dispatchDetailsHref = (id: string) => `/pevo/dispatches?id=${encodeURIComponent(id)}`;

/** The label of a dispatch in pickers: 'Job # — date'. */
export const dispatchLabel = (dispatch: TPortalDispatch, date: string) =>
  `${dispatch.jobNumber ?? "No job #"} — ${date}`;

/**
 * Whether a trip entry is locked: its job's pay is in an approved or paid settlement (DECISIONS 'PEVO
 * pay', Trip entries of a settled job), so the server refuses its edit and delete. An answer cached
 * on the phone before the flag existed (ADR 0014) lacks it: not locked, and the server's 409 stays
 * the final word.
 */
export const tripLocked = (trip: Partial<Pick<TTripLog, "paySettled">>) => trip.paySettled === true;

/** Thumb-sized controls on phones, the usual size from 768 px. */
export const tapTarget = "h-11 md:h-9";

/**
 * The question "On my way" asks before the pickup day: "This job's pickup is Nov 30 — start it now?"
 * (the year too when it is not this one); null from the pickup day on. "Today" is the phone's, as in
 * the PEVO's job lists (the PEVO is where the phone is, usually near the pickup), so a job the list
 * shows as today's never asks. Starting early is allowed: the timeline records the real times.
 */
export function earlyStartQuestion(pickupDate: string, now = new Date()) {
  const today = todayIso(now);
  if (pickupDate <= today) return null;
  const day = monthDay(parseDate(pickupDate), pickupDate.slice(0, 4) !== today.slice(0, 4));
  return `This job's pickup is ${day} — start it now?`;
}
