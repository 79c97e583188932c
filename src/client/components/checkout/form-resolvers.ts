/**
 * The checkout forms' resolvers: zodResolver with the shared schemas (src/shared/checkout-schemas),
 * loaded by lazyResolver when a form is first used, so zod is not part of the pages' first load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutForm } from '../../../shared/checkout-schemas';

export const checkoutResolver = zodResolver(checkoutForm);
