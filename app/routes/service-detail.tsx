import { data, redirect } from "react-router";
import type { Route } from "./+types/service-detail";
import { CallToAction } from "../components/sections/call-to-action";
import { PageHero } from "../components/sections/page-hero";
import { findService, serviceIdRedirects, servicePath } from "../config/services";
import { breadcrumbJsonLd, serviceJsonLd } from "../lib/json-ld";
import { getMeta } from "../lib/meta";

export function loader({ params }: Route.LoaderArgs) {
  // The footer's /services/cybersecurity is kept as the spec gives it and
  // redirects permanently to the header's id (docs/decisions/002).
  const redirectTo = serviceIdRedirects[params.serviceId];
  if (redirectTo) throw redirect(servicePath(redirectTo), 301);

  const service = findService(params.serviceId);
  if (!service) throw data(null, { status: 404 });
  return { service };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [];
  const { service } = loaderData;
  const path = servicePath(service.id);
  const description = `${service.label} at Corvanta Digital: what we deliver, how we work, the technologies we use and the results our clients see.`;
  return getMeta({
    title: service.label,
    description,
    path,
    jsonLd: [
      serviceJsonLd({ name: service.label, description, path }),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: service.label, path },
      ]),
    ],
  });
};

export default function ServiceDetailPage({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Services"
        title={service.label}
        lead={`${service.label} from Corvanta Digital: one senior team from the first workshop to production, measured against the outcome we agree with you.`}
      />
      <CallToAction
        title={
          <>
            Talk to us about <span className="whitespace-nowrap">{service.label}</span>
          </>
        }
        href={`/contact?service=${service.id}`}
        label="Discuss your project"
      />
    </>
  );
}
