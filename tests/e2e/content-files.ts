/*
 * The content the pages are built from, through the site's own validated
 * loaders (they read content/ from disk outside Vite), so the browser tests
 * take their expectations from the same source, checked the same way.
 */
import { aboutPage } from "~/features/company/about-page.server";
import { figures as figuresFile } from "~/features/company/figures.server";
import { homePage } from "~/features/company/home-page.server";
import { portfolioPage } from "~/features/portfolio/portfolio-page.server";

export const aboutCopy = aboutPage();
export const homeCopy = homePage();
export const portfolioCopy = portfolioPage();
export const figures = figuresFile();
export { team } from "~/features/company/team.server";
export { productIndustries, products } from "~/features/portfolio/products.server";
export { testimonials } from "~/features/portfolio/testimonials.server";
export { serviceContents } from "~/features/services/services.server";
