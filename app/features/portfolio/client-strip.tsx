import { Link } from "react-router";
import { clientWordmarkPath, clientWordmarkSize, nameSlug } from "~/config/art";
import { Container } from "~/components/ui/container";

export type ClientLogo = {
  /** The company's name: its wordmark's file is named after it (app/config/art.ts). */
  name: string;
  /** The case study of the work done for this client. */
  href: string;
};

/**
 * The clients' wordmarks in a row under the home hero, each linking to the
 * case study of its work. The marks are images whose alt text is the
 * company's name, so assistive technology reads the list of names.
 */
export function ClientStrip({ label, clients }: { label: string; clients: readonly ClientLogo[] }) {
  return (
    <section aria-labelledby="clients-heading" className="border-b border-line bg-surface">
      <Container className="py-7 md:py-10">
        <h2
          id="clients-heading"
          className="text-center text-xs font-semibold tracking-[0.14em] text-muted uppercase sm:text-sm"
        >
          {label}
        </h2>
        {/* Every mark in view on a phone too: two columns, four to a row from
            sm, one row of eight on wide screens (issue 30: a sideways row
            showed two of eight). */}
        <ul className="mt-5 grid grid-cols-2 items-center gap-x-6 gap-y-3 sm:mt-6 sm:grid-cols-4 sm:gap-y-4 lg:grid-cols-8 lg:gap-x-4">
          {clients.map((client) => (
            <li key={client.name} className="flex justify-center">
              <Link
                to={client.href}
                // As wide as the mark may be before the image loads: a link
                // sized by its image has no width until then, and the row
                // grew under the hero when the marks arrived.
                className="block w-full max-w-40 rounded-md opacity-80 transition-opacity duration-150 hover:opacity-100"
              >
                <img
                  src={clientWordmarkPath(nameSlug(client.name))}
                  alt={client.name}
                  loading="lazy"
                  width={clientWordmarkSize.width}
                  height={clientWordmarkSize.height}
                  className="h-auto w-full dark:invert"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
