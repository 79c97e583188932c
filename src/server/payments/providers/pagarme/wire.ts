/** Pagar.me v5's wire shapes: only the parts we read. */
export interface PagarmeTransaction {
  id?: string;
  status?: string;
  acquirer_message?: string;
  qr_code?: string;
  expires_at?: string;
  card?: {
    /** The card kept on the order's customer (chargeable again by `card_id`). */
    id?: string;
    brand?: string;
    last_four_digits?: string;
    exp_month?: number;
    exp_year?: number;
  };
  gateway_response?: { errors?: { message?: string }[] };
}

export interface PagarmeCharge {
  id: string;
  code?: string;
  metadata?: Record<string, unknown> | null;
  amount?: number;
  paid_amount?: number;
  /** What was given back so far (a refund, full or partial). */
  canceled_amount?: number;
  status?: string;
  payment_method?: string;
  paid_at?: string;
  last_transaction?: PagarmeTransaction;
  /** The customer charged (its `id` names where a paid card is kept). */
  customer?: { id?: string };
  order?: { id?: string; code?: string; status?: string; metadata?: Record<string, unknown> | null };
}

export interface PagarmeOrder {
  id: string;
  code?: string;
  amount?: number;
  status?: string;
  charges?: PagarmeCharge[];
  metadata?: Record<string, unknown> | null;
  customer?: { id?: string };
  /** Seen on orders born from a checkout/link in some integrations; not in the v5 reference. */
  payment_link_id?: string;
  checkouts?: { id?: string; payment_link_id?: string; code?: string }[];
}

export interface PagarmeLink {
  id: string;
  url: string;
  status?: string;
  total_paid_sessions?: number;
}

/** A webhook as it arrives: only its id, type and the id of what to re-fetch are read. */
export interface PagarmeWebhook {
  id?: string;
  type?: string;
  data?: { id?: string };
}
