import type { APIRoute } from 'astro';

const PRIVATE = ['/my-details/', '/track-order/', '/help/', '/my-orders-history/', '/my-returns/', '/my-invoice/', '/quote-payment/', '/order-uploaded/', '/add-card/', '/upload-orders/', '/auth/'];

/** robots.txt: everything public is crawlable; the sitemap address follows the configured site. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://127.0.0.1:4321').href;
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemap}`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
