import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import type { AboutPage } from "~/features/company/about-page.server";
import type { HomePage } from "~/features/company/home-page.server";
import type { PortfolioPage } from "~/features/portfolio/portfolio-page.server";
import type { Product } from "~/features/portfolio/products.server";
import type { TeamMember } from "~/features/company/team.server";
import type { Testimonial } from "~/features/portfolio/testimonials.server";

/*
 * The content files the pages are built from, read straight from content/ so
 * the browser tests take their expectations from the same source as the site
 * (the zod loaders rely on Vite's import.meta.glob, which Playwright lacks).
 * The build has validated these files already.
 */

function readYaml<T>(file: string): T {
  return parse(readFileSync(path.resolve(file), "utf8")) as T;
}

function readYamlDirectory<T>(directory: string): T[] {
  return readdirSync(path.resolve(directory))
    .filter((name) => name.endsWith(".yaml"))
    .sort()
    .map((name) => readYaml<T>(path.join(directory, name)));
}

export const homeCopy = readYaml<HomePage>("content/pages/home.yaml");
export const aboutCopy = readYaml<AboutPage>("content/pages/about.yaml");
export const portfolioCopy = readYaml<PortfolioPage>("content/pages/portfolio.yaml");
export const products = readYamlDirectory<Product>("content/products");
export const team = readYamlDirectory<TeamMember>("content/team").sort((a, b) => a.order - b.order);
export const testimonials = readYamlDirectory<Testimonial>("content/testimonials").sort(
  (a, b) => a.order - b.order,
);
