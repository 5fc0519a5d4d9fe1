import relay from '../../worker.js';

/** The relay as a Netlify function: the same handler, with the site's environment variables as its settings. */
export default (request) => relay.fetch(request, process.env);

/** Netlify serves the function at the two paths the studio's pop-up opens. */
export const config = { path: ['/auth', '/callback'] };
