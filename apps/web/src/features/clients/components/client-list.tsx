import { mcDigits, type TClient } from "@pevo/shared";
import { Mail, Phone } from "lucide-react";
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

/** 'MC / DOT' with a dash for a missing number; it may wrap after the slash, never inside a number. */
function McDot({ client }: { client: TClient }) {
  return (
    <>
      <span className="whitespace-nowrap">{dash(client.mcNumber && mcDigits(client.mcNumber))} /</span>{" "}
      <span className="whitespace-nowrap">{dash(client.dotNumber)}</span>
    </>
  );
}

/** E-mail and phone stacked; a dash when the client has neither. */
function ContactLines({ client }: { client: TClient }) {
  if (!client.email && !client.phone) return <span>-</span>;
  return (
    <div className="grid gap-1">
      {client.email ? (
        <a
          href={`mailto:${client.email}`}
          className="flex items-center gap-1.5 hover:underline"
          title={client.email}
        >
          <Mail className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="break-words">{client.email}</span>
        </a>
      ) : null}
      {client.phone ? (
        <a href={`tel:${client.phone}`} className="flex items-center gap-1.5 hover:underline">
          <Phone className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="whitespace-nowrap">{client.phone}</span>
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
      <ul className="grid gap-3 @lg:grid-cols-2">
        {clients.map((client) => (
          <li key={client.id} className="rounded-lg border bg-card p-4 text-sm shadow-xs">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{client.name}</p>
                <p className="text-muted-foreground">{dash(client.contactPerson)}</p>
              </div>
              <ActiveBadge />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">MC / DOT</dt>
              <dd className="min-w-0 break-words">
                <McDot client={client} />
              </dd>
              <dt className="text-muted-foreground">Contact</dt>
              <dd className="min-w-0">
                <ContactLines client={client} />
              </dd>
            </dl>
            <div className="mt-3 border-t pt-2">
              <ClientActions client={client} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
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
              <TableCell className="font-medium">{client.name}</TableCell>
              <TableCell>{dash(client.contactPerson)}</TableCell>
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
