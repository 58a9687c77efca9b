import type { ComponentProps } from "react";

/**
 * The buttons of the back office and the portals: one look per kind, so a page's main action, its other
 * actions and its destructive ones read the same everywhere. A plain <button> (or <a>) underneath: type,
 * name, value, form and disabled work as they always do, and every other prop is passed through.
 */
export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "normal" | "small";

// Whole strings, not pieces: Tailwind finds the classes by reading this file.
const CLASSES: Record<ButtonSize, Record<ButtonVariant, string>> = {
  normal: {
    primary: "inline-flex h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800",
    secondary: "inline-flex h-11 items-center rounded-md border border-slate-400 px-5 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800",
    danger: "inline-flex h-11 items-center rounded-md border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950",
  },
  small: {
    primary: "inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800",
    secondary: "inline-flex h-10 items-center rounded-md border border-slate-400 px-4 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800",
    danger: "inline-flex h-10 items-center rounded-md border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950",
  },
};

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The class of a button of this kind, for the rare element that is neither a <button> nor an <a>. */
export function buttonClass({ variant = "primary", size = "normal" }: Look = {}, extra?: string): string {
  return extra ? `${CLASSES[size][variant]} ${extra}` : CLASSES[size][variant];
}

export function Button({ variant, size, className, ...props }: Look & ComponentProps<"button">) {
  return <button className={buttonClass({ variant, size }, className)} {...props} />;
}

/** A link that looks like a button: it goes somewhere (a page, a file, a phone number) rather than doing something. */
export function ButtonLink({ variant, size, className, ...props }: Look & ComponentProps<"a">) {
  return <a className={buttonClass({ variant, size }, className)} {...props} />;
}
