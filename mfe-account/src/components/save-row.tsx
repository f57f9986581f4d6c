/** The foot of a three-column staff form: its problems, if any, then its save button. */
export function SaveRow({ error, label }: { error: string | null; label: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white sm:col-span-3 sm:justify-self-start"
      >
        {label}
      </button>
    </>
  );
}
