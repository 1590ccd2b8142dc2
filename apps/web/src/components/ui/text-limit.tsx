import { tooLongMessage } from "@pevo/shared";
import * as React from "react";
import { useMaxLength } from "@/components/field-limits";
import { formatNumber } from "@/lib/format";

/** The counter shows from this share of the bound on (e.g. 80 of 100 characters). */
const NEAR = 0.8;

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** The field's label text, for the bound's message ("Company name must be at most 100 characters"). */
function labelOf(el: TextControl | null): string {
  const text = el?.labels?.[0]?.textContent?.replace(/\s*\(optional\)\s*$/i, "").trim();
  return text || el?.getAttribute("aria-label") || "This field";
}

/**
 * A text field's bound without a silent stop (DECISIONS 'Bounds are shown, never a silent cut'): the
 * browser's own `maxLength` would drop keystrokes and cut a paste without a word, so the bound is kept
 * here instead: a counter from 80% of it, the bound's message once past it (the text is kept, the form's
 * schema refuses it on submit), and a paste that would go past it is refused with that message.
 */
export function useTextLimit<E extends TextControl>(props: {
  name?: string;
  maxLength?: number;
  ref?: React.Ref<E>;
  onInput?: React.FormEventHandler<E>;
  onPaste?: React.ClipboardEventHandler<E>;
  "aria-describedby"?: string;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
}) {
  const idBase = React.useId();
  const schemaMax = useMaxLength(props.name);
  const max = props.maxLength ?? schemaMax;
  const own = React.useRef<E | null>(null);
  const [length, setLength] = React.useState(0);
  const [refused, setRefused] = React.useState(false);
  const outerRef = props.ref;

  const ref = React.useCallback(
    (el: E | null) => {
      own.current = el;
      if (el) setLength(el.value.length);
      if (typeof outerRef === "function") outerRef(el);
      else if (outerRef) (outerRef as React.RefObject<E | null>).current = el;
    },
    [outerRef],
  );

  // A value set from outside (a form reset, a prefill) shows without an input event.
  React.useEffect(() => {
    const el = own.current;
    if (el && el.value.length !== length) setLength(el.value.length);
  });

  const { onInput: outerInput, onPaste: outerPaste } = props;
  const onInput = React.useCallback(
    (e: React.FormEvent<E>) => {
      setLength(e.currentTarget.value.length);
      setRefused(false);
      outerInput?.(e);
    },
    [outerInput],
  );
  const onPaste = React.useCallback(
    (e: React.ClipboardEvent<E>) => {
      outerPaste?.(e);
      if (max === undefined || e.defaultPrevented) return;
      const el = e.currentTarget;
      const pasted = e.clipboardData.getData("text/plain");
      const selected = (el.selectionEnd ?? 0) - (el.selectionStart ?? 0);
      if (el.value.length - selected + pasted.length > max) {
        e.preventDefault();
        setRefused(true);
      }
    },
    [max, outerPaste],
  );

  const over = max !== undefined && length > max;
  const near = max !== undefined && length >= Math.floor(max * NEAR);
  const id = `${idBase}-limit`;
  let note: React.ReactNode = null;
  if (max !== undefined && (refused || near)) {
    const message = tooLongMessage(labelOf(own.current), max);
    note = (
      <p
        id={id}
        data-slot="text-limit"
        aria-live="polite"
        className={
          refused || over
            ? "text-xs text-destructive"
            : "text-right text-xs tabular-nums text-muted-foreground"
        }
      >
        {refused
          ? `The pasted text is too long and was not added: ${message}.`
          : over
            ? `${message} (${formatNumber(length)} now).`
            : `${formatNumber(length)} / ${formatNumber(max)}`}
      </p>
    );
  }
  const describedBy =
    [props["aria-describedby"], note ? id : undefined].filter(Boolean).join(" ") || undefined;
  return {
    /** What the <input> or <textarea> takes, after the caller's own props. */
    control: {
      ref,
      onInput,
      onPaste,
      "aria-describedby": describedBy,
      "aria-invalid": props["aria-invalid"] || (over || refused ? true : undefined),
    },
    note,
  };
}
