import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/site/not-found";
import { notFoundMeta } from "~/site/meta";

// Every path the route table does not know, /services included (spec section 2).
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) => notFoundMeta(location.pathname);

export default function NotFoundPage() {
  return <NotFound />;
}
