import { fileURLToPath } from 'node:url';
import { unsafeSvgs } from './svg-safety.mjs';

const SANDBOX_API_HOST = 'http://127.0.0.1:4010';
const SANDBOX_PAYMENT_HOSTS = '127.0.0.1:4010,localhost:4010,www.payfast.co.za,sandbox.payfast.co.za';

function isLocalHost(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '::1' || name.endsWith('.localhost');
}

// A developer's own machine or LAN (a phone trying the build over Wi-Fi): plain http is fine there.
function isPrivateHost(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    isLocalHost(name) ||
    name.endsWith('.local') ||
    /^(10|127)\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\.|^169\.254\./.test(name) ||
    /^f[cd][0-9a-f]{2}:|^fe[89ab][0-9a-f]:/.test(name)
  );
}

function hostnameOf(hostOrUrl) {
  try {
    return new URL(hostOrUrl.includes('://') ? hostOrUrl : `https://${hostOrUrl}`).hostname;
  } catch {
    return '';
  }
}

function protocolOf(url) {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

// Why a build is one for shoppers rather than for this machine or its LAN, or undefined when it is not.
function publicReason(site, apiHost) {
  if (site && !isPrivateHost(hostnameOf(site))) return `SITE_URL is ${site}`;
  if (apiHost && !isPrivateHost(hostnameOf(apiHost))) return `the API host ${hostnameOf(apiHost)} is not local`;
  return undefined;
}

/**
 * The reasons a build configuration would leak or mislead (empty when it is sound): a client
 * secret in PUBLIC_ variables ships in every visitor's bundle; a build that is not local (SITE_URL
 * or PUBLIC_API_HOST off this machine and its LAN) must name its API and reach it and the payment
 * hosts over https; a real API with payment hosts that still allow a local address would let a
 * card redirect go to the shopper's own machine; and a build that is not local puts the content studio on the
 * shop's origin only when STUDIO_ON_SITE=1 says so (STUDIO_OUT_DIR builds it apart).
 */
export function buildConfigProblems(env) {
  const problems = [];
  if ((env.PUBLIC_OAUTH_CLIENT_SECRET ?? '').trim() !== '') {
    problems.push(
      'PUBLIC_OAUTH_CLIENT_SECRET is set: every PUBLIC_ variable is built into the JavaScript every visitor downloads, so the secret would be public. Register the web client as a public OAuth client (no secret) and leave PUBLIC_OAUTH_CLIENT_SECRET empty.',
    );
  }
  const setApiHost = (env.PUBLIC_API_HOST ?? '').trim();
  const reason = publicReason((env.SITE_URL ?? '').trim(), setApiHost);
  if (reason) {
    if (setApiHost === '') {
      problems.push(
        `PUBLIC_API_HOST is not set in a build that is not local (${reason}): every shopper's password, tokens and orders would be sent to the sandbox at ${SANDBOX_API_HOST}, on their own machine. Set PUBLIC_API_HOST to the service API's https origin.`,
      );
    } else if (protocolOf(setApiHost) !== 'https:') {
      problems.push(
        `PUBLIC_API_HOST is ${setApiHost}, not an https origin, in a build that is not local (${reason}): passwords, tokens and orders would cross the network unencrypted. Set PUBLIC_API_HOST to the service API's https origin.`,
      );
    }
    for (const name of ['STUDIO_AUTH_URL', 'STUDIO_API_ROOT']) {
      const value = (env[name] ?? '').trim();
      if (value !== '' && protocolOf(value) !== 'https:') {
        problems.push(
          `${name} is ${value}, not an https address, in a build that is not local (${reason}): the editors' sign-in and their Git host token would cross the network unencrypted. Set ${name} to an https address.`,
        );
      }
    }
    if ((env.STUDIO_OUT_DIR ?? '').trim() === '' && (env.STUDIO_ON_SITE ?? '').trim() !== '1') {
      problems.push(
        `The content studio would be built into the site at /admin/ in a build that is not local (${reason}): an editor signed in there keeps their GitHub (or GitLab) token on the shop's origin, where any script injected into the shop could read it. Set STUDIO_OUT_DIR (for example dist-studio) to build the studio apart, for an origin of its own, or set STUDIO_ON_SITE=1 to put it at /admin/ on purpose.`,
      );
    }
    const httpPaymentHosts = (env.PUBLIC_PAYMENT_HOSTS ?? '').split(',').map((h) => h.trim()).filter((h) => /^http:/i.test(h));
    if (httpPaymentHosts.length > 0) {
      problems.push(
        `PUBLIC_PAYMENT_HOSTS names ${httpPaymentHosts.join(', ')} in a build that is not local (${reason}): card details must go over https only. List the payment provider's hosts without a scheme (for example www.payfast.co.za).`,
      );
    }
  }
  const apiHost = setApiHost || SANDBOX_API_HOST;
  if (!isLocalHost(hostnameOf(apiHost))) {
    const paymentHosts = (env.PUBLIC_PAYMENT_HOSTS ?? '').trim() || SANDBOX_PAYMENT_HOSTS;
    const local = paymentHosts.split(',').map((h) => h.trim()).filter((h) => h && isLocalHost(hostnameOf(h)));
    if (local.length > 0) {
      problems.push(
        `PUBLIC_PAYMENT_HOSTS allows ${local.join(', ')} while PUBLIC_API_HOST is ${apiHost}: ${(env.PUBLIC_PAYMENT_HOSTS ?? '').trim() ? 'those are' : 'left unset, it keeps'} the sandbox's local hosts, so a card redirect could be sent to the shopper's own machine. Set PUBLIC_PAYMENT_HOSTS to the payment provider's hosts only (for example www.payfast.co.za).`,
      );
    }
  }
  return problems;
}

/** The folders whose SVGs the site serves: an editor's upload lands in one of them. */
export const SVG_FOLDERS = ['src/content', 'public'];

/**
 * An Astro integration that stops `astro build` when the configuration would leak or mislead, saying which variable
 * and why, or when an SVG the site would serve could run a script or load something, naming the file.
 */
export function buildGuardIntegration(env) {
  return {
    name: 'build-guard',
    hooks: {
      'astro:config:setup': async ({ command, config }) => {
        if (command !== 'build') return;
        const problems = buildConfigProblems(env);
        const root = fileURLToPath(config.root);
        problems.push(...(await unsafeSvgs(root, SVG_FOLDERS)));
        if (problems.length > 0) throw new Error(`Refusing to build:\n- ${problems.join('\n- ')}`);
      },
    },
  };
}
