/**
 * Light / dark / system colour theme, stored in localStorage under "theme" (spec section 3), default system.
 * THEME_INIT_SCRIPT runs inline in <head>, before the first paint, so a dark page never flashes light.
 * It sets data-theme (the stored preference, which shows the right toggle icon through CSS) and the
 * "dark" class (what Tailwind's dark: variant reads).
 */
export const THEME_STORAGE_KEY = "theme";
export type ThemePreference = "light" | "dark" | "system";
export const THEME_ORDER: ThemePreference[] = ["system", "light", "dark"];

export const THEME_INIT_SCRIPT = `(function(){try{var p=localStorage.getItem("${THEME_STORAGE_KEY}");if(p!=="light"&&p!=="dark")p="system";var d=p==="dark"||(p==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);var e=document.documentElement;e.dataset.theme=p;e.classList.toggle("dark",d);e.style.colorScheme=d?"dark":"light"}catch(_){}})()`;

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    return "system";
  }
}

export function applyTheme(preference: ThemePreference): void {
  const dark =
    preference === "dark" || (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.dataset.theme = preference;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  applyTheme(preference);
}
