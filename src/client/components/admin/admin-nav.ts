/** The admin side navigation (docs/product/back-office-and-member-area.md §2 + docs/product/decisions.md §4: Indicações, Mensagens, Configurações). */
export const ADMIN_NAV = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/subscribers', label: 'Assinantes' },
  { to: '/admin/payments', label: 'Pagamentos' },
  // The owner's month in money (docs/decisions/054-month-close.md).
  { to: '/admin/month-close', label: 'Fechamento do mês' },
  { to: '/admin/whatsapp', label: 'WhatsApp' },
  { to: '/admin/drive', label: 'Drive' },
  { to: '/admin/referrals', label: 'Indicações' },
  { to: '/admin/outbox', label: 'Mensagens' },
  { to: '/admin/settings', label: 'Configurações' },
  // LGPD requests and the activity log (ADR 029).
  { to: '/admin/lgpd', label: 'LGPD' },
  // The owner's account (ADR 028): two-factor sign-in.
  { to: '/admin/security', label: 'Segurança' },
] as const;
