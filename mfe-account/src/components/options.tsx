/** A select's options: each value, shown by its label when `labels` has one. */
export function Options({
  values,
  labels = {},
}: {
  values: readonly string[];
  labels?: Readonly<Record<string, string>>;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value] ?? value}
        </option>
      ))}
    </>
  );
}
