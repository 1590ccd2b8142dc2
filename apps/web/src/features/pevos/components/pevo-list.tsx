import type { TPevo } from "@pevo/shared";
import { CardList, ListCard } from "@/components/list-card";
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
      <CardList label={LABEL}>
        {pevos.map((pevo) => (
          <ListCard
            key={pevo.id}
            title={pevoName(pevo)}
            aside={<PevoStatusBadge status={pevo.status} />}
            facts={[
              { label: "License", value: pevo.licenseNumber || "N/A" },
              { label: "Expiry", value: <ExpiryValue expiry={pevo.certificationExpiry} /> },
            ]}
            actions={<PevoActions pevo={pevo} onDelete={onDelete} />}
          />
        ))}
      </CardList>
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
              <TableCell className="font-medium" truncate={pevoName(pevo)}>
                {pevoName(pevo)}
              </TableCell>
              <TableCell truncate={pevo.licenseNumber}>{pevo.licenseNumber || "N/A"}</TableCell>
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
