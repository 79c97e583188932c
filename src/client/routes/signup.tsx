import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../components/auth/RegisterPage';
import { redirectIfAuthenticated } from '../lib/guards';

/** Same page as /register (docs/product/decisions.md §2). */
export const Route = createFileRoute('/signup')({
  beforeLoad: ({ context }) => redirectIfAuthenticated(context),
  component: RegisterPage,
});
