/** Recovery codes, shown once (the gateway keeps only their hashes): the person is asked to keep them somewhere safe. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
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
    </section>
  );
}
