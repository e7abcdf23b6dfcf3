import { useLocation, useNavigation } from "react-router";

/**
 * The spec's pulsing circular placeholder, shown while the next page's code or
 * data loads (section 2, "Pages load lazily"). The first page is server-rendered
 * HTML, so it never shows on first paint. It fades in after a beat so that fast
 * navigations do not flash it.
 */
export function PageLoadingIndicator() {
  const navigation = useNavigation();
  const location = useLocation();
  const loadingAnotherPage =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  if (!loadingAnotherPage) return null;

  return (
    <div
      role="status"
      aria-label="Loading page"
      // Below the header, over the whole content area: the old page dims
      // behind a white veil, and the circle sits centred on it, so it never
      // lies over legible text. Reduced motion: no fade, no pulse.
      className="fixed inset-x-0 top-(--header-offset) bottom-0 z-30 grid place-items-center bg-white/80 backdrop-blur-[2px] transition-opacity delay-150 duration-200 motion-reduce:transition-none starting:opacity-0"
    >
      <span className="size-14 animate-loading-pulse rounded-full bg-linear-to-br from-accent to-signal shadow-lg shadow-accent/30 motion-reduce:animate-none" />
      <span className="sr-only">Loading page</span>
    </div>
  );
}
