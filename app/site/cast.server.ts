import { team } from "~/features/company/team.server";
import { events } from "~/features/events/events.server";
import { testimonials } from "~/features/portfolio/testimonials.server";
import { siteConfig } from "~/config/site";
import { assertDistinctPeople, type NamedPerson } from "~/lib/content/people";

/**
 * Everyone the site names: the leadership team, event speakers and the clients
 * quoted. Read with the page list, so dev, build and tests all fail on a
 * repeated name (issue 16).
 */
export function siteCast(): NamedPerson[] {
  return [
    ...team.map((member) => ({
      name: member.name,
      organisation: siteConfig.name,
      source: member.sourcePath,
    })),
    ...events.flatMap((event) =>
      (event.speakers ?? []).map((speaker) => ({
        name: speaker.name,
        organisation: speaker.organisation,
        source: event.sourcePath,
      })),
    ),
    ...testimonials.map((testimonial) => ({
      name: testimonial.name,
      organisation: testimonial.company,
      source: testimonial.sourcePath,
    })),
  ];
}

assertDistinctPeople(siteCast());
