import type { TMe } from "@pevo/shared";

/** SPEC §2: the first two characters of the e-mail, upper case; U when there is none. */
export function emailInitials(email: string | null | undefined) {
  const initials = (email ?? "").trim().slice(0, 2).toUpperCase();
  return initials || "U";
}

/**
 * First and last name from the profile, else the company's contact person, else the e-mail,
 * and only when none is known the given fallback (SPEC §2: 'Admin User').
 */
export function fullName(me: TMe | null | undefined, fallback: string) {
  const name = [me?.profile.firstName, me?.profile.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name || me?.profile.contactPerson?.trim() || me?.user.email?.trim() || fallback;
}

/** A PEVO's initials: first letters of first and last name, else the e-mail rule. */
export function nameInitials(me: TMe | null | undefined) {
  const first = me?.profile.firstName?.trim();
  const last = me?.profile.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  return emailInitials(me?.user.email);
}
