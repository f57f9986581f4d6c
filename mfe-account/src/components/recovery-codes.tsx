import { useHost } from '@agency/contracts/client';
import { saveFile } from '../lib/save-file';

const FILE_NAME = 'recovery-codes.txt';

/**
 * The codes as a file or a printout says them: which site and account they are for, then one per line. The site is
 * named by its address (the content modules that hold the agency's name would load the dashboard's code with the
 * sign-in page: the account remote's budget).
 */
export function recoveryCodesText(codes: string[], username?: string): string {
  return [
    `Recovery codes for ${window.location.host}${username ? `, account ${username}` : ''}`,
    'Each code signs you in once without your phone or passkey. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** A window holding only the codes, printed: the page behind it (the dashboard) is not what goes on paper. */
function printCodes(text: string) {
  const sheet = window.open('', '_blank', 'width=480,height=640');
  if (!sheet) return false;
  const pre = sheet.document.createElement('pre');
  pre.textContent = text;
  pre.style.font = '14px/1.6 monospace';
  sheet.document.title = 'Recovery codes';
  sheet.document.body.append(pre);
  sheet.focus();
  sheet.print();
  return true;
}

const action =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/** Recovery codes, shown once (the gateway keeps only their hashes): the person is asked to keep them somewhere safe. */
export function RecoveryCodes({ codes, username }: { codes: string[]; username?: string }) {
  const { toast } = useHost();
  const text = recoveryCodesText(codes, username);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied', description: 'Paste them into your password manager.' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Your browser did not allow it: download or print them instead.',
      });
    }
  };
  const print = () => {
    if (!printCodes(text))
      toast({ variant: 'destructive', title: 'Could not print', description: 'Allow pop-ups, or download them.' });
  };
  return (
    <section aria-labelledby="recovery-heading" className="space-y-3">
      <h2 id="recovery-heading" className="text-lg font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm text-slate-600">
        Each code signs you in once without your phone or passkey. Keep them somewhere safe, such as a password manager:
        they are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={action} onClick={() => void copy()}>
          Copy codes
        </button>
        <button
          type="button"
          className={action}
          onClick={() => saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), FILE_NAME)}
        >
          Download codes
        </button>
        <button type="button" className={action} onClick={print}>
          Print codes
        </button>
      </div>
    </section>
  );
}
