import { format, startOfToday } from "date-fns";
import { CalendarIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Matcher } from "react-day-picker";
import { formatDate, parseDate } from "@/lib/format";
import { parseTypedDate, pickerYears, typedDate } from "@/lib/typed-date";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { Input } from "./input";
import { Popover, PopoverContent, PopoverFieldTrigger } from "./popover";
import { Spinner } from "./spinner";

// The month grid (react-day-picker) loads when a calendar first opens: date fields are on the PEVO
// portal's first load, which has a bundle budget (README), and most dates are typed or never changed.
const Calendar = lazy(() => import("./calendar").then((m) => ({ default: m.Calendar })));

const YEARS = pickerYears();

/**
 * A date field whose value is a YYYY-MM-DD string: the date picked as the 5th is the 5th in every
 * time zone, because it is never turned into an instant. The date can be typed (mm/dd/yyyy) or
 * picked in the calendar, whose month and year drop-downs reach a far expiry without paging.
 *
 * The calendar button keeps the field's id (so the field's label names it) and carries the picked
 * date as its text for screen readers; the typed field beside it is named by its format.
 */
export function DatePicker({
  id,
  value,
  onChange,
  placeholder = "Pick a date",
  disablePast = false,
  disabled,
  minDate,
  invalid,
  clearable = false,
}: {
  id?: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  placeholder?: string;
  disablePast?: boolean;
  disabled?: boolean;
  minDate?: string;
  invalid?: boolean;
  clearable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value ? typedDate(value) : "");
  const [message, setMessage] = useState<string | null>(null);
  const selected = value ? parseDate(value) : undefined;
  const years = YEARS;
  const earliest = disablePast ? format(startOfToday(), "yyyy-MM-dd") : undefined;
  const floor = [minDate, earliest].filter(Boolean).sort().at(-1);
  const rules: Matcher[] = [];
  if (floor) rules.push({ before: parseDate(floor) });

  // A value set from outside (a reset, a field that follows another) replaces the text; the value
  // this field set itself (a typed date, or none while the text is not a date) leaves it alone.
  const own = useRef(value || null);
  useEffect(() => {
    if ((value || null) === own.current) return;
    own.current = value || null;
    setText(value ? typedDate(value) : "");
    setMessage(null);
  }, [value]);
  const emit = (next: string | null) => {
    own.current = next;
    onChange(next);
  };

  const take = (next: string, commit: boolean) => {
    setText(next);
    if (!next.trim()) {
      setMessage(null);
      if (value) emit(null);
      return;
    }
    const typed = parseTypedDate(next, years);
    if (typed.ok && floor && typed.iso < floor) {
      if (commit) setMessage(`Enter a date on or after ${formatDate(floor)}`);
      if (value) emit(null);
      return;
    }
    if (typed.ok) {
      setMessage(null);
      if (typed.iso !== value) emit(typed.iso);
      return;
    }
    // While typing, a half-typed date is not yet wrong; leaving the field says so.
    if (commit) setMessage(typed.message);
    if (value) emit(null);
  };

  const messageId = id ? `${id}-typed-error` : undefined;
  return (
    <div className="grid gap-1">
      <div className="flex gap-2">
        <Input
          id={id ? `${id}-typed` : undefined}
          value={text}
          onChange={(event) => take(event.target.value, false)}
          onBlur={(event) => take(event.target.value, true)}
          onKeyDown={(event) => {
            if (event.key === "Enter") take(event.currentTarget.value, true);
          }}
          placeholder="mm/dd/yyyy"
          inputMode="numeric"
          autoComplete="off"
          aria-label="Type the date, mm/dd/yyyy"
          aria-invalid={Boolean(message || invalid) || undefined}
          aria-describedby={message ? messageId : undefined}
          disabled={disabled}
          className="min-w-0 flex-1"
        />
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverFieldTrigger
            id={id}
            disabled={disabled}
            invalid={invalid}
            empty={!value}
            className="w-9 shrink-0 justify-center px-0"
          >
            <CalendarIcon className="size-4" />
            <span className="sr-only">{selected ? format(selected, "MMM dd, yyyy") : placeholder}</span>
          </PopoverFieldTrigger>
          <PopoverContent className="w-auto p-0" align="end">
            <Suspense
              fallback={
                <div className="grid size-72 place-items-center">
                  <Spinner className="size-5 text-muted-foreground" />
                </div>
              }
            >
              <Calendar
                mode="single"
                captionLayout="dropdown"
                startMonth={new Date(years.from, 0)}
                endMonth={new Date(years.to, 11)}
                selected={selected}
                defaultMonth={selected}
                disabled={rules.length ? rules : undefined}
                onSelect={(date) => {
                  const iso = date ? format(date, "yyyy-MM-dd") : null;
                  setText(iso ? typedDate(iso) : "");
                  setMessage(null);
                  emit(iso);
                  setOpen(false);
                }}
              />
            </Suspense>
            {clearable && value ? (
              <div className="border-t p-2">
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-full"
                  onClick={() => {
                    setText("");
                    setMessage(null);
                    emit(null);
                    setOpen(false);
                  }}
                >
                  Clear date
                </Button>
              </div>
            ) : null}
          </PopoverContent>
        </Popover>
      </div>
      {message ? (
        <p id={messageId} role="alert" className={cn("text-sm text-destructive")}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
