import { useState } from 'react';
import { compactInputClass, Field, TextAreaField } from '../../../../components/field';
import { rowActionClass } from '../../../../components/item-row';

type Pair = { key: number; question: string; answer: string };

/**
 * A post's optional questions and answers, shown under the article. Rows are read from the form in order
 * (`faqQuestion`, `faqAnswer`); the keys only keep each row's inputs with it when one above is removed.
 */
export function FaqFields({
  faq,
  errors,
}: {
  faq: readonly { question: string; answer: string }[];
  errors: Readonly<Record<string, string>>;
}) {
  const [pairs, setPairs] = useState<Pair[]>(() => faq.map((p, key) => ({ key, ...p })));
  const add = () =>
    setPairs((rows) => [...rows, { key: Math.max(-1, ...rows.map((r) => r.key)) + 1, question: '', answer: '' }]);
  const remove = (key: number) => setPairs((rows) => rows.filter((r) => r.key !== key));
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold">FAQ (optional)</legend>
      {pairs.length === 0 && <p className="text-sm text-slate-600">No questions.</p>}
      {pairs.map((pair, i) => (
        <div key={pair.key} className="grid gap-2 border-b border-slate-100 pb-3">
          <Field
            label={`Question ${i + 1} *`}
            id={`faq-question-${pair.key}`}
            name="faqQuestion"
            defaultValue={pair.question}
            error={errors[`faq.${i}.question`]}
            className={compactInputClass}
          />
          <TextAreaField
            label={`Answer ${i + 1} *`}
            name="faqAnswer"
            defaultValue={pair.answer}
            error={errors[`faq.${i}.answer`]}
          />
          <button type="button" onClick={() => remove(pair.key)} className={`${rowActionClass} justify-self-start`}>
            Remove question {i + 1}
          </button>
        </div>
      ))}
      {errors.faq && <p className="text-sm text-red-700">{errors.faq}</p>}
      <button type="button" onClick={add} className={`${rowActionClass} justify-self-start`}>
        Add question
      </button>
    </fieldset>
  );
}
