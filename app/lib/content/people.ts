import { ContentError } from "~/lib/content/collection";

/**
 * Someone the site names: a leader, an event speaker, a client quoted. The
 * same name at the same organisation is one person (a leader speaking at an
 * event); `source` is where they are written, for the error message.
 */
export type NamedPerson = { name: string; organisation: string; source: string };

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
 * Fails when two different people share a full name, a first name or a
 * surname, or first names that differ only by c/k (Marcus, Markus). The site's
 * cast is small; a repeated name reads as invented.
 */
export function assertDistinctPeople(people: readonly NamedPerson[]): void {
  const byIdentity = new Map<string, NamedPerson>();
  for (const person of people) {
    const identity = `${nameParts(person.name).join(" ")} @ ${person.organisation.toLowerCase()}`;
    if (!byIdentity.has(identity)) byIdentity.set(identity, person);
  }
  const seen = new Map<string, NamedPerson>();
  const problems: string[] = [];
  for (const person of byIdentity.values()) {
    const parts = nameParts(person.name);
    const first = parts[0] ?? "";
    const keys = new Set([
      `full name "${parts.join(" ")}"`,
      `first name "${first.replaceAll("k", "c")}"`,
      `surname "${parts.at(-1) ?? ""}"`,
    ]);
    for (const key of keys) {
      const other = seen.get(key);
      if (other) {
        problems.push(
          `${person.name}, ${person.organisation} (${person.source}) repeats the ${key} of ${other.name}, ${other.organisation} (${other.source})`,
        );
      } else {
        seen.set(key, person);
      }
    }
  }
  if (problems.length > 0) {
    throw new ContentError(
      `Every person must have a name of their own:\n  ${problems.join("\n  ")}`,
    );
  }
}
