import { Icon } from "~/components/ui/icon";
import { data, Link } from "react-router";
import type { Route } from "./+types/home";
import { CallToAction } from "~/components/sections/call-to-action";
import { HeroHome } from "~/features/company/hero-home";
import { ClientStrip } from "~/features/portfolio/client-strip";
import { ProductCards } from "~/features/portfolio/product-cards";
import { NextEvent } from "~/features/events/next-event";
import { PostGrid } from "~/features/blog/post-grid";
import { ServiceGrid, TalkToUsCard } from "~/features/services/service-grid";
import { StageBand } from "~/features/company/stage-band";
import { TestimonialList } from "~/features/portfolio/testimonial-list";
import { Button } from "~/components/ui/button";
import { homePage } from "~/features/company/home-page.server";
import { productCardData } from "~/features/portfolio/product-refs.server";
import { findProduct, products } from "~/features/portfolio/products.server";
import { featuredTestimonials, testimonialItem } from "~/features/portfolio/testimonials.server";
import { fixedPages } from "~/config/pages";
import { getMeta } from "~/site/meta";
import { nextEventAt, nextEventChangeAt, toEventTeaserView } from "~/features/events/events.server";
import { sharedCacheControl, type ServerHandle } from "~/lib/route-handle";
import { latestPostSummaries } from "~/features/blog/posts.server";
import { toPostCardView } from "~/features/blog/post-view";
import { serviceRef, serviceSummaries } from "~/features/services/services.server";
import { ArrowLink } from "~/components/ui/arrow-link";
import { paths, productPath } from "~/config/paths";
import { productArtAlt, productArtPath } from "~/config/art";
import { requestTime } from "~/load-context";

// Server-rendered per request, not prerendered: the next event depends on the
// instant the page is served (docs/decisions/007).
export function loader({ context }: Route.LoaderArgs) {
  const now = requestTime(context);
  const nextEvent = nextEventAt(now);
  const { meta, hero, services, engineering, selectedWork, testimonials, latestPosts, closing } =
    homePage();
  return data(
    {
      meta,
      hero,
      // Every named client, once, linking to the case study of its work.
      clients: products
        .filter(
          (product, index) =>
            products.findIndex((other) => other.client.name === product.client.name) === index,
        )
        .map((product) => ({ name: product.client.name, href: productPath(product.slug) })),
      // The schema has checked both slugs against content/products.
      heroProof: hero.proof
        .map((slug) => findProduct(slug))
        .filter((product) => product !== undefined)
        .map((product) => ({
          href: productPath(product.slug),
          art: productArtPath(product.slug, "meet"),
          alt: productArtAlt(product),
        })),
      engineering,
      selectedWork: {
        ...selectedWork,
        // The schema has checked every slug against content/products.
        products: selectedWork.products
          .map((slug) => findProduct(slug))
          .filter((product) => product !== undefined)
          .map((product) => productCardData(product, serviceRef)),
      },
      testimonials: { ...testimonials, items: featuredTestimonials.map(testimonialItem) },
      services: { ...services, items: serviceSummaries() },
      latestPosts: { ...latestPosts, items: latestPostSummaries(3).map(toPostCardView) },
      nextEvent: nextEvent ? toEventTeaserView(nextEvent, now) : undefined,
      closing,
    },
    { headers: sharedCacheControl(now, nextEventChangeAt(now)) },
  );
}

// Rendered once for everyone until its content next changes (app/lib/route-handle.ts).
export const handle: ServerHandle = { pageCache: { query: {} } };
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta({ ...loaderData.meta, path: fixedPages.home.path }) : [];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const {
    hero,
    clients,
    services,
    engineering,
    selectedWork,
    testimonials,
    latestPosts,
    nextEvent,
    closing,
  } = loaderData;
  return (
    <>
      <HeroHome
        heading={hero}
        primaryAction={{ label: hero.primaryAction, href: paths.contact }}
        secondaryAction={{ label: hero.secondaryAction, href: paths.portfolio }}
        highlights={hero.highlights}
        proof={loaderData.heroProof}
      />
      <ClientStrip label={hero.clientsLabel} clients={clients} />
      <ServiceGrid
        id="services"
        heading={services}
        services={services.items}
        closingCard={<TalkToUsCard {...services.closingCard} />}
      />
      <StageBand id="digital-engineering" heading={engineering} stages={engineering.stages} />
      <ProductCards
        id="selected-work"
        heading={selectedWork}
        products={selectedWork.products}
        action={
          <Button asChild variant="secondary">
            <Link to={paths.portfolio}>
              {selectedWork.action}
              <Icon name="arrow-right" />
            </Link>
          </Button>
        }
      />
      <TestimonialList
        id="testimonials"
        heading={testimonials}
        testimonials={testimonials.items}
        tone="muted"
      />
      <PostGrid
        id="latest-posts"
        heading={latestPosts}
        posts={latestPosts.items}
        phoneLayout="list"
        action={<ArrowLink to={paths.blog}>{latestPosts.action}</ArrowLink>}
      />
      <NextEvent
        heading={{
          eyebrow: "Events",
          title: "Meet us at our next event",
          // With nothing scheduled, the lead points to the events page's archive.
          lead: nextEvent
            ? undefined
            : "We run round tables, workshops and meet-ups in London, Lisbon and online. See what we have presented and what is coming up.",
        }}
        event={nextEvent}
      />
      <CallToAction copy={closing} />
    </>
  );
}
