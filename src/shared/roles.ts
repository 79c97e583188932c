export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Where each role lands after login or when it opens a public entry page (docs/product/decisions.md §2). */
export const HOME_BY_ROLE: Record<Role, '/admin/dashboard' | '/user/dashboard'> = {
  admin: '/admin/dashboard',
  user: '/user/dashboard',
};
