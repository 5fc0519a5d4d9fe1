// The database's rows as stored, one interface a table. This module imports nothing of the sandbox, so every module
// may name a row without tying itself to the serialisers or the context.

/** A signed-in user as stored (what the bearer middleware puts in the context). */
export interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  notification_method: string;
  birth_date: string | null;
  password_hash: string;
  failed_attempts: number;
  locked_at: string | null;
  archived_at: string | null;
  created_at: string;
}

/** An order row as stored. */
export interface OrderRow {
  id: number;
  user_id: number;
  portal_id: number;
  address_id: number | null;
  order_type: 'normal' | 'return';
  status: string;
  created_at: string;
  delivery_date: string | null;
  pickup: string | null;
  shipping: string | null;
  service_fee_cents: number | null;
  quoted_at: string | null;
  parent_order_id: number | null;
  return_product_id: number | null;
  return_quantity: number | null;
  return_reason: string | null;
  return_photo: string | null;
  /** How the latest payment on the provider's page ended: pending, paid, cancelled or failed; null before any. */
  payment_status: string | null;
  /** Insurance offered: the premium's share of the insured value in basis points and its minimum; null when none is offered. */
  insurance_rate_bp: number | null;
  insurance_minimum_cents: number | null;
  insurance_covers: string | null;
  /** What the shopper chose with the latest payment (null before one, or for an order without shipping speeds, insurance or a declaration). */
  checkout_shipping_option: string | null;
  checkout_shipping_cents: number | null;
  checkout_insurance_cents: number | null;
  checkout_declaration_confirmed_at: string | null;
  checkout_sub_total_cents: number | null;
  /** The payment attempt that paid the order, the amount it took (VAT included, in cents) and when; null until paid. */
  paid_attempt_id: number | null;
  paid_amount_cents: number | null;
  paid_at: string | null;
  /** The courier carrying the order, its waybill and its tracking page as the courier gave it (issue 55); null until set. */
  courier_name: string | null;
  courier_waybill: string | null;
  courier_tracking_url: string | null;
  /** Store credit the latest payment holds or the paid one spent, in cents (issue 56); null when none was used. */
  checkout_credit_cents: number | null;
  /** 'pickup' for an order collected at a pickup point (issue 57), its point's code and its combined shipment; null for today's orders. */
  delivery_method: 'pickup' | null;
  pickup_point_code: string | null;
  /** The weight the operator set, in grams; null until set (a 'weighed' event may still say it). */
  weight_grams: number | null;
  shipment_id: number | null;
}

/** A product row as stored. */
export interface ProductRow {
  id: number;
  order_id: number;
  name: string;
  description: string;
  quantity: number;
  comment: string;
  cost_cents: number | null;
  customs_cents: number | null;
  delivery_cents: number | null;
  screenshot: string | null;
  deleted_at: string | null;
  /** buy_alternative, cancel_item or ask_me; null when the shopper gave no rule. */
  if_unavailable: string | null;
  alternative: string | null;
  /** The customs declaration; all null when the service declared nothing. */
  declared_description: string | null;
  declared_value_cents: number | null;
  country_of_origin: string | null;
}

/** An address row as stored. */
export interface AddressRow {
  id: number;
  user_id: number;
  name: string;
  address: string;
  city: string;
  province: string;
  postal_code: string;
  deleted_at: string | null;
}

/** A card row as stored. */
export interface CardRow {
  id: number;
  user_id: number;
  token: string;
  card_name: string;
  is_preferred: number;
  is_valid: number;
}
