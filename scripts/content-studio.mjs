import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { studioConfig } from '../src/content-studio.ts';

/** The studio's address on the site. */
export const STUDIO_PATH = '/admin/';

/**
 * What the studio's bundle fetches whatever its configuration says: its version check (at start, then hourly) and
 * the fonts its stylesheet names on a CDN (it also carries them and uses its own copies, but the browser asks anyway).
 */
export const STUDIO_FETCHES = {
  connect: 'https://unpkg.com/@sveltia/cms/package.json',
  font: 'https://cdn.jsdelivr.net/fontsource/fonts/',
};

// Each backend's API (or api_root), the status file the studio reads before sign-in, and the avatars it shows after.
const BACKEND_HOSTS = {
  github: {
    api: 'https://api.github.com',
    status: 'https://www.githubstatus.com/api/v2/status.json',
    images: ['https://avatars.githubusercontent.com'],
  },
  gitlab: {
    api: 'https://gitlab.com',
    status: 'https://status-api.hostedstatus.com/1.0/status/5b36dc6502d06804c08349f7',
    images: ['https://gitlab.com', 'https://secure.gravatar.com'],
  },
};

/** The STUDIO_* build variables as studioConfig takes them. */
export function studioBackendFromEnv(env) {
  return {
    backend: env.STUDIO_BACKEND,
    repo: env.STUDIO_REPO,
    branch: env.STUDIO_BRANCH,
    authUrl: env.STUDIO_AUTH_URL,
    apiRoot: env.STUDIO_API_ROOT,
    appId: env.STUDIO_GITLAB_APP_ID,
  };
}

/**
 * The Content-Security-Policy of /admin/ for a studio configuration: scripts from this site only (no 'unsafe-eval');
 * inline styles, blob: frames and base-uri 'self' because the studio and its preview need them; and only the hosts
 * that the studio and its backend reach.
 */
