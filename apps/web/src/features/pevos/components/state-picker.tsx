import { US_STATES, type UsState } from "@pevo/shared";
import { Check, ChevronDown, X } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverFieldTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

/** The 50 codes in alphabetical order, which is how people scan for a code. */
const CODES = [...US_STATES].sort();

/**
 * Certified states as a multi-select: a popover grid of toggle chips (arrow keys move, a letter jumps to
 * the next code starting with it, Space / Enter toggles), 'Select all' and 'Clear', and the selected
 * codes as removable chips under the button. Fits a 375 px screen.
 */
export function StatePicker({
  id,
  value,
  onChange,
  invalid,
  disabled,
}: {
  id: string;
  value: readonly UsState[] | undefined;
  onChange: (states: UsState[]) => void;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const chips = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = new Set(value ?? []);
  const sorted = CODES.filter((code) => selected.has(code));

  const set = (next: Set<UsState>) => onChange(CODES.filter((code) => next.has(code)));
  const toggle = (code: UsState) => {
    const next = new Set(selected);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    set(next);
  };
  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(CODES.length - 1, index));
    setFocusIndex(target);
    chips.current[target]?.focus();
  };
  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The grid has 5 columns on phones and 7 on wider screens: count the chips on the first row.
    const top = chips.current[0]?.offsetTop;
    const columns = Math.max(1, chips.current.filter((chip) => chip?.offsetTop === top).length);
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      ArrowDown: focusIndex + columns,
      ArrowUp: focusIndex - columns,
      Home: 0,
      End: CODES.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]);
      return;
    }
    // Type-ahead: a letter jumps to the next code that starts with it.
    if (/^[a-z]$/i.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const letter = event.key.toUpperCase();
      for (let step = 1; step <= CODES.length; step++) {
        const index = (focusIndex + step) % CODES.length;
        if (CODES[index].startsWith(letter)) {
          event.preventDefault();
          moveTo(index);
          return;
        }
      }
    }
  };

  const summary =
    sorted.length === 0
      ? "Select states"
      : sorted.length === CODES.length
        ? "All 50 states"
        : `${sorted.length} ${sorted.length === 1 ? "state" : "states"} selected`;

  return (
    <div className="grid gap-2">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverFieldTrigger
          id={id}
          disabled={disabled}
          invalid={invalid}
          empty={sorted.length === 0}
          className="justify-between"
        >
          {summary}
          <ChevronDown className="opacity-60" />
        </PopoverFieldTrigger>
        <PopoverContent
          align="start"
          collisionPadding={8}
          className="flex max-h-(--radix-popover-content-available-height) w-[min(20rem,calc(100vw-1rem))] flex-col p-0 sm:w-[25rem]"
        >
          <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {sorted.length} of {CODES.length} selected
            </span>
            <div className="flex gap-1">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => set(new Set(CODES))}
                disabled={sorted.length === CODES.length}
              >
                Select all
              </Button>
              <Button variant="ghost" size="sm" onClick={() => set(new Set())} disabled={sorted.length === 0}>
                Clear
              </Button>
            </div>
          </div>
          <div
            role="group"
            aria-label="Certified states"
            className="grid min-h-0 grid-cols-5 gap-1.5 overflow-y-auto p-3 sm:grid-cols-7"
            onKeyDown={onGridKeyDown}
          >
            {CODES.map((code, index) => {
              const on = selected.has(code);
              return (
                <button
                  key={code}
                  ref={(element) => {
                    chips.current[index] = element;
                  }}
                  type="button"
                  aria-pressed={on}
                  tabIndex={index === focusIndex ? 0 : -1}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => toggle(code)}
                  className={cn(
                    "flex h-8 items-center sm:h-7 justify-center gap-0.5 rounded-md border text-xs font-medium tabular-nums transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    on
                      ? "border-primary bg-primary text-primary-foreground hover:bg-primary/90"
                      : "bg-background hover:bg-accent hover:text-accent-foreground",
                  )}
                >
                  {on ? <Check className="size-3" aria-hidden /> : null}
                  {code}
                </button>
              );
            })}
          </div>
          <div className="flex justify-end border-t px-3 py-2">
            <Button size="sm" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        </PopoverContent>
      </Popover>
      {sorted.length > 0 ? (
        <ul aria-label="Selected states" className="flex flex-wrap gap-1.5">
          {sorted.map((code) => (
            <li key={code}>
              <span className="inline-flex h-7 items-center gap-1 rounded-md border bg-secondary pr-1 pl-2 text-xs font-medium text-secondary-foreground">
                {code}
                <button
                  type="button"
                  aria-label={`Remove ${code}`}
                  disabled={disabled}
                  onClick={() => toggle(code)}
                  className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50"
                >
                  <X className="size-3" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
