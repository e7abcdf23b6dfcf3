import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { paths } from "~/config/paths";

const copy = {
  // /services: the spec keeps it a 404; a visitor there wants the services.
  servicesIndex: {
    eyebrow: "Services",
    title: "Every service we offer",
    lead: "This address has no page of its own, so here is the whole list: each service with what it promises. Pick one to see how we work, or tell us what you need.",
  },
  // /services/<an id that is not a service>: mistyped, or an old name.
  unknownService: {
    eyebrow: "Error 404",
    title: "We couldn’t find that service",
    lead: "The address may be mistyped, or the service may go by another name. Here is every service we offer, each with what it promises.",
  },
  any: {
    eyebrow: "Error 404",
    title: "We couldn’t find that page",
    lead: "The address may be mistyped, or the page may have moved. Our services are listed below, or you can start again from the home page.",
  },
};

/**
 * The not-found page (status 404): unknown paths, /services itself and unknown
 * service ids. It offers the ways on the brief asks for: services, home,
 * contact. `services` is the services overview a route composes from the
 * 404's data (app/features/services/services-overview.tsx); under /services,
 * where a visitor was looking for a service, the page leads with it.
 */
export function NotFound({ services }: { services?: ReactNode }) {
  const { pathname } = useLocation();
  const underServices = services !== undefined && pathname.startsWith(`${paths.servicesIndex}/`);
  const atServices = services !== undefined && pathname === paths.servicesIndex;
  const lookingForServices = atServices || underServices;
  const { eyebrow, title, lead } = atServices
    ? copy.servicesIndex
    : underServices
      ? copy.unknownService
      : copy.any;
  const home = { to: paths.home, label: "Go to the home page" };
  const contact = {
    to: paths.contact,
    label: lookingForServices ? "Tell us what you need" : "Contact us",
  };
  const [first, second] = lookingForServices ? [contact, home] : [home, contact];
  return (
    <section className="marks bg-surface py-16 marks-hero [--mark-colour:var(--color-accent)] md:py-24">
      <Container>
        <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-2xl text-h1 font-semibold">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={first.to}>{first.label}</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={second.to}>{second.label}</Link>
          </Button>
        </div>

        {services && (
          <>
            <h2 className="mt-16 text-xl font-semibold">
              {lookingForServices ? "All our services" : "Our services"}
            </h2>
            {services}
          </>
        )}
      </Container>
    </section>
  );
}
