/*
 * The content the pages are built from, through the site's own validated
 * loaders (they read content/ from disk outside Vite), so the browser tests
 * take their expectations from the same source, checked the same way.
 */
export { aboutPage as aboutCopy } from "~/features/company/about-page.server";
export { homePage as homeCopy } from "~/features/company/home-page.server";
export { team } from "~/features/company/team.server";
export { portfolioPage as portfolioCopy } from "~/features/portfolio/portfolio-page.server";
export { productIndustries, products } from "~/features/portfolio/products.server";
export { testimonials } from "~/features/portfolio/testimonials.server";
export { figures } from "~/features/company/figures.server";
export { serviceContents } from "~/features/services/services.server";
