import { problemIn, refuseFile } from "~/lib/content/collection";

/**
 * Someone the site names: a leader, an event speaker, a client quoted. The
 * same name at the same organisation is one person (a leader speaking at an
 * event); `entry` and `path` are where the name is written, for the message.
 */
export type NamedPerson = {
  name: string;
  organisation: string;
  entry: { sourcePath: string };
  path: readonly PropertyKey[];
};

const honorifics = new Set(["dr", "prof", "mr", "mrs", "ms"]);

/** The words of a person's name without titles: "Dr Ana Costa" reads as ["ana", "costa"]. */
export function nameParts(name: string): string[] {
  return name
    .toLowerCase()
    .replaceAll(".", "")
    .split(/\s+/)
    .filter((word) => word !== "" && !honorifics.has(word));
}

/**
 * Refuses (refuseFile) each person whose full name, titles aside, is an
 * earlier one's at another organisation: two people of one name read as one
 * person, or as invented. Shared first names or surnames are real life (two
 * Sofias, two Silvas) and allowed.
 */
export function assertDistinctPeople(people: readonly NamedPerson[]): void {
  const byFullName = new Map<string, NamedPerson>();
  for (const person of people) {
    const fullName = nameParts(person.name).join(" ");
    const first = byFullName.get(fullName);
    if (!first) {
      byFullName.set(fullName, person);
    } else if (first.organisation.toLowerCase() !== person.organisation.toLowerCase()) {
      refuseFile(
        problemIn(
          person.entry,
          person.path,
          `"${person.name}" of ${person.organisation} has the full name of ${first.name} of ${first.organisation} (${first.entry.sourcePath}); add a middle initial or check it is the same person`,
        ),
      );
    }
  }
}
