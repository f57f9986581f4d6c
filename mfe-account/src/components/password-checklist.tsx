import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { PASSWORD_RULES } from '@agency/contracts';

export function PasswordChecklist({ password }: { password: string }) {
  if (!password) return null;
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm" aria-live="polite">
      <p className="font-medium">Password must meet all requirements:</p>
      <ul className="mt-1 space-y-1">
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(password);
          return (
            <li key={rule.id} className={`flex items-center gap-1.5 ${ok ? 'text-green-700' : 'text-red-700'}`}>
              {ok ? (
                <Check aria-hidden="true" className="h-4 w-4 shrink-0" strokeWidth={2.5} />
              ) : (
                <X aria-hidden="true" className="h-4 w-4 shrink-0" strokeWidth={2.5} />
              )}
              {rule.label}
              <span className="sr-only">{ok ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const passwordMeetsRules = (password: string) => PASSWORD_RULES.every((rule) => rule.test(password));
