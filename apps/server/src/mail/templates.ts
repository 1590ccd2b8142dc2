import { displayPhone } from "@pevo/shared";
import { formatDay } from "../lib/dates";
import type { Mail } from "./mailer";

/** Names and job numbers are typed by users: in the HTML part they are text, never markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The sending company's logo above a client email (DECISIONS 'Company set-up and logo'), when it has one. */
export type MailLogo = { logoUrl?: string | null; companyName: string };
const logoHtml = (logo?: MailLogo) =>
  logo?.logoUrl
    ? `<p><img src="${escapeHtml(logo.logoUrl)}" alt="${escapeHtml(logo.companyName)}" style="max-height:56px;max-width:200px"></p>\n  `
    : "";

export const layout = (title: string, body: string, url: string, action: string, logo?: MailLogo) =>
  `<div style="font-family:Inter,Arial,sans-serif;max-width:520px;margin:auto">
  ${logoHtml(logo)}<h2 style="color:#111">${title}</h2><p>${body}</p>
  <p><a href="${escapeHtml(url)}" style="background:#f59e0b;color:#111;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:600">${action}</a></p>
  <p style="color:#666;font-size:12px">Or paste this link into your browser: ${escapeHtml(url)}</p></div>`;

export const verificationMail = (to: string, url: string): Mail => ({
  to,
  subject: "Verify your email address",
  text: `Welcome to PEVO Back Office.\n\nConfirm your email address by opening this link:\n${url}\n`,
  html: layout(
    "Verify your email",
    "Confirm your email address to finish creating your account.",
    url,
    "Verify email",
  ),
});

export const resetPasswordMail = (to: string, url: string): Mail => ({
  to,
  subject: "Reset your password",
  text: `Someone asked to reset the password of this account. If it was you, open this link:\n${url}\n\nIf not, ignore this email.`,
  html: layout(
    "Reset your password",
    "Open the link below to choose a new password. If you did not ask for this, ignore this email.",
    url,
    "Reset password",
  ),
});

/** A PEVO added by the office: the set-password link, naming the company that added them. */
export const invitationMail = (to: string, name: string, url: string, companyName: string): Mail => ({
  to,
  subject: `You're invited to the PEVO portal of ${companyName}`,
  text: `Hello ${name},\n\n${companyName} has added you as a pilot / escort vehicle operator. Set your password to open your portal, where you see your jobs, keep your trip log and your profile:\n${url}\n\nThis link expires in 3 days.`,
  html: layout(
    "Welcome to the PEVO portal",
    `Hello ${escapeHtml(name)}, ${escapeHtml(companyName)} has added you as a pilot / escort vehicle operator. Set your password to see your jobs, keep your trip log and your profile.`,
    url,
    "Set your password",
  ),
});

/** An admin added to the team (Settings): the same set-password link, worded for the back office and naming the company. */
export const adminInvitationMail = (to: string, name: string, url: string, companyName: string): Mail => ({
  to,
  subject: `You're invited to ${companyName} on PEVO Back Office`,
  text: `Hello ${name},\n\nYou have been added as an administrator of ${companyName} in PEVO Back Office. Set your password to sign in:\n${url}\n\nThis link expires in 3 days.`,
  html: layout(
    "Welcome to PEVO Back Office",
    `Hello ${escapeHtml(name)}, you have been added as an administrator of ${escapeHtml(companyName)} in PEVO Back Office. Set your password to sign in.`,
    url,
    "Set your password",
  ),
});

