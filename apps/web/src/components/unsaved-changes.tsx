import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./ui/alert-dialog";
import { Button } from "./ui/button";

/** 'Discard unsaved changes?': Keep editing (the default, and Escape) or Discard. */
export function DiscardChangesDialog({
  open,
  onKeep,
  onDiscard,
}: {
  open: boolean;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onKeep()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Discard unsaved changes?</AlertDialogTitle>
          <AlertDialogDescription>What you typed has not been saved and will be lost.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep editing</AlertDialogCancel>
          <Button variant="destructive" onClick={onDiscard}>
            Discard
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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

/**
 * A form page with unsaved input: leaving it inside the app (a link, Back, Cancel) asks
 * 'Discard unsaved changes?', and a reload or closing the tab asks the browser's question.
 * Render `prompt`; call `allowLeave()` just before navigating away after a successful save.
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const saved = useRef(false);
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  if (!isDirty) saved.current = false;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !saved.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useBeforeUnload(isDirty);
  const allowLeave = useCallback(() => {
    saved.current = true;
  }, []);
  const prompt = (
    <DiscardChangesDialog
      open={blocker.state === "blocked"}
      onKeep={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
  return { prompt, allowLeave };
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
