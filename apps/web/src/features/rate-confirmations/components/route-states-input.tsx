import { US_STATES, type UsState } from "@pevo/shared";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

const KNOWN = new Set<string>(US_STATES);

/**
 * The states on a route, in driving order: chips numbered in order, each with move earlier / later
 * and remove buttons, and a box to add codes by typing them ("TX OK KS" adds three; Enter or Add).
 * Unknown codes and codes already on the route are said so, not silently dropped. Fits 375 px.
 */
export function RouteStatesInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  value: readonly UsState[];
  onChange: (states: UsState[]) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    const codes = draft
      .toUpperCase()
      .split(/[^A-Z]+/)
      .filter(Boolean);
    if (codes.length === 0) return;
    const next = [...value];
    const unknown: string[] = [];
    const repeated: string[] = [];
    for (const code of codes) {
      if (!KNOWN.has(code)) unknown.push(code);
      else if (next.includes(code as UsState)) repeated.push(code);
      else next.push(code as UsState);
    }
    onChange(next);
    setDraft(unknown.join(" "));
    setProblem(
      [
        unknown.length ? `Not a US state code: ${unknown.join(", ")}` : null,
        repeated.length ? `Already on the route: ${repeated.join(", ")}` : null,
      ]
        .filter(Boolean)
        .join(". ") || null,
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      // Enter adds the codes; it must not submit the whole form.
      event.preventDefault();
      add();
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          disabled={disabled}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="e.g. TX OK KS"
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className="uppercase placeholder:normal-case"
        />
        <Button variant="outline" onClick={add} disabled={disabled || !draft.trim()}>
          Add
        </Button>
      </div>
      {problem ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
          {problem}
        </p>
      ) : null}
      {value.length ? (
        <ol aria-label="States on the route, in order" className="flex flex-wrap items-center gap-1.5">
          {value.map((code, index) => (
            <li
              key={code}
              className="inline-flex h-8 items-center gap-0.5 rounded-md border bg-secondary pl-2 text-xs font-medium text-secondary-foreground"
            >
              <span className="mr-1 text-muted-foreground tabular-nums">{index + 1}.</span>
              {code}
              <span className="ml-1 flex">
                <IconButton
                  label={`Move ${code} earlier`}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ChevronLeft className="size-3.5" aria-hidden />
                </IconButton>
                <IconButton
                  label={`Move ${code} later`}
                  disabled={disabled || index === value.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ChevronRight className="size-3.5" aria-hidden />
                </IconButton>
                <IconButton
                  label={`Remove ${code}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((s) => s !== code))}
                >
                  <X className="size-3.5" aria-hidden />
                </IconButton>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-xs text-muted-foreground">No states yet: add them in driving order.</p>
      )}
    </div>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-7 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 disabled:opacity-30"
    >
      {children}
    </button>
  );
}
