/** One page of each type the site has, for the browser tests that go through every type. */
export const pageTypes = [
  "/",
  "/about",
  "/services/data-science",
  "/portfolio",
  "/portfolio/ledgerloop",
  "/blog",
  "/blog/reconciliation-at-scale",
  "/events",
  "/events/reconciliation-round-table-london",
  "/contact",
] as const;
