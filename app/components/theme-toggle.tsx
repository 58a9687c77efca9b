import { MonitorIcon, MoonIcon, SunIcon } from "./icons.tsx";
import { useEffect } from "react";
import { applyTheme, readThemePreference, setThemePreference, THEME_ORDER, type ThemePreference } from "~/lib/theme.ts";

const LABEL: Record<ThemePreference, string> = { system: "System", light: "Light", dark: "Dark" };

/**
 * Cycles system -> light -> dark. The icon shown comes from CSS (data-theme on <html>), which the inline
 * head script sets before paint, so the server-rendered button never shows the wrong icon.
 */
export function ThemeToggle() {
  useEffect(() => {
    // Follow the operating system while the preference is "system".
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => {
      if (readThemePreference() === "system") applyTheme("system");
    };
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  function cycle() {
    const current = readThemePreference();
    setThemePreference(THEME_ORDER[(THEME_ORDER.indexOf(current) + 1) % THEME_ORDER.length] ?? "system");
  }

  return (
    <button
      type="button"
      onClick={cycle}
      title="Colour theme: system, light or dark"
      className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <MonitorIcon className="theme-icon theme-icon-system size-5" />
      <SunIcon className="theme-icon theme-icon-light size-5" />
      <MoonIcon className="theme-icon theme-icon-dark size-5" />
      {THEME_ORDER.map((t) => (
        <span key={t} className={`theme-icon theme-icon-${t} sr-only`}>
          Colour theme: {LABEL[t]}. Change
        </span>
      ))}
    </button>
  );
}
