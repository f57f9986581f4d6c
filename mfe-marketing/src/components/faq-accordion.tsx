import * as Accordion from '@radix-ui/react-accordion';
import type { QuestionAnswer } from '@agency/contracts';

/** Questions that open and close independently; several may be open at once (spec: FAQ, e-commerce article). */
export function FaqAccordion({ entries, idPrefix }: { entries: readonly QuestionAnswer[]; idPrefix: string }) {
  return (
    <Accordion.Root type="multiple" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {entries.map((entry, i) => (
        <Accordion.Item key={entry.question} value={`${idPrefix}-${i}`}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
                {entry.question}
                <span
                  aria-hidden="true"
                  className="text-xl text-brand-600 transition-transform group-data-[state=open]:rotate-45"
                >
                  +
                </span>
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-slate-700">{entry.answer}</Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
