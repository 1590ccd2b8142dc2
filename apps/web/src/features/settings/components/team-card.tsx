import { zodResolver } from "@hookform/resolvers/zod";
import { ZInviteAdmin } from "@pevo/shared";
import { UserMinus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { LimitedForm } from "@/components/field-limits";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { useMe } from "@/lib/session";
import { type TTeamMember, useInviteAdmin, useRemoveTeamMember, useTeam } from "../api";

type Invite = z.infer<typeof ZInviteAdmin>;

/** The company's admins, and an invitation for another one. */
export function TeamCard() {
  const team = useTeam();
  const invite = useInviteAdmin();
  const me = useMe();
  const remove = useRemoveTeamMember();
  const [removing, setRemoving] = useState<TTeamMember | null>(null);
  const myId = me.data?.user.id;
  // The last admin cannot be removed; yourself is not offered here (another admin removes you).
  const canRemove = (member: TTeamMember) => (team.data?.length ?? 0) > 1 && member.id !== myId;
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
        {team.isPending ? (
          <p className="text-sm text-muted-foreground">Loading team...</p>
        ) : team.isError ? (
          <p className="text-sm text-destructive">Error loading the team</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Team members">
            {team.data.map((member) => (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">{member.name}</p>
                  <p className="truncate text-muted-foreground">{member.email}</p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <Badge variant="gray">{member.id === myId ? "Admin (you)" : "Admin"}</Badge>
                  {canRemove(member) ? (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => setRemoving(member)}
                    >
                      <UserMinus />
                      Remove
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
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
