/**
 * The bounds of every stored field, in one place: the shared zod schemas (API and forms) read them,
 * and the database's length CHECKs are built from them as the last line of defence.
 */
export const TEXT_LIMITS = {
  /** People's and companies' names, a PEVO's first / last name, contact person, driver company. */
  name: 100,
  email: 254,
  phone: 30,
  address: 300,
  /** Notes, descriptions, additional terms. */
  longText: 5000,
  /** Job numbers, invoice numbers, licence / MC / DOT numbers, custom rate and position names. */
  code: 50,
  /** Short labels: custom rate names, custom position names, line item locations' short forms. */
  label: 100,
  /** A trip's start / end location, a line item's location. */
  location: 300,
  /** Activity event texts (message and the names it quotes). */
  activity: 500,
  /** A browser's User-Agent as recorded with a signature. */
  userAgent: 500,
  /** An IP address (v6 with a zone fits). */
  ip: 64,
  /** A reason given by a client (declining a signature) or an admin. */
  reason: 1000,
  /** An admin's reason for assigning a PEVO who is not qualified (kept whole in Recent Activity). */
  overrideReason: 300,
  /** A drawn signature: a PNG data URL. */
  drawnSignature: 200_000,
} as const;

export const NUMBER_LIMITS = {
  /** Any single money amount (a rate, a line charge, an expense). */
  maxMoney: "1000000.00",
  maxTripHours: 24,
  maxTripMiles: 2000,
  /** Mileage on one invoice line. */
  maxLineMileage: 2000,
} as const;

/**
 * A load's dimensions (whole inches) and weight (whole pounds). Generous: a superload is far inside
 * them; they only stop typing slips (a length in inches typed into feet) and absurd values.
 */
export const LOAD_LIMITS = {
  /** Width and height: 40 ft. */
  maxWidthInches: 40 * 12,
  maxHeightInches: 40 * 12,
  /** Length: 400 ft. */
  maxLengthInches: 400 * 12,
  /** Front or rear overhang: 100 ft. */
  maxOverhangInches: 100 * 12,
  maxWeightPounds: 2_000_000,
  /** The 40 channels of US Citizens Band radio. */
  cbChannels: 40,
  /** States on a route and permits on a job (the 50 states; no state twice). */
  maxRouteStates: 50,
} as const;

/** Uploaded documents (certificates, permits, photos). */
export const FILE_LIMITS = {
  /** Bytes per file: 15 MB. */
  maxBytes: 15 * 1024 * 1024,
  /** Characters of a stored (sanitized) file name. */
  fileName: 200,
} as const;

/** The company logo printed on client PDFs and emails (DECISIONS 'Company set-up and logo'). */
export const LOGO_LIMITS = {
  /** Bytes: 1 MB is plenty for a letterhead logo and keeps every PDF small. */
  maxBytes: 1024 * 1024,
  /** Pixels per side: a larger image only makes the PDFs heavier. */
  maxSide: 4000,
  /** Pixels per side: smaller would print as a smudge. */
  minSide: 16,
  /**
   * An SVG logo is drawn to a PNG that fits this box (the PDF letterhead's logo box is 180 × 54 points:
   * this prints it sharp at over 400 dpi) and is stored as that PNG.
   */
  svgRaster: { width: 1200, height: 400 },
  /** Elements an SVG logo may draw, once its references are repeated (the renderer's work is bounded). */
  svgElements: 2_000,
} as const;

/**
 * The logo's stored types (sniffed from the content): pdfkit embeds these two natively. An SVG upload is
 * stored as the PNG drawn from it.
 */
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
export type LogoContentType = (typeof LOGO_TYPES)[number];

export const DATE_LIMITS = {
  /** Pickup, trip, start and issue dates: not before this day... */
  earliest: "2000-01-01",
  /** ...and at most this many years ahead of today. */
  yearsAhead: 5,
  /** Expiry dates (licence, certifications, insurance) at most this many years ahead. */
  expiryYearsAhead: 20,
} as const;
