import type { AccountRoute } from './stores/router';

/** What an account page says of itself: its heading and one sentence under it (also its meta description). */
export interface AccountPage {
  title: string;
  lede: string;
  /** The page's heading when it says more than its title. */
  heading?: string;
}

/**
 * Each account page's heading and lede. The static shell paints them at once and the screen keeps them in place,
 * so the first paint already shows the page's largest text and nothing moves when the island takes over.
 */
export const ACCOUNT_PAGES: Record<AccountRoute, AccountPage> = {
  uploadOrders: {
    title: 'Order Form',
    lede: 'Upload your order: choose a shop, add each product with its link and a screenshot, pick a delivery address and place the order.',
  },
  orderUploaded: {
    title: 'Order Placed',
    heading: 'Your order has been placed.',
    lede: 'Your inclusive quote (item cost, shipping, import duties and the facilitation fee) will arrive by e-mail within 24 hours. The quote is valid for 48 hours.',
  },
  myDetails: { title: 'My Details', lede: 'Your personal details, delivery addresses and saved cards.' },
  addCard: {
    title: 'Add Credit Card',
    lede: 'Name the card you pay quotes with; PayFast then asks for the card details on its own secure page and brings you back here.',
  },
  trackOrder: { title: 'Track Order', lede: 'Follow an order through its seven steps, from placed to delivered.' },
  orderHistory: { title: 'My Orders', lede: 'Your pending orders and order history, with quotes and invoices.' },
  returns: { title: 'Returns', lede: 'Schedule a return of a delivered order and follow your returns.' },
  invoice: { title: 'Invoice', lede: 'The invoice of one of your orders: products, prices, cost summary and address.' },
  quotePayment: { title: 'Quote and Payment', lede: 'The quote of your order: cost summary, shipping address, products and payment by saved card.' },
  help: { title: 'Help', lede: 'Answers to common questions about quotes, payments, delivery times and returns.' },
};
