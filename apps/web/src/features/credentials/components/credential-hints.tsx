import { ExpiryHintText } from "@/components/expiry-value";
import { useExpiringCredentials } from "../office-lists-api";

/**
 * The PEVO list's hints beyond the licence: each certification or insurance of this PEVO that is
 * expired or expires within 30 days (one shared query for the whole list).
 */
export function CredentialHints({ pevoId }: { pevoId: string }) {
  const expiring = useExpiringCredentials();
  const items = (expiring.data?.items ?? []).filter((i) => i.pevoId === pevoId && i.kind !== "licence");
  if (items.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5">
      {items.map((i) => (
        <li
          key={`${i.kind}-${i.label}-${i.expiresOn}`}
          className="flex flex-wrap items-center gap-x-1.5 text-xs"
        >
          <span className="text-muted-foreground">{i.label}:</span>
          <ExpiryHintText expiry={i.expiresOn} />
        </li>
      ))}
    </ul>
  );
}
