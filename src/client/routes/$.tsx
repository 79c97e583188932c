import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any path no route claims goes to the home page (spec 01 §2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
