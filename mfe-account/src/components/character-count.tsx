import { characterCount } from '@agency/contracts';

const figure = (n: number) => n.toLocaleString('en-NZ');

/**
 * "12,345 of 200,000 characters" under a long text, counted as the server counts (an emoji is one character), so
 * the writer sees the limit before a save is refused. Past it, the count turns red and a status message (said once,
 * not at every key) tells a screen reader.
 */
export function CharacterCount({ value, max, field }: { value: string; max: number; field: string }) {
  const count = characterCount(value);
  const over = count - max;
  return (
    <span className={`mt-1 block text-xs ${over > 0 ? 'font-semibold text-red-700' : 'text-slate-500'}`}>
      {figure(count)} of {figure(max)} characters
      {over > 0 && `: ${figure(over)} too many`}
      <span role="status" className="sr-only">
        {over > 0 ? `The ${field} is longer than ${figure(max)} characters: shorten it before saving.` : ''}
      </span>
    </span>
  );
}
