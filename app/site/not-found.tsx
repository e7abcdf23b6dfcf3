import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { servicesMenu } from "~/config/navigation";
import { IconTile } from "~/components/ui/icon-tile";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { paths } from "~/config/paths";

/**
 * The not-found page (status 404): unknown paths, /services itself and unknown
 * service ids. It offers the ways on the brief asks for: services, home, contact.
 */
export function NotFound() {
  return (
    <section className="bg-white py-16 md:py-24">
      <Container>
        <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">Error 404</p>
        <h1 className="mt-3 max-w-2xl text-4xl font-semibold md:text-5xl">
          We couldn’t find that page
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">
          The address may be mistyped, or the page may have moved. Our services are listed below, or
          you can start again from the home page.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={paths.home}>Go to the home page</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to={paths.contact}>Contact us</Link>
          </Button>
        </div>

        <h2 className="mt-16 text-xl font-semibold">Our services</h2>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2 md:gap-4 lg:grid-cols-3">
          {servicesMenu.map((link) => (
            <li key={link.href}>
              <Link
                to={link.href}
                className="group flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 font-medium text-slate-800 transition-colors duration-150 hover:border-slate-300 hover:bg-slate-50"
              >
                {link.icon && <IconTile icon={link.icon} />}
                <span className="flex-1">{link.label}</span>
                <Icon
                  name="arrow-right"
                  className="size-4 text-slate-400 group-hover:text-accent"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
