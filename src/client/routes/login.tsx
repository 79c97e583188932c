import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../components/auth/LoginPage';
import { redirectIfAuthenticated } from '../lib/guards';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfAuthenticated(context),
  component: LoginPage,
});
