import { displayPhone, mcDigits, paymentTermsLabel, type TClient } from "@pevo/shared";
import { Mail, Phone, Receipt } from "lucide-react";
import type { DataColumn } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { Badge } from "@/components/ui/badge";
import { dash } from "@/lib/format";
import { ClientActions } from "./client-actions";

type Handlers = {
  onEdit: (client: TClient) => void;
  onDelete: (client: TClient) => void;
  onCredit: (client: TClient) => void;
};

/** One line; an overlong number is cut with an ellipsis (the full number on hover). */
const NUMBER = "inline-block max-w-full truncate align-bottom whitespace-nowrap";

/** 'MC / DOT' with a dash for a missing number; it may wrap after the slash, never inside a number. */
function McDot({ client }: { client: TClient }) {
  return (
    <>
      <span className={NUMBER} title={client.mcNumber ?? undefined}>
        {dash(client.mcNumber && mcDigits(client.mcNumber))} /
      </span>{" "}
      <span className={NUMBER} title={client.dotNumber ?? undefined}>
        {dash(client.dotNumber)}
      </span>
    </>
  );
}

/** E-mail, billing e-mail (when it has one) and phone stacked; a dash when the client has none. */
function ContactLines({ client }: { client: TClient }) {
  if (!client.email && !client.billingEmail && !client.phone) return <span>-</span>;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
      {client.email ? (
        <a
          href={`mailto:${client.email}`}
          className="flex min-w-0 items-center gap-1.5 hover:underline"
          title={client.email}
        >
          <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">{client.email}</span>
        </a>
      ) : null}
      {client.billingEmail ? (
        <a
          href={`mailto:${client.billingEmail}`}
          className="flex min-w-0 items-center gap-1.5 hover:underline"
          title={`Billing: ${client.billingEmail}`}
        >
          <Receipt className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <span className="text-muted-foreground">Billing: </span>
            {client.billingEmail}
          </span>
        </a>
      ) : null}
      {client.phone ? (
        <a href={`tel:${client.phone}`} className="flex min-w-0 items-center gap-1.5 hover:underline">
          <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate" title={displayPhone(client.phone)}>
            {displayPhone(client.phone)}
          </span>
        </a>
      ) : null}
    </div>
  );
}

const ActiveBadge = () => <Badge variant="green">Active</Badge>;

/** The clients table's columns (Name, Contact Person, MC / DOT, Contact, Status, actions). */
export function clientColumns({ onEdit, onDelete, onCredit }: Handlers): DataColumn<TClient>[] {
  return [
    {
      id: "name",
      header: "Name",
      sortable: true,
      className: "font-medium",
      truncate: (c) => c.name,
      cell: (c) => (
        <span className="grid">
          <span>{c.name}</span>
          <BillingLine client={c} />
        </span>
      ),
    },
    {
      id: "contactPerson",
      header: "Contact Person",
      sortable: true,
      truncate: (c) => c.contactPerson ?? "",
      cell: (c) => dash(c.contactPerson),
    },
    { id: "mcDot", header: "MC / DOT", cell: (c) => <McDot client={c} /> },
    { id: "email", header: "Contact", sortable: true, cell: (c) => <ContactLines client={c} /> },
    { id: "status", header: "Status", cell: () => <ActiveBadge /> },
    {
      id: "actions",
      header: "Actions",
      className: "text-right",
      cell: (c) => <ClientActions client={c} onEdit={onEdit} onDelete={onDelete} onCredit={onCredit} />,
    },
  ];
}

/** The client's billing settings that differ from the defaults: terms, PO required, bill-to. */
function BillingLine({ client }: { client: TClient }) {
  const parts = [
    client.paymentTermsDays != null ? paymentTermsLabel(client.paymentTermsDays) : null,
    client.poRequired ? "PO required" : null,
    client.billToName ? `Bill to ${client.billToName}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? (
    <span className="text-xs font-normal text-muted-foreground [overflow-wrap:anywhere]">
      {parts.join(" · ")}
    </span>
  ) : null;
}

/** A client as a card (phones). */
export function ClientCard({ client, onEdit, onDelete, onCredit }: { client: TClient } & Handlers) {
  return (
    <ListCard
      key={client.id}
      title={client.name}
      subtitle={dash(client.contactPerson)}
      aside={<ActiveBadge />}
      facts={[
        { label: "MC / DOT", value: <McDot client={client} /> },
        { label: "Contact", value: <ContactLines client={client} /> },
        ...(client.paymentTermsDays != null || client.poRequired || client.billToName
          ? [{ label: "Billing", value: <BillingLine client={client} /> }]
          : []),
      ]}
      actions={<ClientActions client={client} onEdit={onEdit} onDelete={onDelete} onCredit={onCredit} />}
    />
  );
}
