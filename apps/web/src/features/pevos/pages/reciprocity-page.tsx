import {
  CERTIFICATION_STATES,
  RECIPROCITY,
  RECIPROCITY_SOURCES,
  type ReciprocitySourceId,
  STATE_RULES,
} from "@pevo/shared";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/format";

const SOURCE_IDS = Object.keys(RECIPROCITY_SOURCES) as ReciprocitySourceId[];
/** "[1]": a source's number in the list under the table. */
const sourceNumber = (id: ReciprocitySourceId) => SOURCE_IDS.indexOf(id) + 1;

/**
 * /pevos/reciprocity: which states certify escorts, whose cards each accepts, where each rule comes
 * from and when it was checked. It renders the table the qualification check reads
 * (packages/shared compliance/reciprocity; DECISIONS 'Every assignment is checked'): one source.
 */
export function ReciprocityPage() {
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title="State certification rules"
        subtitle={
          <>
            Which states require a pilot/escort certification and whose cards each accepts: what the route
            check uses when you assign a PEVO. Table checked {formatDate(RECIPROCITY.checkedOn)}.
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>States that certify</h2>
          </CardTitle>
          <CardDescription>
            A job through one of these states needs a card of that state, or of a state it accepts, valid on
            every day of the job. Any other state requires no certification. Record the cards as state
            certifications on the PEVO's page.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y rounded-lg border" aria-label="Certification states">
            {CERTIFICATION_STATES.map((state) => {
              const rule = STATE_RULES[state];
              const others = RECIPROCITY.accepts[state].filter((s) => s !== state);
              return (
                <li
                  key={state}
                  aria-label={state}
                  className="grid gap-2 p-3 text-sm md:grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)]"
                >
                  <p className="text-base font-semibold tabular-nums">{state}</p>
                  <div className="grid content-start gap-1">
                    <p>
                      <span className="text-muted-foreground">Certifies: </span>
                      {rule.certifies}
                    </p>
                    {rule.checkNote ? (
                      <p className="text-xs text-muted-foreground">{rule.checkNote}</p>
                    ) : null}
                  </div>
                  <div className="grid content-start gap-1">
                    <p>
                      <span className="text-muted-foreground">Accepts cards of: </span>
                      {state}
                      {others.length ? `, ${others.join(", ")}` : " only"}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Sources{" "}
                      {rule.sources.map((id) => (
                        <a
                          key={id}
                          href={`#source-${id}`}
                          className="mr-1 underline-offset-4 hover:underline"
                          title={RECIPROCITY_SOURCES[id].title}
                        >
                          [{sourceNumber(id)}]
                        </a>
                      ))}
                      · checked {formatDate(rule.checkedOn)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Sources</h2>
          </CardTitle>
          <CardDescription>
            The rules change every year: compare the table with these pages before relying on it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 text-sm">
          <ol className="grid gap-2">
            {SOURCE_IDS.map((id) => {
              const source = RECIPROCITY_SOURCES[id];
              return (
                <li key={id} id={`source-${id}`} className="flex min-w-0 gap-2 scroll-mt-20">
                  <span className="tabular-nums text-muted-foreground">[{sourceNumber(id)}]</span>
                  {source.url ? (
                    <a
                      href={source.url}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex min-w-0 items-start gap-1 underline-offset-4 hover:underline [overflow-wrap:anywhere]"
                    >
                      {source.title}
                      <ExternalLink aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="[overflow-wrap:anywhere]">
                      {source.title} <span className="text-muted-foreground">(address not confirmed)</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="grid gap-1">
            <h3 className="font-semibold">Where the sources say nothing</h3>
            <ul className="list-disc grid gap-1 pl-5 text-muted-foreground">
              {RECIPROCITY.assumptions.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </div>
          <p className="text-muted-foreground">
            A PEVO who does not meet a rule can still be assigned with an override and a reason, recorded in
            the activity log.{" "}
            <Link to="/pevos" className="text-foreground underline underline-offset-4">
              Back to PEVOs
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
