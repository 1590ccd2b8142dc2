import { DEFAULT_SAFETY_ITEMS, ZSafetyChecklist } from "@pevo/shared";
import { useEffect, useId, useState } from "react";
import { QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { controlProps, Field } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { useSafetyChecklist, useSaveSafetyChecklist } from "../api";

const linesOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Settings → Safety meeting: the checklist the PEVO and the truck driver sign, one item a line. */
export function SafetyChecklistCard() {
  const id = useId();
  const query = useSafetyChecklist();
  const save = useSaveSafetyChecklist();
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (query.data) setText(query.data.items.join("\n"));
  }, [query.data]);

  const submit = (items: string[]) => {
    const parsed = ZSafetyChecklist.safeParse({ items });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success("Safety meeting checklist saved"),
      onError: (e) => {
        if (e instanceof ApiError) setError(Object.values(e.fields)[0] ?? e.message);
        toast.error(failureMessage(e, "Could not save the checklist"));
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Safety meeting</CardTitle>
        <CardDescription>
          The pre-trip checklist your PEVOs review with the truck driver and both sign on the phone. Meetings
          already signed keep the list they were signed with.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <QueryErrorState message="Error loading the checklist" query={query} />
        ) : !query.data ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit(linesOf(text));
            }}
          >
            <Field label="Checklist items (one a line)" htmlFor={`${id}-items`} error={error}>
              <Textarea
                {...controlProps(`${id}-items`, error)}
                rows={12}
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : null}
                Save checklist
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={save.isPending}
                onClick={() => setText(DEFAULT_SAFETY_ITEMS.join("\n"))}
              >
                Use the standard list
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
