import { Alert } from '../ui/Alert';

/** Every failing message of a form at once (docs/product/public-site-and-checkout.md §5: "collected and shown as a list"). */
export function ErrorList({
  errors,
  title = 'Corrija os campos abaixo:',
}: {
  errors: readonly string[];
  title?: string;
}) {
  if (errors.length === 0) return null;
  if (errors.length === 1) return <Alert>{errors[0]}</Alert>;
  return (
    <Alert>
      <p className="co-errors__title">{title}</p>
      <ul className="co-errors">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}
