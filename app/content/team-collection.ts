import { z } from "zod";
import { assertUniqueBy, loadYamlCollection, type RawFiles, type YamlEntry } from "./collection";
import { lineField } from "./fields";

/**
 * The leadership team's schema and rules (content/team/*.yaml), with no Vite
 * or Node specifics, like post-collection.ts: the app reads the files through
 * team.server.ts (Vite glob), and post-files.ts reads them from disk, because
 * blog posts name these people as their authors and both readers of the posts
 * check that.
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

export const teamDirectory = "content/team";

export function loadTeam(raw: RawFiles): YamlEntry<TeamMember>[] {
  const entries = loadYamlCollection(raw, teamMemberSchema);
  assertUniqueBy(entries, (member) => member.name, "name");
  assertUniqueBy(entries, (member) => String(member.order), "order");
  return entries.sort((a, b) => a.order - b.order);
}
