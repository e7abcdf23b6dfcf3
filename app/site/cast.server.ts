import { team } from "~/features/company/team.server";
import { events } from "~/features/events/events.server";
import { testimonials } from "~/features/portfolio/testimonials.server";
import { siteConfig } from "~/config/site";
import { assertDistinctPeople, type NamedPerson } from "~/lib/content/people";

/**
 * Everyone the site names: the leadership team, event speakers and the clients
 * quoted. Read with the page list, so dev, build and tests all fail on two
 * people of one full name (issue 16; first names and surnames may repeat, issue 29).
 */
export function siteCast(): NamedPerson[] {
  return [
    ...team.map((member) => ({
      name: member.name,
      organisation: siteConfig.name,
      entry: member,
      path: ["name"],
    })),
    ...events.flatMap((event) =>
      (event.speakers ?? []).map((speaker, index) => ({
        name: speaker.name,
        organisation: speaker.organisation,
        entry: event,
        path: ["speakers", index, "name"],
      })),
    ),
    ...testimonials.map((testimonial) => ({
      name: testimonial.name,
      organisation: testimonial.company,
      entry: testimonial,
      path: ["name"],
    })),
  ];
}

assertDistinctPeople(siteCast());
