import type { ServiceSummary } from "~/features/services/service-view";
import { servicePath, paths } from "~/config/paths";
import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { findService } from "~/config/services";
import { cn } from "~/lib/cn";
import { IconTile } from "~/components/ui/icon-tile";
import {
  SectionBand,
  SectionHeading,
  type SectionHeadingCopy,
  type SectionTone,
} from "~/components/sections/section";
import type { SectionProps } from "~/components/sections/types";

type ServiceGridProps = SectionProps & {
  services: readonly ServiceSummary[];
  heading: SectionHeadingCopy;
  tone?: SectionTone;
  /** A link beside the heading, e.g. to a full list. */
  actions?: ReactNode;
  /** A last card after the services (see ServiceCardList). */
  closingCard?: ReactNode;
};

/**
 * The services as a grid of cards (icon, name, summary), each linking to its
 * page. Home shows all eleven; a service page shows its related ones.
 */
export function ServiceGrid({
  id = "services",
  className,
  services,
  heading,
  tone = "white",
  actions,
  closingCard,
}: ServiceGridProps) {
  const headingId = `${id}-heading`;
  return (
    <SectionBand id={id} className={className} tone={tone} labelledBy={headingId}>
      <SectionHeading id={headingId} heading={heading} actions={actions} />
      <ServiceCardList services={services} closingCard={closingCard} className="mt-8 md:mt-12" />
    </SectionBand>
  );
}

/** The cards alone, for a section that brings its own heading. */
export function ServiceCardList({
  services,
  className,
  closingCard,
  summaryOnPhones = false,
}: {
  services: readonly ServiceSummary[];
  className?: string;
  /** A last card after the services, e.g. an invitation to talk; it fills the grid's last cell. */
  closingCard?: ReactNode;
  /** Shows each summary on phones too, one card a row, where the list is the page's subject. */
  summaryOnPhones?: boolean;
}) {
  return (
    <ul
      className={cn(
        "grid gap-2.5 sm:grid-cols-2 sm:gap-4 md:gap-6",
        summaryOnPhones ? "grid-cols-1" : "grid-cols-2",
        // Three columns from a tablet's 768 px for a long list (two made home's
        // eleven a 2,000 px band there); a short one waits for lg.
        services.length > 4 ? "md:grid-cols-3" : services.length % 3 === 0 ? "lg:grid-cols-3" : "",
        className,
      )}
    >
      {services.map((service) => (
        <li key={service.id} className="flex">
          <ServiceCard service={service} summaryOnPhones={summaryOnPhones} />
        </li>
      ))}
      {closingCard && (
        <li className={cn("flex", !summaryOnPhones && "col-span-2 sm:col-span-1")}>
          {closingCard}
        </li>
      )}
    </ul>
  );
}

/**
 * One service. The name is the link; its hit area stretches over the whole
 * card, so the card is one tab stop with a short accessible name.
 */
export function ServiceCard({
  service,
  summaryOnPhones = false,
}: {
  service: ServiceSummary;
  summaryOnPhones?: boolean;
}) {
  const href = servicePath(service.id);
  return (
    <article className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 transition-[box-shadow,border-color] duration-200 hover:border-slate-300 hover:shadow-lg hover:shadow-slate-900/5 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-cyan max-sm:rounded-xl max-sm:px-3 max-sm:py-2.5 md:p-5 lg:p-7">
      {/* Phones: a compact tile (icon beside name); the summary is shown from
          sm up and read out on phones too. */}
      {/* Below 360 px a half-width tile cannot hold "Cybersecurity" beside its
          icon: the icon goes above the name there. */}
      <div className="flex items-center gap-2.5 max-[359px]:flex-col max-[359px]:items-start max-[359px]:gap-2 sm:gap-4">
        <IconTile icon={findService(service.id)?.icon ?? "compass"} size="responsive" />
        <h3 className="min-w-0 text-sm leading-snug font-semibold wrap-break-word sm:text-lg md:text-base lg:text-lg">
          <Link
            to={href}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
          >
            {service.name}
          </Link>
        </h3>
      </div>
      <p
        className={cn(
          "mt-4 flex-1 text-[15px] leading-relaxed text-slate-600",
          summaryOnPhones ? "max-sm:mt-2" : "max-sm:sr-only",
        )}
      >
        {service.summary}
      </p>
      <span
        aria-hidden="true"
        className="mt-5 hidden items-center gap-1.5 text-sm font-semibold text-accent sm:max-md:inline-flex lg:inline-flex"
      >
        Explore the service
        <Icon
          name="arrow-right"
          className="size-4 transition-transform duration-200 group-hover:translate-x-0.5"
        />
      </span>
    </article>
  );
}

/**
 * The card that closes the services grid: for a visitor who does not yet know
 * which service they need. Ink, so it reads as an invitation, not a service.
 */
export function TalkToUsCard({
  title,
  body,
  action,
  href = paths.contact,
}: {
  title: string;
  body: string;
  action: string;
  href?: string;
}) {
  return (
    <article className="group relative flex w-full flex-col rounded-2xl bg-ink p-5 text-slate-300 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-3 has-[a:focus-visible]:outline-cyan sm:p-6 md:p-7">
      <h3 className="text-lg leading-snug font-semibold text-white">
        <Link
          to={href}
          className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
        >
          {title}
        </Link>
      </h3>
      <p className="mt-3 flex-1 text-[15px] leading-relaxed sm:mt-4">{body}</p>
      <span
        aria-hidden="true"
        className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-cyan-300 sm:mt-5"
      >
        {action}
        <Icon
          name="arrow-right"
          className="size-4 transition-transform duration-200 group-hover:translate-x-0.5"
        />
      </span>
    </article>
  );
}
