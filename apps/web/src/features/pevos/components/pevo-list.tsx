import type { TPevo } from "@pevo/shared";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { PevoActions } from "./pevo-actions";
import { ExpiryValue, PevoStatusBadge } from "./pevo-badges";

export const pevoName = (pevo: Pick<TPevo, "firstName" | "lastName">) => `${pevo.firstName} ${pevo.lastName}`;

const LABEL = "PEVOs";

/** The PEVOs table (Name, License, Expiry, Status, actions); under 768 px the same rows as stacked cards. */
export function PevoList({ pevos, onDelete }: { pevos: TPevo[]; onDelete: (pevo: TPevo) => void }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <ul aria-label={LABEL} className="grid gap-3">
        {pevos.map((pevo) => (
          <li key={pevo.id} className="rounded-lg border bg-card p-4 text-sm shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-medium break-words">{pevoName(pevo)}</p>
              <PevoStatusBadge status={pevo.status} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">License</dt>
              <dd className="min-w-0 break-words">{pevo.licenseNumber || "N/A"}</dd>
              <dt className="text-muted-foreground">Expiry</dt>
              <dd className="min-w-0">
                <ExpiryValue expiry={pevo.certificationExpiry} />
              </dd>
            </dl>
            <div className="mt-3 border-t pt-2">
              <PevoActions pevo={pevo} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label={LABEL}>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>License</TableHead>
            <TableHead>Expiry</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {pevos.map((pevo) => (
            <TableRow key={pevo.id}>
              <TableCell className="font-medium">{pevoName(pevo)}</TableCell>
              <TableCell>{pevo.licenseNumber || "N/A"}</TableCell>
              <TableCell>
                <ExpiryValue expiry={pevo.certificationExpiry} />
              </TableCell>
              <TableCell>
                <PevoStatusBadge status={pevo.status} />
              </TableCell>
              <TableCell>
                <PevoActions pevo={pevo} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
