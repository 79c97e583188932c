import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * Any path no route claims goes to the home page (docs/product/public-site-and-checkout.md §2), which is a document of its own
 * (the pre-rendered landing, ADR 006): loaded as such, without passing through the app's /.
 */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ href: '/', reloadDocument: true, replace: true });
  },
});
