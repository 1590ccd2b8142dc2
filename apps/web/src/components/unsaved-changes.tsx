import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useBlocker } from "react-router";
import { useOpenedOnce } from "@/lib/use-opened-once";

/** Loaded when first asked: every signed-in screen renders the prompt, few ever open it. */
const LazyDiscardChangesDialog = lazy(() => import("./discard-changes-dialog"));

/** 'Discard unsaved changes?': Keep editing (the default, and Escape) or Discard. */
function DiscardChangesDialog(props: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyDiscardChangesDialog {...props} />
    </Suspense>
  );
}

/** While `dirty`, reloading or closing the tab asks the browser's own question. */
function useBeforeUnload(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}

/** Each mounted guarded form: whether it holds unsaved input, and whether it is being saved. */
const forms = new Map<symbol, { dirty: boolean; saving: boolean }>();
const anyUnsaved = () => [...forms.values()].some((f) => f.dirty && !f.saving);

/**
 * A form page with unsaved input: leaving it inside the app (a link, Back, Cancel) asks
 * 'Discard unsaved changes?' (through the layout's one <UnsavedChangesPrompt />: a router supports
 * one blocker), and a reload or closing the tab asks the browser's own question.
 * Call `allowLeave()` when a valid form is submitted: the navigation that follows a successful save
 * goes through; when the save ends without leaving (`pending` back to false, e.g. a server error),
 * asking is armed again.
 */
export function useUnsavedChangesGuard(isDirty: boolean, pending = false) {
  const [key] = useState(() => Symbol("form"));
  const entry = forms.get(key) ?? { dirty: false, saving: false };
  entry.dirty = isDirty;
  forms.set(key, entry);
  useEffect(() => () => void forms.delete(key), [key]);
  useEffect(() => {
    const current = forms.get(key);
    if (!pending && current) current.saving = false;
  }, [pending, key]);
  useBeforeUnload(isDirty);
  const allowLeave = useCallback(() => {
    const current = forms.get(key);
    if (current) current.saving = true;
  }, [key]);
  return { allowLeave };
}

/**
 * A save resent from outside its form (e.g. "Assign anyway" after a 409) is a submit too: let the
 * navigation after it go through; a failure re-arms asking as `pending` goes back to false.
 */
export function allowLeaveAfterResend() {
  for (const entry of forms.values()) entry.saving = true;
}

/** Rendered once per layout: asks before an in-app navigation leaves a form with unsaved input. */
export function UnsavedChangesPrompt() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      anyUnsaved() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  return (
    <DiscardChangesDialog
      open={blocker.state === "blocked"}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}

/**
 * A dialog or sheet with a form: closing it (outside click, Escape, Cancel, ×) while `isDirty` asks
 * first. Route its onOpenChange(false) and its Cancel button through `requestClose`; render `prompt`.
 * After a successful save call `close` itself.
 */
export function useConfirmDiscard(isDirty: boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  useBeforeUnload(isDirty);
  const requestClose = useCallback(() => (isDirty ? setAsking(true) : close()), [isDirty, close]);
  const prompt = (
    <DiscardChangesDialog
      open={asking}
      onKeep={() => setAsking(false)}
      onDiscard={() => {
        setAsking(false);
        close();
      }}
    />
  );
  return { prompt, requestClose };
}
