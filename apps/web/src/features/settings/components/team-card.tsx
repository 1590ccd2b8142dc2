import { zodResolver } from "@hookform/resolvers/zod";
import { ZInviteAdmin } from "@pevo/shared";
import { UserMinus, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { DataTable } from "@/components/data-table";
import { LimitedForm } from "@/components/field-limits";
import { SearchBox } from "@/components/list-filters";
import { MailStatus } from "@/components/mail-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { useMe } from "@/lib/session";
import { toast } from "@/lib/toast";
import { type TTeamMember, useInviteAdmin, useRemoveTeamMember, useTeam } from "../api";

type Invite = z.infer<typeof ZInviteAdmin>;

/** The company's admins, and an invitation for another one. */
export function TeamCard() {
  // The team's page, sort and search live in the address next to ?tab=team.
  const list = useListParams({ sort: "createdAt", dir: "asc" });
  const { tab: _tab, ...query } = list.query;
  const team = useTeam(query, list.page);
  const searching = Boolean(list.get("q"));
  const invite = useInviteAdmin();
  const me = useMe();
  const remove = useRemoveTeamMember();
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const myId = me.data?.user.id;
  // The last admin cannot be removed; yourself is not offered here (another admin removes you).
  const canRemove = (member: TTeamMember) => member.id !== myId && (team.total > 1 || searching);
  const form = useForm<Invite>({
    resolver: zodResolver(ZInviteAdmin),
    defaultValues: { name: "", email: "" },
  });
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        toast.success(`Invitation sent to ${values.email}`);
        form.reset();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        toast.error(error.message || "Failed to send the invitation");
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team</CardTitle>
        <CardDescription>
          Admins of your company. An invited admin sets a password from the email.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-end gap-2">
            <SearchBox list={list} label="Search team" placeholder="Name or email" />
            {searching ? (
              <Button variant="ghost" onClick={() => list.set({ q: "" })}>
                <X />
                Clear search
              </Button>
            ) : null}
          </div>
          {team.isPending ? (
            <p className="text-sm text-muted-foreground">Loading team...</p>
          ) : team.isError && team.items.length === 0 ? (
            <div className="flex items-center gap-3 text-sm text-destructive">
              Error loading the team
              <Button size="sm" variant="outline" onClick={team.refetch}>
                Retry
              </Button>
            </div>
          ) : team.total === 0 ? (
            <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
              {searching ? "No admins match your search." : "No admins yet."}
            </p>
          ) : (
            <DataTable
              label="Team members"
              noun={team.total === 1 ? "admin" : "admins"}
              columns={[
                { id: "name", header: "Name", sortable: true, className: "font-medium", cell: (m) => m.name },
                {
                  id: "email",
                  header: "Email",
                  sortable: true,
                  // The address on one line (cut, in full on hover); the invitation's line wraps under it.
                  cell: (m) => (
                    <div className="grid max-w-48 grid-cols-[minmax(0,1fr)] xl:max-w-64">
                      <span className="truncate" title={m.email}>
                        {m.email}
                      </span>
                      <Invitation member={m} />
                    </div>
                  ),
                },
                { id: "role", header: "Role", cell: (m) => <RoleBadge you={m.id === myId} /> },
                {
                  id: "createdAt",
                  header: "Added",
                  sortable: true,
                  className: "whitespace-nowrap",
                  cell: (m) => formatDate(m.createdAt.slice(0, 10)),
                },
                {
                  id: "actions",
                  header: "Actions",
                  srOnlyHeader: true,
                  className: "text-right",
                  cell: (m) => <RemoveButton member={m} show={canRemove(m)} onRemove={setRemoving} />,
                },
              ]}
              list={team}
              getRowId={(m) => m.id}
              renderCard={(m) => (
                <li
                  key={m.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium">{m.name}</p>
                    <p className="truncate text-muted-foreground">{m.email}</p>
                    <Invitation member={m} />
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <RoleBadge you={m.id === myId} />
                    <RemoveButton member={m} show={canRemove(m)} onRemove={setRemoving} />
                  </div>
                </li>
              )}
              sort={list.sort}
              dir={list.dir}
              onSortChange={list.setSort}
              onPageChange={list.setPage}
            />
          )}
        </div>
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => !open && setRemoving(null)}
          title={`Remove ${removing?.name ?? "this admin"}?`}
          description={`${removing?.email ?? "They"} will be signed out at once and can no longer sign in. What they created stays. You can invite them again later.`}
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={() => {
            if (!removing) return;
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast.success(`${removing.name} was removed from the team`);
                setRemoving(null);
              },
              onError: (error) => {
                setRemoving(null);
                toast.error(failureMessage(error, "Failed to remove the admin"));
              },
            });
          }}
        />
        <LimitedForm
          schema={ZInviteAdmin}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        >
          <Field label="Name" htmlFor="invite-name" error={e.name?.message}>
            <Input id="invite-name" aria-invalid={Boolean(e.name) || undefined} {...form.register("name")} />
          </Field>
          <Field label="Email" htmlFor="invite-email" error={e.email?.message}>
            <Input
              id="invite-email"
              type="email"
              aria-invalid={Boolean(e.email) || undefined}
              {...form.register("email")}
            />
          </Field>
          <Button type="submit" className="sm:mt-[22px]" disabled={invite.isPending}>
            {invite.isPending ? <Spinner /> : null}
            Invite Admin
          </Button>
        </LimitedForm>
      </CardContent>
    </Card>
  );
}

/** An invited admin's invitation email until it went (with Retry once it failed). */
const Invitation = ({ member }: { member: TTeamMember }) => (
  <MailStatus mail={member.invitationMail} label="Invitation" hideSent className="mt-1 text-xs" />
);

const RoleBadge = ({ you }: { you: boolean }) => (
  <Badge variant="gray">{you ? "Admin (you)" : "Admin"}</Badge>
);

function RemoveButton({
  member,
  show,
  onRemove,
}: {
  member: TTeamMember;
  show: boolean;
  onRemove: (member: TTeamMember) => void;
}) {
  if (!show) return null;
  return (
    <Button variant="outline" size="sm" aria-label={`Remove ${member.name}`} onClick={() => onRemove(member)}>
      <UserMinus />
      Remove
    </Button>
  );
}
