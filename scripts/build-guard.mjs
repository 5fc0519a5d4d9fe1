const SANDBOX_API_HOST = 'http://127.0.0.1:4010';
const SANDBOX_PAYMENT_HOSTS = '127.0.0.1:4010,localhost:4010,www.payfast.co.za,sandbox.payfast.co.za';

function isLocalHost(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '::1' || name.endsWith('.localhost');
}

function hostnameOf(hostOrUrl) {
  try {
    return new URL(hostOrUrl.includes('://') ? hostOrUrl : `https://${hostOrUrl}`).hostname;
  } catch {
    return '';
  }
}

/**
 * The reasons a build configuration would leak or mislead (empty when it is sound): a client
 * secret in PUBLIC_ variables ships in every visitor's bundle; a real API with payment hosts that
 * still allow a local address would let a card redirect go to the shopper's own machine.
 */
export function buildConfigProblems(env) {
  const problems = [];
  if ((env.PUBLIC_OAUTH_CLIENT_SECRET ?? '').trim() !== '') {
    problems.push(
      'PUBLIC_OAUTH_CLIENT_SECRET is set: every PUBLIC_ variable is built into the JavaScript every visitor downloads, so the secret would be public. Register the web client as a public OAuth client (no secret) and leave PUBLIC_OAUTH_CLIENT_SECRET empty.',
    );
  }
  const apiHost = (env.PUBLIC_API_HOST ?? '').trim() || SANDBOX_API_HOST;
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

/** An Astro integration that stops `astro build` when the configuration would leak or mislead, saying which variable and why. */
export function buildGuardIntegration(env) {
  return {
    name: 'build-guard',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const problems = buildConfigProblems(env);
        if (problems.length > 0) throw new Error(`Refusing to build:\n- ${problems.join('\n- ')}`);
      },
    },
  };
}
