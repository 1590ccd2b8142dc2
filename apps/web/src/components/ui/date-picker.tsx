import { format, startOfToday } from "date-fns";
import { CalendarIcon } from "lucide-react";
import { useState } from "react";
import type { Matcher } from "react-day-picker";
import { parseDate } from "@/lib/format";
import { Button } from "./button";
import { Calendar } from "./calendar";
import { Popover, PopoverContent, PopoverFieldTrigger } from "./popover";

/**
 * A calendar date picker whose value is a YYYY-MM-DD string: the date picked as the 5th is the
 * 5th in every time zone, because it is never turned into an instant.
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
  const selected = value ? parseDate(value) : undefined;
  const rules: Matcher[] = [];
  if (disablePast) rules.push({ before: startOfToday() });
  if (minDate) rules.push({ before: parseDate(minDate) });
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverFieldTrigger
        id={id}
        disabled={disabled}
        invalid={invalid}
        empty={!value}
        className="justify-start text-left"
      >
        <CalendarIcon className="size-4" />
        {selected ? format(selected, "MMM dd, yyyy") : placeholder}
      </PopoverFieldTrigger>
      <PopoverContent className="w-auto p-0" align="start">
        <Calendar
          mode="single"
          selected={selected}
          defaultMonth={selected}
          disabled={rules.length ? rules : undefined}
          onSelect={(date) => {
            onChange(date ? format(date, "yyyy-MM-dd") : null);
            setOpen(false);
          }}
        />
        {clearable && value ? (
          <div className="border-t p-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full"
              onClick={() => {
                onChange(null);
                setOpen(false);
              }}
            >
              Clear date
            </Button>
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
