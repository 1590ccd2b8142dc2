import { mcDigits, type TClient } from "@pevo/shared";
import { Mail, Phone } from "lucide-react";
import { CardList, ListCard } from "@/components/list-card";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useTableFits } from "@/components/ui/use-table-fits";
import { dash } from "@/lib/format";
import { ClientActions } from "./client-actions";

type Handlers = { onEdit: (client: TClient) => void; onDelete: (client: TClient) => void };

const CAPTION = "List of all your client companies";

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

/** E-mail and phone stacked; a dash when the client has neither. */
function ContactLines({ client }: { client: TClient }) {
  if (!client.email && !client.phone) return <span>-</span>;
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
      {client.phone ? (
        <a href={`tel:${client.phone}`} className="flex min-w-0 items-center gap-1.5 hover:underline">
          <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate" title={client.phone}>
            {client.phone}
          </span>
        </a>
      ) : null}
    </div>
  );
}

const ActiveBadge = () => <Badge variant="green">Active</Badge>;

/** The clients table; under 768 px (or where the table would scroll sideways) the same rows as cards. */
export function ClientList({ clients, onEdit, onDelete }: { clients: TClient[] } & Handlers) {
  const { ref, showTable } = useTableFits(clients);
  return (
    <div ref={ref} className="@container">
      {showTable ? (
        <ClientTable clients={clients} onEdit={onEdit} onDelete={onDelete} />
      ) : (
        <ClientCards clients={clients} onEdit={onEdit} onDelete={onDelete} />
      )}
    </div>
  );
}

function ClientCards({ clients, onEdit, onDelete }: { clients: TClient[] } & Handlers) {
  return (
    <section aria-label={CAPTION} className="grid gap-3">
      <CardList className="@lg:grid-cols-2">
        {clients.map((client) => (
          <ListCard
            key={client.id}
            title={client.name}
            subtitle={dash(client.contactPerson)}
            aside={<ActiveBadge />}
            facts={[
              { label: "MC / DOT", value: <McDot client={client} /> },
              { label: "Contact", value: <ContactLines client={client} /> },
            ]}
            actions={<ClientActions client={client} onEdit={onEdit} onDelete={onDelete} />}
          />
        ))}
      </CardList>
      <p className="text-center text-sm text-muted-foreground">{CAPTION}</p>
    </section>
  );
}

function ClientTable({ clients, onEdit, onDelete }: { clients: TClient[] } & Handlers) {
  return (
    <div className="rounded-lg border bg-card">
      <Table>
        <TableCaption className="mb-4">{CAPTION}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Contact Person</TableHead>
            <TableHead>MC / DOT</TableHead>
            <TableHead>Contact</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {clients.map((client) => (
            <TableRow key={client.id}>
              <TableCell className="font-medium" truncate={client.name}>
                {client.name}
              </TableCell>
              <TableCell truncate={client.contactPerson}>{dash(client.contactPerson)}</TableCell>
              <TableCell>
                <McDot client={client} />
              </TableCell>
              <TableCell>
                <ContactLines client={client} />
              </TableCell>
              <TableCell>
                <ActiveBadge />
              </TableCell>
              <TableCell>
                <ClientActions client={client} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
