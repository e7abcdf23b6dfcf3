import { StepNumber } from "~/components/ui/step-number";

/** One step of what follows a form's post. */
export type NextStep = { title: string; body: string };

/**
 * "What happens next" beside a form: numbered steps joined by a line. The
 * contact page and the event pages' registration show it.
 */
export function NextSteps({
  title,
  steps,
  className,
}: {
  title: string;
  steps: readonly NextStep[];
  className?: string;
}) {
  return (
    <div className={className}>
      <h2 className="text-title font-semibold">{title}</h2>
      <ol className="mt-8 space-y-0">
        {steps.map((step, index) => (
          <li key={step.title} className="relative flex gap-5 pb-8 last:pb-0">
            {index < steps.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-10 bottom-1 left-[1.125rem] w-px bg-line-strong"
              />
            )}
            <StepNumber number={index + 1} />
            <div className="pt-1">
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="mt-1.5 leading-relaxed text-muted">{step.body}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
