import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { paths } from "~/config/paths";

/**
 * The view for an unhandled failure, headed with the spec's exact words
 * (section 8). It never shows error details: the server sends status 500 and
 * production builds strip the message and stack before they reach the page.
 */
export function ApplicationError() {
  return (
    <section className="bg-surface py-16 md:py-24">
      <Container>
        <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">Error 500</p>
        <h1 className="mt-3 text-h1 font-semibold">Unexpected Application Error!</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">
          Something went wrong on our side and this page could not be shown. Please try again in a
          moment, or start again from the home page.
        </p>
        <Button asChild className="mt-8">
          <Link to={paths.home}>Go to the home page</Link>
        </Button>
      </Container>
    </section>
  );
}
