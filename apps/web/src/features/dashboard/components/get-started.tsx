import { CheckCircle2, Circle, X } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useDismissChecklist, useOnboarding } from "@/lib/company-onboarding";

const STEPS = [
  { key: "client", label: "Add a client", to: "/clients" },
  { key: "pevo", label: "Add a PEVO", to: "/pevos/new" },
  { key: "rateConfirmation", label: "Create your first rate confirmation", to: "/rate-confirmations/new" },
  { key: "dispatch", label: "Dispatch your first job", to: "/dispatching/new" },
  { key: "invoice", label: "Send your first invoice", to: "/invoices/new" },
] as const;

/**
 * A new company's "Get started" checklist (DECISIONS 'Company set-up and logo'): each step ticks
 * itself from the company's data (the server computes it); gone once all are done or dismissed.
 */
export function GetStarted() {
  const onboarding = useOnboarding();
  const dismiss = useDismissChecklist();
  const data = onboarding.data;
  if (!data?.checklistOpen) return null;
  const done = STEPS.filter((s) => data.steps[s.key]).length;
  return (
    <Card aria-labelledby="get-started-title">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1">
          <CardTitle id="get-started-title">Get started</CardTitle>
          <CardDescription>
            {done} of {STEPS.length} done: each step ticks itself when you do it.
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Dismiss the Get started checklist"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          <X />
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {STEPS.map((step) => {
            const ticked = data.steps[step.key];
            return (
              <li key={step.key} className="flex items-center gap-2">
                {ticked ? (
                  <CheckCircle2 className="size-5 text-green-600 dark:text-green-400" aria-hidden />
                ) : (
                  <Circle className="size-5 text-muted-foreground" aria-hidden />
                )}
                {ticked ? (
                  <span className="text-muted-foreground line-through">
                    {step.label}
                    <span className="sr-only"> (done)</span>
                  </span>
                ) : (
                  <Link to={step.to} className="underline-offset-4 hover:underline">
                    {step.label}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
