/**
 * Light or dark (issue 30). The site follows the system's colour scheme
 * unless the visitor chose one with the header's switch, which is kept in
 * localStorage (no cookie: the site sets none). The choice is the `data-theme`
 * attribute of <html>, which sets the root's color-scheme; every colour of
 * the palette is a light-dark() pair (app/app.css).
 */
export type ThemeChoice = "system" | "light" | "dark";

export const themeStorageKey = "theme";

/**
 * Runs in <head>, before the body is parsed, so the first paint already has
 * the stored theme. Blocking and inline on purpose: a file would cost a round
 * trip before the first paint, and a script after it would flash the other
 * theme. The CSP allows it like the page's other inline script: by hash on a
 * prerendered page, by the response's nonce on the others (app/root.tsx).
 */
export const themeScript = `try{var t=localStorage.getItem("${themeStorageKey}");if(t=="light"||t=="dark")document.documentElement.dataset.theme=t}catch(e){}`;

/**
 * The choice after `current`: first the theme the page is not showing, then
 * the other one, then back to the system's, so each press changes something.
 */
export function nextThemeChoice(current: ThemeChoice, systemIsDark: boolean): ThemeChoice {
  const order: ThemeChoice[] = systemIsDark
    ? ["system", "light", "dark"]
    : ["system", "dark", "light"];
  return order[(order.indexOf(current) + 1) % order.length] ?? "system";
}

/** Applies and remembers a choice; the system's is remembered by forgetting. */
export function chooseTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  try {
    if (choice === "system") localStorage.removeItem(themeStorageKey);
    else localStorage.setItem(themeStorageKey, choice);
  } catch {
    // Storage refused (a private window's quota, a policy): the choice lasts for this page.
  }
  if (choice === "system") delete root.dataset.theme;
  else root.dataset.theme = choice;
}

/** The choice the page shows now. */
export function currentThemeChoice(): ThemeChoice {
  const theme = document.documentElement.dataset.theme;
  return theme === "light" || theme === "dark" ? theme : "system";
}
