import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** A link inside muted text (a field's hint, a card's note). */
export const inlineLinkClass = "font-medium text-foreground underline underline-offset-4";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
