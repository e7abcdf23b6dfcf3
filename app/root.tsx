import { iconPath, paths } from "~/config/paths";
import { useContext, useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_FrameworkContext,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { ApplicationError } from "~/site/application-error";
import { SiteFrame } from "~/site/layout/site-frame";
import { errorMeta } from "~/site/meta";
import { NotFound } from "~/site/not-found";
import { drawInWebFontFromNow } from "~/lib/web-font";
import { themeScript } from "~/lib/theme";

// The stylesheet is the one resource that blocks the first paint, and nothing
// else the page needs competes with it: the web font and the page's modules
// are fetched after the first paint (app/lib/scripts-after-first-paint.server.ts).
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStylesheet, precedence: "default" },
  { rel: "icon", href: iconPath("favicon.svg"), type: "image/svg+xml" },
  { rel: "icon", href: iconPath("favicon-32.png"), type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: iconPath("apple-touch-icon.png") },
  { rel: "manifest", href: paths.manifest },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The page's script adds the web-font class before hydration (app/app.css).
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript />
        <meta name="theme-color" content="#141512" />
        <Meta />
        {/*
          In production no link needs the nonce: the policy allows stylesheets,
          fonts, icons and the manifest from this origin (server/http/security-headers.ts).
          An empty one keeps React Router from copying the response's nonce onto
          each link, where it costs bytes.
        */}
        {import.meta.env.DEV ? <DevLinks /> : <Links nonce="" />}
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The stored theme, set before the first paint (app/lib/theme.ts). A page
 * rendered per request allows it by the response's nonce; a prerendered one,
 * which has none, by the hash the server takes of its inline scripts
 * (server/http/static-files.ts). The browser hides a nonce from the DOM, so
 * the attribute is left out of hydration's comparison.
 */
function ThemeScript() {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  return (
    <script
      nonce={typeof document === "undefined" ? nonce : undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: themeScript }}
    />
  );
}

/**
 * `npm run dev` only (docs/decisions/008): production builds leave it out.
 * Two things the dev server adds to a page need the response's CSP nonce:
 * the <style> elements Vite's client injects (it reads the nonce from the
 * `csp-nonce` meta) and React Router's critical-CSS link, which carries the
 * nonce on the server but not in the browser, a hydration mismatch unless
 * <Links> is given it there too. On the server the nonce is the one React
 * Router renders with; in the browser, the meta's.
 */
function DevLinks() {
  const serverNonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  const nonce =
    typeof document === "undefined"
      ? serverNonce
      : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  return (
    <>
      <meta property="csp-nonce" nonce={nonce} />
      <Links nonce={nonce} />
    </>
  );
}

export default function App() {
  // Marks the document once React has taken over the server's HTML; browser
  // tests wait for it before they press anything.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The first page keeps the fallback font; the next one, from the click, is
  // drawn in the web font its script fetched (app/lib/web-font.ts).
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) drawInWebFontFromNow();
  }, [navigating]);
  return <Outlet />;
}

// Only an error that no route below handles reaches this (see ErrorBoundary).
export const meta: Route.MetaFunction = ({ error, location }) =>
  error ? errorMeta(error, location.pathname) : [];

// Last resort, for a failure in the marketing layout itself; the layout route
// has its own boundary that keeps the header and footer around the message.
// A path that no route matches, not even the catch-all (a line break in it,
// /%0a, defeats its pattern), is a 404 here: the not-found page, in the
// server's HTML and after hydration alike, without the services list that
// only a loader's 404 carries (app/site/not-found.server.ts).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteFrame>
        <NotFound />
      </SiteFrame>
    );
  }
  return (
    <main id="main-content" className="px-6 py-24">
      <ApplicationError />
    </main>
  );
}
