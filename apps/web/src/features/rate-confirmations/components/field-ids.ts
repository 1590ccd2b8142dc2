/**
 * Focuses the first control marked invalid, in page order, once the error messages have rendered.
 * (react-hook-form's own focus goes by registration order, which puts the pickers last.) The short
 * delay also lets a form disabled while saving come back to life first.
 */
export function focusFirstInvalid(root: ParentNode | null = document) {
  setTimeout(() => root?.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(), 50);
}
