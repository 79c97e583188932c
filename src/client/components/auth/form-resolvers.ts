/**
 * The sign-in and registration forms' resolvers (zodResolver with their schemas), loaded by
 * lazyResolver on a form's first focus or submit: zod is not part of the pages' first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { loginInput } from '../../../shared/auth-schemas';
import { registerForm } from './form-schemas';

export const loginResolver = zodResolver(loginInput);
export const registerResolver = zodResolver(registerForm);
