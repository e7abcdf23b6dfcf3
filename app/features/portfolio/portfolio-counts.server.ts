import { fillCopy } from "~/lib/content/page-copy";
import { productIndustries, products } from "~/features/portfolio/products.server";

/*
 * Counts of the content, for page copy that names them: "{Products} products,
 * {industries} industries" reads "Eight products, five industries" while
 * content/products has eight files in five industries, and "Nine products"
 * once a ninth is added (issue 40, item 3). A capital first letter asks for a
 * capital: {Products} is "Eight", {products} is "eight".
 */

const words = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** A count as running text writes it: in words up to twelve, in figures after. */
export function countInWords(count: number): string {
  return words[count] ?? String(count);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The placeholders a page's copy may use, each filled with its count in words. */
export function collectionCounts(): Record<string, string> {
  const counts = { products: products.length, industries: productIndustries().length };
  return Object.fromEntries(
    Object.entries(counts).flatMap(([name, count]) => [
      [name, countInWords(count)],
      [capitalised(name), capitalised(countInWords(count))],
    ]),
  );
}

/** A page's copy (read through `read`) with the counts filled in. */
export function withCollectionCounts<T>(read: () => T): () => T {
  return () => fillCopy(read(), collectionCounts());
}
