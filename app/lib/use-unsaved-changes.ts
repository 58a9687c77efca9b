import { useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useLocation } from "react-router";

/** Spec section 5. */
export const UNSAVED_CHANGES_MESSAGE = "Are you sure you want to leave? Your changes may not be saved.";

/**
 * While `when` is true, asks before leaving: in-app navigation is blocked and confirmed with the spec's
 * text; closing or reloading the tab triggers the browser's own prompt (browsers no longer show custom text).
 */
export function useUnsavedChangesGuard(when: boolean): void {
  // Submitting the form is not leaving it: the navigation a submission starts must pass. The flag is set in
  // the capture phase, before React Router's own submit handler starts that navigation.
  const submitting = useRef(false);
  const location = useLocation();
  useEffect(() => {
    submitting.current = false;
  }, [location]);
  useEffect(() => {
    const onSubmit = () => {
      submitting.current = true;
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [when]);
}

/**
 * True once the visitor has typed into or changed a field of the form, false again after it is submitted
 * or reset. Pair it with useUnsavedChangesGuard.
 */
export function useFormDirty(formRef: RefObject<HTMLFormElement | null>): boolean {
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const markDirty = () => {
      if (!dirtyRef.current) {
        dirtyRef.current = true;
        setDirty(true);
      }
    };
    const markClean = () => {
      dirtyRef.current = false;
      setDirty(false);
    };
    form.addEventListener("input", markDirty);
    form.addEventListener("change", markDirty);
    form.addEventListener("submit", markClean);
    form.addEventListener("reset", markClean);
    return () => {
      form.removeEventListener("input", markDirty);
      form.removeEventListener("change", markDirty);
      form.removeEventListener("submit", markClean);
      form.removeEventListener("reset", markClean);
    };
  }, [formRef]);
  return dirty;
}
