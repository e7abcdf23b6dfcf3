import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's default client entry, with one turn for the browser between
 * evaluating React DOM and starting hydration. The page's module script
 * imports this file after the first paint (docs/decisions/062). Evaluating
 * React DOM and creating the root (its event listeners, the router's first
 * render scheduled) were one task of about 34 ms of CPU on this machine, about
 * 140 ms on Lighthouse's slowed phone; apart, each is under half of that
 * (docs/decisions/072).
 */
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
