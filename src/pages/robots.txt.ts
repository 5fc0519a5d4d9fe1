import type { APIRoute } from 'astro';
import { privatePaths } from '../lib/account-routes';

// The account pages (from the route table), the social sign-in callbacks and the content studio.
const PRIVATE = [...privatePaths(), '/auth/', '/admin/'];

/** robots.txt: everything public is crawlable; the sitemap address follows the configured site. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://127.0.0.1:4321').href;
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemap}`, ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