export const dispatchAssignedMail = (
  a: {
    email: string;
    name: string;
    jobNumber: string | null;
    pickupDate: string;
    /** The wall-clock time with its zone's abbreviation: "05:30 CST" (lib/zoned-time.ts zonedTimeLabel). */
    pickupTime: string;
    /** The position the dispatch fills ('Lead Car'), when it names one. */
    position?: string | null;
    /** Where the load is picked up, city first ('Houston, TX'). */
    origin?: string | null;
  },
  url: string,
  /** The Accept / Decline link (DECISIONS 'Dispatches', Job lifecycle): the mail's button when there is one. */
  respondUrl?: string,
): Mail => {
  const job = `${a.position ? `as ${a.position} ` : ""}${a.jobNumber ? `on job ${a.jobNumber}` : "on a new job"}`;
  const when = `${formatDay(a.pickupDate)} at ${a.pickupTime}${a.origin ? ` in ${a.origin}` : ""}`;
  const respond = respondUrl ? `Accept or decline it here:\n${respondUrl}\n\n` : "";
  return {
    to: a.email,
    subject: `New dispatch: ${a.position ? `${a.position}, ` : ""}${a.jobNumber ?? "pickup"} on ${formatDay(a.pickupDate)}`,
    text: `Hello ${a.name},\n\nYou have been dispatched ${job}. Pickup: ${when}.\n${respond}See the details in your portal:\n${url}\n`,
    html: layout(
      "You have a new dispatch",
      `Hello ${escapeHtml(a.name)}, you have been dispatched ${escapeHtml(job)}. Pickup: ${escapeHtml(when)}.${
        respondUrl
          ? ` Please accept or decline it. Your portal: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
          : ""
      }`,
      respondUrl ?? url,
      respondUrl ? "Accept or decline" : "Open my dispatches",
    ),
  };
};

type SignatureMail = {
  to: string;
  signerName: string;
  companyName: string;
  jobNumber: string;
  logoUrl?: string | null;
};

export const signatureRequestMail = (m: SignatureMail, url: string, expiresOn: string): Mail => ({
  to: m.to,
  subject: `Please sign rate confirmation ${m.jobNumber} from ${m.companyName}`,
  text: `Hello ${m.signerName},\n\n${m.companyName} asks you to review and sign rate confirmation ${m.jobNumber}.\nOpen it here (no account needed); the link works until ${expiresOn}:\n${url}\n`,
  html: layout(
    "A rate confirmation to sign",
    `Hello ${escapeHtml(m.signerName)}, ${escapeHtml(m.companyName)} asks you to review and sign rate confirmation ${escapeHtml(m.jobNumber)}. No account is needed; the link works until ${escapeHtml(expiresOn)}.`,
    url,
    "Review and sign",
    m,
  ),
});

export const signatureReminderMail = (m: SignatureMail, url: string, expiresOn: string): Mail => ({
  to: m.to,
  subject: `Reminder: rate confirmation ${m.jobNumber} from ${m.companyName} is waiting for your signature`,
  text: `Hello ${m.signerName},\n\nRate confirmation ${m.jobNumber} from ${m.companyName} is still waiting for your signature.\nThe link works until ${expiresOn}:\n${url}\n`,
  html: layout(
    "Still waiting for your signature",
    `Hello ${escapeHtml(m.signerName)}, rate confirmation ${escapeHtml(m.jobNumber)} from ${escapeHtml(m.companyName)} is still waiting for your signature. The link works until ${escapeHtml(expiresOn)}.`,
    url,
    "Review and sign",
    m,
  ),
});

export const signedCopyMail = (m: SignatureMail, url: string, pdf: Buffer, fileName: string): Mail => ({
  to: m.to,
  subject: `Signed: rate confirmation ${m.jobNumber} from ${m.companyName}`,
  text: `Hello ${m.signerName},\n\nThank you for signing rate confirmation ${m.jobNumber}. The signed copy with its signature certificate is attached, and you can download it again here:\n${url}\n`,
  html: layout(
    "Your signed rate confirmation",
    `Hello ${escapeHtml(m.signerName)}, thank you for signing rate confirmation ${escapeHtml(m.jobNumber)}. The signed copy with its signature certificate is attached.`,
    url,
    "Open the signed copy",
    m,
  ),
  attachments: [{ filename: fileName, contentType: "application/pdf", content: pdf }],
});

export type PickupReminder = {
  which: "evening" | "two-hours";
  email: string;
  name: string;
  jobNumber: string | null;
  pickupDate: string;
  pickupTime: string;
  /** The company zone's abbreviation at the pickup, e.g. "CDT". */
  zone: string;
  origin: string | null;
  destination: string | null;
  driverName: string;
  driverPhone: string;
  /** The position the dispatch fills ('Lead Car'), when it names one. */
  position?: string | null;
};

/** The evening before the pickup, and 2 hours before it (domain/dispatches/pickup-reminders.ts). */
export const pickupReminderMail = (r: PickupReminder, url: string): Mail => {
  const job = `${r.jobNumber ? `job ${r.jobNumber}` : "your job"}${r.position ? ` as ${r.position}` : ""}`;
  const when = `${formatDay(r.pickupDate)} at ${r.pickupTime} ${r.zone}`;
  const lead = r.which === "evening" ? "Tomorrow" : "In 2 hours";
  const route = r.origin && r.destination ? `${r.origin} → ${r.destination}` : null;
  return {
    to: r.email,
    subject: `Pickup reminder: ${r.position ? `${r.position}, ` : ""}${r.jobNumber ?? "pickup"} ${r.which === "evening" ? "tomorrow" : "in 2 hours"}, ${r.pickupTime} ${r.zone}`,
    text: `Hello ${r.name},\n\n${lead}: pickup for ${job} on ${when}.${route ? `\nRoute: ${route}` : ""}\nDriver: ${r.driverName}, ${displayPhone(r.driverPhone)}\n\nSee the details in your portal:\n${url}\n`,
    html: layout(
      `Pickup reminder: ${lead.toLowerCase()}`,
      `Hello ${escapeHtml(r.name)}, pickup for ${escapeHtml(job)} on ${escapeHtml(when)}.${route ? `<br>Route: ${escapeHtml(route)}` : ""}<br>Driver: ${escapeHtml(r.driverName)}, ${escapeHtml(displayPhone(r.driverPhone))}`,
      url,
      "Open my dispatches",
    ),
  };
};

/** To the company's admins: a PEVO declined a job, which is back to pending without a PEVO. */
export const dispatchDeclinedMail = (
  to: string,
  d: { pevoName: string; job: string; pickupDate: string; reason: string },
  url: string,
): Mail => ({
  to,
  subject: `${d.pevoName} declined ${d.job}`,
  text: `${d.pevoName} declined ${d.job} (pickup ${formatDay(d.pickupDate)}).\nReason: ${d.reason}\n\nThe dispatch is back to pending without a PEVO. Assign someone else:\n${url}\n`,
  html: layout(
    "A PEVO declined a job",
    `${escapeHtml(d.pevoName)} declined ${escapeHtml(d.job)} (pickup ${formatDay(d.pickupDate)}).<br>Reason: ${escapeHtml(d.reason)}<br>The dispatch is back to pending without a PEVO.`,
    url,
    "Open the dispatch",
  ),
});

export type InvoiceMail = {
  to: string;
  cc?: string[];
  companyName: string;
  invoiceNumber: string;
  total: string;
  balance: string;
  dueDate: string;
  logoUrl?: string | null;
};

const dollars = (value: string) => `$${value.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;

/** The invoice, sent from its page: the PDF attached and a link to the public page (DECISIONS 'Invoices'). */
export const invoiceMail = (
  m: InvoiceMail,
  message: string | null,
  url: string,
  pdf: Buffer,
  fileName: string,
): Mail => ({
  to: m.to,
  cc: m.cc,
  subject: `Invoice ${m.invoiceNumber} from ${m.companyName}`,
  text: `${message ? `${message}\n\n` : ""}Invoice ${m.invoiceNumber} from ${m.companyName}: ${dollars(m.total)}, due ${formatDay(m.dueDate)}.\nThe PDF is attached. View the invoice online (no account needed):\n${url}\n`,
  html: layout(
    `Invoice ${escapeHtml(m.invoiceNumber)}`,
    `${message ? `${escapeHtml(message).replaceAll("\n", "<br>")}</p><p>` : ""}Invoice ${escapeHtml(m.invoiceNumber)} from ${escapeHtml(m.companyName)}: <strong>${dollars(m.total)}</strong>, due ${formatDay(m.dueDate)}. The PDF is attached.`,
    url,
    "View invoice",
    m,
  ),
  attachments: [{ filename: fileName, contentType: "application/pdf", content: pdf }],
});

/** An overdue reminder (1, 7 and 30 days after the due date). */
export const invoiceReminderMail = (m: InvoiceMail, daysLate: number, url: string): Mail => ({
  to: m.to,
  subject: `Reminder: invoice ${m.invoiceNumber} from ${m.companyName} is overdue`,
  text: `Invoice ${m.invoiceNumber} from ${m.companyName} was due ${formatDay(m.dueDate)} (${daysLate} ${daysLate === 1 ? "day" : "days"} ago). Balance due: ${dollars(m.balance)}.\nView the invoice:\n${url}\n`,
  html: layout(
    `Invoice ${escapeHtml(m.invoiceNumber)} is overdue`,
    `Invoice ${escapeHtml(m.invoiceNumber)} from ${escapeHtml(m.companyName)} was due ${formatDay(m.dueDate)} (${daysLate} ${daysLate === 1 ? "day" : "days"} ago). Balance due: <strong>${dollars(m.balance)}</strong>.`,
    url,
    "View invoice",
    m,
  ),
});

export type CreditNoteMail = {
  to: string;
  cc?: string[];
  companyName: string;
  creditNoteNumber: string;
  invoiceNumber: string;
  total: string;
  logoUrl?: string | null;
};

/** A credit note, sent from its page: the PDF attached and a link to its public page (DECISIONS 'Credit notes'). */
export const creditNoteMail = (
  m: CreditNoteMail,
  message: string | null,
  url: string,
  pdf: Buffer,
  fileName: string,
): Mail => ({
  to: m.to,
  cc: m.cc,
  subject: `Credit note ${m.creditNoteNumber} from ${m.companyName}`,
  text: `${message ? `${message}\n\n` : ""}Credit note ${m.creditNoteNumber} from ${m.companyName}: ${dollars(m.total)} credited on invoice ${m.invoiceNumber}.\nThe PDF is attached. View the credit note online (no account needed):\n${url}\n`,
  html: layout(
    `Credit note ${escapeHtml(m.creditNoteNumber)}`,
    `${message ? `${escapeHtml(message).replaceAll("\n", "<br>")}</p><p>` : ""}Credit note ${escapeHtml(m.creditNoteNumber)} from ${escapeHtml(m.companyName)}: <strong>${dollars(m.total)}</strong> credited on invoice ${escapeHtml(m.invoiceNumber)}. The PDF is attached.`,
    url,
    "View credit note",
    m,
  ),
  attachments: [{ filename: fileName, contentType: "application/pdf", content: pdf }],
});
/** To the company's admins: a PEVO submitted a credential for review (DECISIONS 'Credential versions'). */
export const credentialSubmittedMail = (
  to: string,
  c: { pevoName: string; what: string; change: "new" | "update" },
  url: string,
): Mail => {
  const inForce =
    c.change === "update" ? " The approved version stays in force until you review this one." : "";
  return {
    to,
    subject: `${c.pevoName} submitted their ${c.what} for review`,
    text: `${c.pevoName} submitted their ${c.what} from the portal.${inForce}\n\nReview it:\n${url}\n`,
    html: layout(
      "A credential to review",
      `${escapeHtml(c.pevoName)} submitted their ${escapeHtml(c.what)} from the portal.${inForce}`,
      url,
      "Review it",
    ),
  };
};

export type FactorPacketMail = {
  to: string;
  companyName: string;
  factorName: string;
  invoiceNumber: string;
  customer: string;
  total: string;
  dueDate: string;
  /** Documents the packet lacks (a rate confirmation not signed, no trip log): said in the email. */
  missing: string[];
};

/**
 * An invoice assigned to the factor, sent with its documents in one email (DECISIONS 'Quick pay and
 * factoring'): the invoice, the signed rate confirmations and the trip log attached.
 */
export const factorPacketMail = (
  m: FactorPacketMail,
  message: string | null,
  attachments: Mail["attachments"],
): Mail => {
  const files = (attachments ?? []).map((a) => a.filename);
  const missing = m.missing.length ? `\nNot included: ${m.missing.join("; ")}.` : "";
  return {
    to: m.to,
    subject: `Invoice ${m.invoiceNumber} for factoring from ${m.companyName}`,
    text: `${message ? `${message}\n\n` : ""}${m.factorName}: invoice ${m.invoiceNumber} from ${m.companyName} to ${m.customer}, ${dollars(m.total)}, due ${formatDay(m.dueDate)}, assigned to you for factoring.\nAttached: ${files.join(", ")}.${missing}\n`,
    // No link: the factor has no account here; the documents are the attachments.
    html: `<div style="font-family:Inter,Arial,sans-serif;max-width:520px;margin:auto">
  <h2 style="color:#111">Invoice ${escapeHtml(m.invoiceNumber)} for factoring</h2>
  <p>${message ? `${escapeHtml(message).replaceAll("\n", "<br>")}</p><p>` : ""}${escapeHtml(m.factorName)}: invoice ${escapeHtml(m.invoiceNumber)} from ${escapeHtml(m.companyName)} to ${escapeHtml(m.customer)}, <strong>${dollars(m.total)}</strong>, due ${formatDay(m.dueDate)}, assigned to you for factoring.</p>
  <p>Attached: ${files.map(escapeHtml).join(", ")}.${m.missing.length ? `<br>Not included: ${m.missing.map(escapeHtml).join("; ")}.` : ""}</p></div>`,
    attachments,
  };
};
/** To a PEVO, when their settlement is paid: the statement PDF attached (DECISIONS 'PEVO pay'). */
export const payStatementMail = (
  m: { to: string; pevoName: string; companyName: string; period: string; net: string; paidText: string },
  url: string,
  pdf: Buffer,
  fileName: string,
): Mail => ({
  to: m.to,
  subject: `Your pay statement from ${m.companyName}: ${m.period}`,
  text: `Hi ${m.pevoName},\n\n${m.companyName} paid your statement for ${m.period}: ${dollars(m.net)} net, ${m.paidText}.\nThe statement is attached. Your statements and this year's total are under Earnings in the portal:\n${url}\n`,
  html: layout(
    "Your pay statement",
    `Hi ${escapeHtml(m.pevoName)},</p><p>${escapeHtml(m.companyName)} paid your statement for ${escapeHtml(m.period)}: <strong>${dollars(m.net)}</strong> net, ${escapeHtml(m.paidText)}. The statement is attached.`,
    url,
    "View your earnings",
  ),
  attachments: [{ filename: fileName, contentType: "application/pdf", content: pdf }],
});