export function studioPolicy(config) {
  const known = BACKEND_HOSTS[config.backend.name] ?? BACKEND_HOSTS.github;
  const api = config.backend.api_root ? new URL(config.backend.api_root).origin : known.api;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Svelte writes style attributes and <style> elements, and the preview frame carries the entry's styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${known.images.join(' ')}`,
    `font-src 'self' ${STUDIO_FETCHES.font}`,
    // Full URLs where a file is all it needs, so nothing else on those hosts is allowed; data: for the studio's own logo.
    `connect-src 'self' data: ${[api, known.status, STUDIO_FETCHES.connect].join(' ')}`,
    // The preview is a blob: frame that resolves the site's stylesheet against this page's base.
    'frame-src blob:',
    "base-uri 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/** Where the editors' guide is read: docs/content-editing.md in the repository the studio edits (null while STUDIO_REPO is unset). */
export function guideUrl(config) {
  const { name, repo, branch, api_root: apiRoot } = config.backend;
  if (repo.startsWith('set_')) return null;
  if (name === 'gitlab')
    return `${apiRoot ? new URL(apiRoot).origin : 'https://gitlab.com'}/${repo}/-/blob/${branch}/docs/content-editing.md`;
  return `https://github.com/${repo}/blob/${branch}/docs/content-editing.md`;
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The /admin/ page: its own policy, the configuration's address, what it is and where the guide is, and the studio's script (which draws the studio over the page). */
export function studioPage(config) {
  const guide = guideUrl(config);
  const guideLink = guide
    ? `<a href="${escape(guide)}">the editors' guide</a>`
    : "the editors' guide, <code>docs/content-editing.md</code> in the site's repository";
  return `<!doctype html>
<html lang="en-ZA">
<head>
<meta charset="utf-8">
<meta http-equiv="content-security-policy" content="${escape(studioPolicy(config))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Content studio | Shopper</title>
<meta name="description" content="The content studio of the Shopper site, for its content editors.">
<link rel="cms-config-url" type="application/json" href="${STUDIO_PATH}config.json">
</head>
<body>
<noscript>
<h1>Shopper content studio</h1>
<p>This is where Shopper's content editors change the site's FAQs, pages, how-it-works steps, shops, cost estimator rates and company details. It needs JavaScript. How to use it: ${guideLink}.</p>
</noscript>
<script type="module" src="${STUDIO_PATH}studio.js"></script>
</body>
</html>
`;
}

/** The studio's entry module: the package's npm build, the site's own stylesheet (the one file every page loads) for the preview, then start. */
export function studioScript(stylesheets) {
  const styles = stylesheets.map((href) => `CMS.registerPreviewStyle(${JSON.stringify(href)});\n`).join('');
  return `import CMS from './sveltia/index.js';\n\n${styles}CMS.init();\n`;
}

/**
 * The studio's Cross-Origin-Opener-Policy for a configuration. GitHub's pop-up is the relay's page, which finds its
 * opener under same-origin-allow-popups. GitLab's PKCE pop-up is the studio's own page, which goes to GitLab and comes
 * back: Chromium moves a page with that policy, coming from another origin, to a new browsing context group, which
 * severs the opener and the sign-in never completes (tests/e2e/content-studio-gitlab-sign-in.spec.ts), so it needs
 * unsafe-none.
 */
export function studioOpenerPolicy(config) {
  return config.backend.auth_type === 'pkce' ? 'unsafe-none' : 'same-origin-allow-popups';
}

/**
 * The `_headers` of a studio served from an origin of its own: the site's security headers (the `/*` block of
 * public/_headers), with the studio's opener policy on every path, since the studio is all that origin holds.
 */
export function studioOriginHeaders(siteHeaders, openerPolicy = 'same-origin-allow-popups') {
  const [all = ''] = siteHeaders.split(/\n(?=\S)/);
  return `${all.replace(/Cross-Origin-Opener-Policy: .*/, `Cross-Origin-Opener-Policy: ${openerPolicy}`).trimEnd()}\n`;
}

/** The site's `_headers` with the studio's opener policy on /admin/* (public/_headers gives GitHub's). */
export function siteHeadersForStudio(siteHeaders, openerPolicy) {
  return siteHeaders.replace(
    /^(\/admin\/\*\n(?:\s+.*\n)*?\s+Cross-Origin-Opener-Policy: ).*$/m,
    (_, block) => `${block}${openerPolicy}`,
  );
}

/**
 * The content studio at /admin/ (issue 31): the exact @sveltia/cms bundle from node_modules copied into the build,
 * with its configuration (src/content-studio.ts and the STUDIO_* variables), its page and its preview styles. Nothing
 * of it is linked from any other page. With STUDIO_OUT_DIR set, the studio is written there instead, with the
 * stylesheets its preview uses and headers of its own, to be served from an origin of its own (docs/security.md);
 * the site's build then holds no studio.
 */
export function contentStudioIntegration(env) {
  const config = studioConfig(studioBackendFromEnv(env));
  const ownOrigin = (env.STUDIO_OUT_DIR ?? '').trim();
  let root = new URL('file:///');
  return {
    name: 'shopper-content-studio',
    hooks: {
      'astro:config:done': ({ config: astroConfig }) => {
        root = astroConfig.root;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const base = ownOrigin ? fileURLToPath(new URL(ownOrigin.endsWith('/') ? ownOrigin : `${ownOrigin}/`, root)) : site;
        const out = join(base, STUDIO_PATH);
        const bundle = fileURLToPath(new URL('node_modules/@sveltia/cms/npm/', root));
        await mkdir(out, { recursive: true });
        // The npm build, not dist/sveltia-cms.js: it carries its fonts and code-editor engine, which the other fetches from CDNs.
        await cp(bundle, join(out, 'sveltia'), { recursive: true, filter: (source) => !source.endsWith('.map') });
        const home = await readFile(join(site, 'index.html'), 'utf8');
        const stylesheets = [...home.matchAll(/<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/g)].map((match) => match[1]);
        const siteHeaders = await readFile(join(site, '_headers'), 'utf8');
        const opener = studioOpenerPolicy(config);
        if (ownOrigin) {
          await mkdir(join(base, '_astro'), { recursive: true });
          for (const href of stylesheets) await cp(join(site, href), join(base, href));
          await writeFile(join(base, '_headers'), studioOriginHeaders(siteHeaders, opener));
        } else {
          await writeFile(join(site, '_headers'), siteHeadersForStudio(siteHeaders, opener));
        }
        await writeFile(join(out, 'studio.js'), studioScript(stylesheets));
        await writeFile(join(out, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
        await writeFile(join(out, 'index.html'), studioPage(config));
        const unset = config.backend.repo.startsWith('set_')
          ? ': STUDIO_REPO is unset, so only "Work with Local Repository" works'
          : '';
        logger.info(
          `content studio at ${ownOrigin ? `${ownOrigin}${STUDIO_PATH}, for an origin of its own,` : STUDIO_PATH} (${config.backend.name} ${config.backend.repo}@${config.backend.branch})${unset}`,
        );
      },
    },
  };
}
