/**
 * The list of a long text's sections beside it, from the large breakpoint up:
 * a blog post's and the privacy notice's. `id` names its heading.
 */
export function OnThisPage({
  id,
  sections,
  className,
}: {
  id: string;
  sections: readonly { id: string; text: string }[];
  className?: string;
}) {
  return (
    <nav aria-labelledby={id} className={className ?? "hidden lg:block"}>
      <h2 id={id} className="text-sm font-semibold tracking-[0.14em] text-muted uppercase">
        On this page
      </h2>
      <ol className="mt-4 space-y-1 border-l border-line">
        {sections.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="-ml-px block border-l border-transparent py-1.5 pl-4 text-sm leading-snug text-muted hover:border-accent hover:text-ink"
            >
              {item.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
