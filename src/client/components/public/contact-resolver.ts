/**
 * The contact form's resolver (zodResolver with the server's schema), loaded by lazyResolver on the
 * form's first focus or submit: zod is not part of the page's first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { contactInput } from '../../../shared/contact';

export const contactResolver = zodResolver(contactInput);
