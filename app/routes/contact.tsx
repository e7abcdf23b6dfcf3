import { Mail, MapPin, Phone } from "lucide-react";
import type { Route } from "./+types/contact";
import { PageHero } from "../components/sections/page-hero";
import { Container } from "../components/ui/container";
import { siteConfig } from "../config/site";
import { getMeta } from "../lib/meta";
import { fixedPageMeta } from "../content/page-meta.server";

export function loader() {
  return { meta: fixedPageMeta.contact };
}

export const meta: Route.MetaFunction = ({ loaderData }) => getMeta(loaderData.meta);

export default function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Tell us what you need to build"
        lead="Write to us with a few lines about your product, your timeline and your budget. A senior engineer replies within one business day."
      />
      <section className="bg-white py-16 md:py-24" aria-labelledby="contact-details-heading">
        <Container>
          <h2 id="contact-details-heading" className="text-3xl font-semibold md:text-4xl">
            Ways to reach us
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            <li className="rounded-2xl border border-slate-200 p-6">
              <Mail aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-4 text-lg font-semibold">E-mail</h3>
              <a
                href={`mailto:${siteConfig.email}`}
                className="mt-1 inline-block font-medium text-accent-600 underline underline-offset-4"
              >
                {siteConfig.email}
              </a>
            </li>
            <li className="rounded-2xl border border-slate-200 p-6">
              <Phone aria-hidden="true" className="size-6 text-accent" />
              <h3 className="mt-4 text-lg font-semibold">Phone</h3>
              <a
                href={siteConfig.phone.href}
                className="mt-1 inline-block font-medium text-accent-600 underline underline-offset-4"
              >
                {siteConfig.phone.display}
              </a>
            </li>
            {siteConfig.offices.map((office) => (
              <li key={office.city} className="rounded-2xl border border-slate-200 p-6">
                <MapPin aria-hidden="true" className="size-6 text-accent" />
                <h3 className="mt-4 text-lg font-semibold">{office.city} office</h3>
                <address className="mt-1 leading-relaxed text-slate-600 not-italic">
                  {office.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
