import { useFieldArray } from 'react-hook-form';
import { errorAt, TextAreaField, TextField } from '@agency/contracts/ui';
import { rowActionClass } from '../../../../components/item-row';
import type { PostField, PostForm } from './post-form-types';

/** A post's optional questions and answers, shown under the article, in the order they stand here. */
export function FaqFields({ form: { control, formState }, field }: { form: PostForm; field: PostField }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'faq' });
  // A problem with the list as a whole (too many questions), rather than with one of them.
  const listProblem = errorAt(formState.errors, 'faq') ?? errorAt(formState.errors, 'faq.root');
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold">FAQ (optional)</legend>
      {fields.length === 0 && <p className="text-sm text-slate-600">No questions.</p>}
      {fields.map((pair, i) => (
        <div key={pair.id} className="grid gap-2 border-b border-slate-100 pb-3">
          <TextField label={`Question ${i + 1}`} required {...field(`faq.${i}.question`)} />
          <TextAreaField label={`Answer ${i + 1}`} required rows={3} {...field(`faq.${i}.answer`)} />
          <button type="button" onClick={() => remove(i)} className={`${rowActionClass} justify-self-start`}>
            Remove question {i + 1}
          </button>
        </div>
      ))}
      {listProblem && <p className="text-sm text-red-700">{listProblem}</p>}
      <button
        type="button"
        onClick={() => append({ question: '', answer: '' })}
        className={`${rowActionClass} justify-self-start`}
      >
        Add question
      </button>
    </fieldset>
  );
}
