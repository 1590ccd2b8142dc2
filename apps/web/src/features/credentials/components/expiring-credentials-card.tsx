import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { ExpiryHintText } from "@/components/expiry-value";
import { QueryErrorState } from "@/components/states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatShortDate } from "@/lib/format";
import { useExpiringCredentials } from "../office-lists-api";

/** At most this many rows on the dashboard; the rest are counted. */
const SHOWN = 8;

/** The dashboard's "Credentials expiring": expired, and expiring within 30 days (active PEVOs). */
export function ExpiringCredentialsCard() {
  const expiring = useExpiringCredentials();
  let body: React.ReactNode;
  if (expiring.isPending) {
    body = (
      <div className="grid gap-2" role="status" aria-label="Loading expiring credentials">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (expiring.isError) {
    body = <QueryErrorState message="Error loading expiring credentials" query={expiring} />;
  } else if (expiring.data.items.length === 0) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldAlert className="size-4" aria-hidden />
        No credentials expired or expiring within 30 days.
      </p>
    );
  } else {
    const items = expiring.data.items;
    body = (
      <>
        <ul className="divide-y" aria-label="Credentials expiring">
          {items.slice(0, SHOWN).map((item) => (
            <li
              key={`${item.pevoId}-${item.kind}-${item.label}-${item.expiresOn}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
            >
              <Link
                to={`/pevos/edit/${item.pevoId}`}
                className="min-w-0 flex-1 truncate text-sm font-medium underline-offset-4 hover:underline"
              >
                {item.pevoName}
              </Link>
              <span className="text-sm text-muted-foreground">{item.label}</span>
              <span className="text-sm tabular-nums">{formatShortDate(item.expiresOn)}</span>
              <ExpiryHintText expiry={item.expiresOn} />
            </li>
          ))}
        </ul>
        {items.length > SHOWN ? (
          <p className="mt-2 text-xs text-muted-foreground">and {items.length - SHOWN} more</p>
        ) : null}
      </>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credentials expiring</CardTitle>
        <CardDescription>Licences, certifications and insurance: expired or within 30 days.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
