/**
 * The class on `<html>` that lets the web font draw the text (app/app.css):
 * until it is set the page is drawn in the metric-matched fallback, and the
 * font is not requested by the page's text (docs/decisions/069 and 074).
 */
export const webFontClass = "web-font";
/** The web font's family in app/app.css's @font-face: the text face. */
export const webFontFamily = "Inter Variable";
/** The headings' display face, fetched and swapped in with the text face (issue 30). */
export const displayFontFamily = "Bricolage Grotesque Variable";
export const webFontFamilies = [webFontFamily, displayFontFamily] as const;

/**
 * Lets the web fonts draw the text from now on, if it has arrived. Called when
 * the visitor moves to another page inside the site: the font was fetched
 * after the first page's first paint, and the restyle joins the new page's
 * own rendering, at the visitor's click, so it neither moves text they are
 * reading nor blocks the first page's main thread. A font still on its way
 * waits for a later page: swapped in after the new page had been laid out
 * (and scrolled to a #section), it would move that page's text.
 */
export function drawInWebFontFromNow() {
  if (webFontFamilies.every((family) => document.fonts.check(`1em "${family}"`))) {
    document.documentElement.classList.add(webFontClass);
  }
}
