import { z } from "zod";
import { lineField } from "~/lib/content/fields";
import { loadContentFile } from "~/lib/content/content-files.server";

/**
 * The company's figures (content/figures.yaml): years in business, projects
 * delivered, client retention and team size. Home and About show the same
 * list, built by `figureStats`, so they cannot drift apart.
 */
const figure = z
  .object({ value: lineField(8), label: lineField(40), detail: lineField(120) })
  .strict();

export const figuresSchema = z
  .object({
    founded: z.number().int().min(1900).max(2100),
    // Worked out from `founded`, so the file has no value to go stale.
    yearsInBusiness: figure.omit({ value: true }),
    projectsDelivered: figure,
    clientRetention: figure,
    teamSize: figure,
  })
  .strict();

export type Figures = z.output<typeof figuresSchema>;

export type FigureStat = { id: string; value: string; label: string; detail: string };

export const figures: Figures = loadContentFile("content/figures.yaml", figuresSchema);

/** The four figures in the brief's order; years counted up to `today`. */
export function figureStats(source: Figures = figures, today: Date = new Date()): FigureStat[] {
  return [
    {
      id: "years-in-business",
      value: String(today.getFullYear() - source.founded),
      ...source.yearsInBusiness,
    },
    { id: "projects-delivered", ...source.projectsDelivered },
    { id: "client-retention", ...source.clientRetention },
    { id: "team-size", ...source.teamSize },
  ];
}
