import type { TPevo } from "@pevo/shared";
import { displayPhone } from "@pevo/shared";
import { Mail, Phone } from "lucide-react";
import type { DataColumn } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { MailStatus } from "@/components/mail-status";
import { CredentialHints, PendingReviewBadge } from "@/features/credentials";
import { PevoActions } from "./pevo-actions";
import { ExpiryValue, PevoStatusBadge } from "./pevo-badges";

export const pevoName = (pevo: Pick<TPevo, "firstName" | "lastName">) => `${pevo.firstName} ${pevo.lastName}`;

/** Email and phone stacked, and the invitation email until it went; N/A when the PEVO has neither. */
function ContactLines({ pevo }: { pevo: TPevo }) {
  if (!pevo.email && !pevo.phone) return <span>N/A</span>;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
      {pevo.email ? (
        <a
          href={`mailto:${pevo.email}`}
          className="flex min-w-0 items-center gap-1.5 hover:underline"
          title={pevo.email}
        >
          <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 truncate">{pevo.email}</span>
        </a>
      ) : null}
      {pevo.phone ? (
        <a href={`tel:${pevo.phone}`} className="flex min-w-0 items-center gap-1.5 hover:underline">
          <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{displayPhone(pevo.phone)}</span>
        </a>
      ) : null}
      <MailStatus mail={pevo.invitationMail} label="Invitation" hideSent className="text-xs" />
    </div>
  );
}

/** The roster's columns: Name, License, Expiry (with its hint), Status, Contact, actions. */
export function pevoColumns(onDelete: (pevo: TPevo) => void): DataColumn<TPevo>[] {
  return [
    {
      id: "lastName",
      header: "Name",
      sortable: true,
      className: "font-medium",
      truncate: pevoName,
      cell: pevoName,
    },
    {
      id: "licenseNumber",
      header: "License",
      sortable: true,
      truncate: (p) => p.licenseNumber ?? "",
      cell: (p) => p.licenseNumber || "N/A",
    },
    {
      id: "certificationExpiry",
      header: "Expiry",
      sortable: true,
      cell: (p) => (
        <>
          <ExpiryValue expiry={p.certificationExpiry} />
          <CredentialHints pevoId={p.id} />
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      sortable: true,
      cell: (p) => (
        <div className="flex flex-wrap items-center gap-1">
          <PevoStatusBadge status={p.status} />
          <PendingReviewBadge pevoId={p.id} />
        </div>
      ),
    },
    { id: "email", header: "Contact", sortable: true, cell: (p) => <ContactLines pevo={p} /> },
    {
      id: "actions",
      header: "Actions",
      className: "text-right",
      cell: (p) => <PevoActions pevo={p} onDelete={onDelete} />,
    },
  ];
}

/** A PEVO as a card (phones). */
export function PevoCard({ pevo, onDelete }: { pevo: TPevo; onDelete: (pevo: TPevo) => void }) {
  return (
    <ListCard
      title={pevoName(pevo)}
      aside={
        <div className="flex flex-wrap items-center justify-end gap-1">
          <PendingReviewBadge pevoId={pevo.id} />
          <PevoStatusBadge status={pevo.status} />
        </div>
      }
      facts={[
        { label: "License", value: pevo.licenseNumber || "N/A" },
        {
          label: "Expiry",
          value: (
            <>
              <ExpiryValue expiry={pevo.certificationExpiry} />
              <CredentialHints pevoId={pevo.id} />
            </>
          ),
        },
        ...(pevo.phone || pevo.email ? [{ label: "Contact", value: <ContactLines pevo={pevo} /> }] : []),
      ]}
      actions={<PevoActions pevo={pevo} onDelete={onDelete} />}
    />
  );
}
