import { data } from "react-router";
import { homePage } from "~/features/company/home-page.server";
import { serviceOverview } from "~/features/services/services.server";

/**
 * The not-found answer every route gives (status 404), thrown by a loader or
 * returned by the catch-all. Its data carries the services, each with its
 * promise, and the home page's invitation to talk, so the not-found page
 * offers the services by their display names: for /services, which the spec
 * keeps a 404, it is the services overview (issue 30).
 */
export function notFound() {
  return data(
    { services: serviceOverview(), talkToUs: homePage().services.closingCard },
    { status: 404 },
  );
}
