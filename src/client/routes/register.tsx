import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../components/auth/RegisterPage';
import { redirectIfAuthenticated } from '../lib/guards';

/** Same page as /signup (docs/product/decisions.md §2). */
export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => redirectIfAuthenticated(context),
  component: RegisterPage,
});
