/**
 * A select's options, one per value, each shown by its label (by the value itself when the list
 * has no labels: sizes, states). The "all" or "none" option a filter puts first stays beside it.
 */
export function Options<T extends string>({
  values,
  labels,
}: {
  values: readonly T[];
  labels?: Readonly<Record<T, string>>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels ? labels[value] : value}
    </option>
  ));
}
