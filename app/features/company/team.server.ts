import { z } from "zod";
import {
  assertUniqueBy,
  loadYamlCollection,
  type RawFiles,
  type YamlEntry,
} from "~/lib/content/collection";
import { contentFiles } from "~/lib/content/content-files.server";
import { lineField } from "~/lib/content/fields";

/**
 * The leadership team (content/team/*.yaml), shown on About's #leadership
 * section in `order`. Blog posts name these people as their authors, and the
 * posts' loader checks them against this list.
 */
export const teamMemberSchema = z
  .object({
    name: lineField(60),
    role: lineField(60),
    /** Position on the About page, 1 first. */
    order: z.number().int().positive(),
    bio: lineField(360),
    linkedin: z
      .url({ protocol: /^https$/, hostname: /^(www\.)?linkedin\.com$/ })
      .refine((url) => new URL(url).pathname.startsWith("/in/"), {
        message: "must be a LinkedIn profile address (https://www.linkedin.com/in/...)",
      }),
  })
  .strict();

export type TeamMember = z.output<typeof teamMemberSchema>;

export function loadTeam(raw: RawFiles): YamlEntry<TeamMember>[] {
  const entries = loadYamlCollection(raw, teamMemberSchema);
  assertUniqueBy(entries, (member) => member.name, "name");
  assertUniqueBy(entries, (member) => String(member.order), "order");
  return entries.sort((a, b) => a.order - b.order);
}

export const team: readonly YamlEntry<TeamMember>[] = loadTeam(contentFiles("content/team"));
