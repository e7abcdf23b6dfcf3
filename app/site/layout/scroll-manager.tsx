import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const savedPositions = new Map<string, number>();

function prefersReducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Scrolling on navigation (spec section 2, "Shared layout"): a new path scrolls
 * smoothly to the top (instantly under prefers-reduced-motion); a link with a
 * hash scrolls to its element, which `scroll-padding-top` in app.css keeps below
 * the fixed header; back and forward restore the position the visitor left.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const isFirstRender = useRef(true);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
  }, []);

  // Remember where the visitor is on each history entry, for back and forward.
  useEffect(() => {
    const key = location.key;
    const remember = () => savedPositions.set(key, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, [location.key]);

  useLayoutEffect(() => {
    // The first page is server-rendered; the browser has placed it already.
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    const behavior: ScrollBehavior = prefersReducedMotion() ? "instant" : "smooth";

    const saved = navigationType === "POP" ? savedPositions.get(location.key) : undefined;
    if (saved !== undefined) {
      withFullLayout(() => window.scrollTo({ top: saved, behavior: "instant" }));
      return;
    }
    if (location.hash) {
      const target = document.getElementById(safeDecode(location.hash.slice(1)));
      if (target) {
        withFullLayout(() => target.scrollIntoView({ behavior, block: "start" }));
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior });
  }, [location.key, location.hash, navigationType]);

  return null;
}

/**
 * Runs a scroll with every section laid out. Sections off the screen are not
 * (app.css, content-visibility), so until they have been, the page's heights
 * above a target are estimates, and a jump would land off its mark. Once laid
 * out, each section keeps its real height, so the full layout is dropped after
 * the next frame has been rendered.
 */
function withFullLayout(scroll: () => void) {
  const root = document.documentElement;
  root.dataset.fullLayout = "";
  scroll();
  requestAnimationFrame(() => requestAnimationFrame(() => delete root.dataset.fullLayout));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
