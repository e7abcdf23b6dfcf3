import { isRouteErrorResponse } from "react-router";
import { Container } from "~/components/ui/container";
import type { ContentReport } from "~/lib/content/collection";

/**
 * The report of a content file with a mistake, when `error` is the response a
 * loader throws for it while authoring (app/lib/content/content-files.server.ts,
 * `npm run dev` only: a production build stops on the mistake instead).
 */
export function contentReportOf(error: unknown): ContentReport | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 500) return undefined;
  const report = (error.data as { contentReport?: ContentReport } | null)?.contentReport;
  return report && typeof report.file === "string" ? report : undefined;
}

/**
 * What an author sees on a page whose content file has a mistake: the file,
 * then each problem with its line and field, in the site's own frame. The
 * other pages keep working meanwhile.
 */
export function ContentErrorReport({ report }: { report: ContentReport }) {
  const count = report.problems.length;
  return (
    <section className="bg-white py-16 md:py-24" aria-labelledby="content-error-heading">
      <Container>
        <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">
          Content error
        </p>
        <h1
          id="content-error-heading"
          className="mt-3 max-w-3xl text-4xl font-semibold md:text-5xl"
        >
          This page’s content file has {count === 1 ? "a mistake" : `${count} mistakes`}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-600">
          Correct the file below and save it, then reload this page. The rest of the site keeps
          working meanwhile; a production build stops until the file is fixed.
        </p>
        <div className="mt-10 max-w-3xl overflow-hidden rounded-lg border border-slate-200">
          <p className="border-b border-slate-200 bg-slate-50 px-5 py-3 text-sm text-slate-600">
            File{" "}
            <code className="font-mono text-base font-semibold break-all text-slate-900">
              {report.file}
            </code>
          </p>
          <ol className="divide-y divide-slate-200">
            {report.problems.map((problem, index) => (
              <li key={index} className="grid gap-1 px-5 py-4 sm:grid-cols-[7rem_1fr] sm:gap-4">
                {/* A missing top-level field has no line of its own. */}
                <p className="text-sm font-semibold text-slate-500">
                  {problem.line ? `Line ${problem.line}` : problem.field ? "" : "The file"}
                </p>
                <div>
                  {problem.field ? (
                    <p className="font-mono text-sm font-semibold break-words text-slate-900">
                      {problem.field}
                    </p>
                  ) : null}
                  <p className="mt-1 leading-relaxed text-slate-700">{problem.message}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <p className="mt-6 max-w-2xl text-sm text-slate-500">
          <code className="font-mono">npm run check:content</code> lists the mistakes of every
          content file at once.
        </p>
      </Container>
    </section>
  );
}
