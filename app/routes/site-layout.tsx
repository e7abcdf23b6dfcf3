// Marketing layout: every page renders inside the site frame (skip link, fixed
// header, <main>, footer), and so does every error a page throws.
import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { SiteFrame } from "~/site/layout/site-frame";
import { ApplicationError } from "~/site/application-error";
import { ContentErrorReport, contentReportOf } from "~/site/content-error";
import { NotFound } from "~/site/not-found";
import { ServicesOverview, overviewOfNotFound } from "~/features/services/services-overview";
import { errorMeta } from "~/site/meta";

// Only an error reaches this: pages set their own meta, and when a page throws,
// React Router renders the meta of the route whose boundary shows the error.
export const meta: Route.MetaFunction = ({ error, location }) =>
  error ? errorMeta(error, location.pathname) : [];

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

// A page's loader throws notFound() (app/site/not-found.server.ts) for an
// unknown slug or id: its data carries the services the not-found page offers.
// While authoring, a page whose content file has a mistake shows the file's report.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const report = contentReportOf(error);
  if (report) {
    return (
      <SiteFrame>
        <ContentErrorReport report={report} />
      </SiteFrame>
    );
  }
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return (
      <SiteFrame>
        <ApplicationError />
      </SiteFrame>
    );
  }
  const overview = overviewOfNotFound(error.data);
  return (
    <SiteFrame>
      <NotFound services={overview && <ServicesOverview {...overview} />} />
    </SiteFrame>
  );
}
