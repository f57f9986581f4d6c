import type { ReactNode } from 'react';

/** The look of a row's action (a link or a button beside Delete). */
export const rowActionClass = 'rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50';

/** One named item of a dashboard list: its name, a detail line, and its actions. */
export function ItemRow({ name, detail, children }: { name: string; detail: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <span>
        <span className="font-medium">{name}</span>
        <span className="ml-2 text-sm text-slate-500">{detail}</span>
      </span>
      <span className="flex gap-2">{children}</span>
    </li>
  );
}
