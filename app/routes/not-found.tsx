import type { Route } from "./+types/not-found";
import { ServicesOverview } from "~/features/services/services-overview";
import { NotFound } from "~/site/not-found";
import { notFoundMeta } from "~/site/meta";
import { notFound } from "~/site/not-found.server";

// Every path the route table does not know, /services included (spec section 2).
export function loader() {
  return notFound();
}

export const meta: Route.MetaFunction = ({ location }) => notFoundMeta(location.pathname);

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  return <NotFound services={<ServicesOverview {...loaderData} />} />;
}
