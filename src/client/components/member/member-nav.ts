/** The member area's top navigation (docs/product/back-office-and-member-area.md §2 "User layout"). */
export const MEMBER_NAV = [
  { to: '/user/dashboard', label: 'Dashboard' },
  { to: '/user/profile', label: 'Meu Perfil' },
  { to: '/user/subscription', label: 'Assinatura' },
  { to: '/user/payments', label: 'Pagamentos' },
  { to: '/user/referrals', label: 'Indicações' },
  { to: '/user/drive', label: 'Arquivos' },
] as const;
