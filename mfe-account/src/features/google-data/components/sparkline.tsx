/** A line of a figure over the days, drawn as it is (no chart library: the panel stays in its small chunk). */
export function Sparkline({ label, values }: { label: string; values: (number | null)[] }) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return null;
  const max = Math.max(...known);
  const min = Math.min(...known);
  const span = max - min || 1;
  const step = 100 / (values.length - 1);
  const points = values
    .map((v, i) => (v === null ? null : `${(i * step).toFixed(1)},${(28 - ((v - min) / span) * 26).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  return (
    <figure className="rounded-lg border border-slate-200 p-2">
      <figcaption className="text-xs text-slate-600">
        {label}: {min.toLocaleString('en-NZ')} to {max.toLocaleString('en-NZ')}
      </figcaption>
      <svg viewBox="0 0 100 30" preserveAspectRatio="none" className="h-10 w-full" role="img" aria-label={label}>
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" className="text-brand-600" />
      </svg>
    </figure>
  );
}
