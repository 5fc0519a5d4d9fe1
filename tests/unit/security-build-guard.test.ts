import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildConfigProblems, buildGuardIntegration, SVG_FOLDERS } from '../../scripts/build-guard.mjs';
import { unsafeSvgs } from '../../scripts/svg-safety.mjs';

const PRODUCTION = { PUBLIC_API_HOST: 'https://api.shopper.example', PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za', PUBLIC_OAUTH_CLIENT_SECRET: '', STUDIO_OUT_DIR: 'dist-studio' };

/** The guard's refusal of a build of `root` (this project by default) with these variables; '' when it builds. */
async function refusal(env: Record<string, string | undefined>, root = pathToFileURL(`${process.cwd()}/`)): Promise<string> {
  const hook = buildGuardIntegration(env).hooks['astro:config:setup'];
  try {
    await hook({ command: 'build', config: { root } });
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('the build guard', () => {
  it('refuses a client secret in PUBLIC_OAUTH_CLIENT_SECRET, saying it would ship in the bundle', async () => {
    const message = await refusal({ ...PRODUCTION, PUBLIC_OAUTH_CLIENT_SECRET: 's3cret' });
    expect(message).toContain('Refusing to build');
    expect(message).toContain('PUBLIC_OAUTH_CLIENT_SECRET is set');
    expect(message).toContain('the secret would be public');
  });

  it('refuses a real API while PUBLIC_PAYMENT_HOSTS is left unset (the sandbox hosts stay allowed)', async () => {
    const message = await refusal({ PUBLIC_API_HOST: 'https://api.shopper.example' });
    expect(message).toContain('PUBLIC_PAYMENT_HOSTS allows 127.0.0.1:4010, localhost:4010 while PUBLIC_API_HOST is https://api.shopper.example');
    expect(message).toContain('left unset');
  });

  it('refuses a real API while PUBLIC_PAYMENT_HOSTS names a localhost or 127.0.0.1 host', async () => {
    expect(await refusal({ ...PRODUCTION, PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za, localhost:8080' })).toContain('PUBLIC_PAYMENT_HOSTS allows localhost:8080');
    expect(await refusal({ ...PRODUCTION, PUBLIC_PAYMENT_HOSTS: '127.0.0.1:9000' })).toContain('PUBLIC_PAYMENT_HOSTS allows 127.0.0.1:9000');
  });

  it.each([
    [{ SITE_URL: 'https://shopper.example' }, 'PUBLIC_API_HOST is not set in a build that is not local (SITE_URL is https://shopper.example)'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: ' ' }, 'PUBLIC_API_HOST is not set'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: 'http://api.shopper.example' }, 'PUBLIC_API_HOST is http://api.shopper.example, not an https origin'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: 'http://127.0.0.1:4010' }, 'PUBLIC_API_HOST is http://127.0.0.1:4010, not an https origin'],
    [{ SITE_URL: 'https://shopper.example', PUBLIC_API_HOST: 'api.shopper.example' }, 'PUBLIC_API_HOST is api.shopper.example, not an https origin'],
    [{ PUBLIC_API_HOST: 'http://api.shopper.example', PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za' }, 'PUBLIC_API_HOST is http://api.shopper.example, not an https origin, in a build that is not local (the API host api.shopper.example is not local)'],
    [{ ...PRODUCTION, SITE_URL: 'https://shopper.example', PUBLIC_PAYMENT_HOSTS: 'http://pay.example' }, 'PUBLIC_PAYMENT_HOSTS names http://pay.example in a build that is not local'],
    [{ ...PRODUCTION, PUBLIC_PAYMENT_HOSTS: 'www.payfast.co.za, HTTP://www.payfast.co.za' }, 'PUBLIC_PAYMENT_HOSTS names HTTP://www.payfast.co.za'],
  ])('refuses a build that is not local without an https API or with an http payment host: %j', async (env, expected) => {
    const message = await refusal(env);
    expect(message).toContain('Refusing to build');
    expect(message).toContain(expected);
  });

  it.each([
    [{}],
    [{ SITE_URL: 'http://127.0.0.1:4321' }],
    [{ SITE_URL: 'http://localhost:4399', PUBLIC_API_HOST: 'http://localhost:4010', PUBLIC_PAYMENT_HOSTS: 'localhost:4010' }],
    [{ SITE_URL: 'http://192.168.1.20:4321', PUBLIC_API_HOST: 'http://192.168.1.20:4010', PUBLIC_PAYMENT_HOSTS: '192.168.1.20:4010' }],
    [{ SITE_URL: 'http://laptop.local:4321' }],
    [{ SITE_URL: 'http://[::1]:4321', PUBLIC_API_HOST: 'http://[::1]:4010', PUBLIC_PAYMENT_HOSTS: '[::1]:4010' }],
    [{ ...PRODUCTION, SITE_URL: 'https://shopper.example' }],
    [{ ...PRODUCTION, SITE_URL: 'http://127.0.0.1:4321' }],
  ])('builds on this machine or its LAN without an API host or https, and a proper production build: %j', (env) => {
    expect(buildConfigProblems(env)).toEqual([]);
  });

  it('builds what npm start, the e2e and the bench build against the sandbox', async () => {
    const { sandboxBuildEnv } = await import('../../scripts/build-env.mjs');
    const saved = { SITE_URL: process.env.SITE_URL, PUBLIC_API_HOST: process.env.PUBLIC_API_HOST, PUBLIC_PAYMENT_HOSTS: process.env.PUBLIC_PAYMENT_HOSTS };
    for (const name of Object.keys(saved)) delete process.env[name];
    try {
      for (const ports of [{}, { sitePort: 4399, apiPort: 4020 }, { sitePort: 4361, apiPort: 4014 }]) {
        expect(buildConfigProblems(sandboxBuildEnv(ports))).toEqual([]);
      }
    } finally {
      for (const [name, value] of Object.entries(saved)) if (value !== undefined) process.env[name] = value;
    }
  });

  it('names every problem at once', () => {
    expect(buildConfigProblems({ PUBLIC_API_HOST: 'https://api.shopper.example', PUBLIC_OAUTH_CLIENT_SECRET: 'x' })).toHaveLength(3);
  });

  it('accepts the sandbox defaults, the sandbox on another port, and a proper production configuration', async () => {
    expect(buildConfigProblems({})).toEqual([]);
    expect(buildConfigProblems({ PUBLIC_API_HOST: 'http://127.0.0.1:4020', PUBLIC_PAYMENT_HOSTS: '127.0.0.1:4020' })).toEqual([]);
    expect(buildConfigProblems(PRODUCTION)).toEqual([]);
    expect(await refusal(PRODUCTION)).toBe('');
  });

  it('only guards builds, not the dev server', async () => {
    const hook = buildGuardIntegration({ PUBLIC_OAUTH_CLIENT_SECRET: 'x' }).hooks['astro:config:setup'];
    await expect(hook({ command: 'dev', config: { root: pathToFileURL(`${process.cwd()}/`) } })).resolves.toBeUndefined();
  });

  it.each(['STUDIO_AUTH_URL', 'STUDIO_API_ROOT'])('refuses an http %s outside a local build, and takes it in a local one', async (name) => {
    const message = await refusal({ ...PRODUCTION, SITE_URL: 'https://shopper.example', [name]: 'http://cms-auth.shopper.example' });
    expect(message).toContain(`${name} is http://cms-auth.shopper.example, not an https address, in a build that is not local (SITE_URL is https://shopper.example)`);
    expect(await refusal({ ...PRODUCTION, SITE_URL: 'https://shopper.example', [name]: 'https://cms-auth.shopper.example' })).toBe('');
    expect(buildConfigProblems({ SITE_URL: 'http://127.0.0.1:4321', [name]: 'http://127.0.0.1:4090' })).toEqual([]);
  });
});

describe('the content studio in a build that is not local', () => {
  const STUDIO_ON_THE_SHOP =
    "The content studio would be built into the site at /admin/ in a build that is not local (SITE_URL is https://shopper.example): an editor signed in there keeps their GitHub (or GitLab) token on the shop's origin, where any script injected into the shop could read it. Set STUDIO_OUT_DIR (for example dist-studio) to build the studio apart, for an origin of its own, or set STUDIO_ON_SITE=1 to put it at /admin/ on purpose.";
  const PUBLIC_SITE = { ...PRODUCTION, SITE_URL: 'https://shopper.example', STUDIO_OUT_DIR: undefined };

  it('refuses to put /admin/ on the shop\'s origin unless told, saying why and what to do', async () => {
    const message = await refusal(PUBLIC_SITE);
    expect(message).toContain('Refusing to build');
    expect(message).toContain(STUDIO_ON_THE_SHOP);
  });

  it.each([{ STUDIO_OUT_DIR: ' ' }, { STUDIO_ON_SITE: '0' }, { STUDIO_ON_SITE: 'true' }, { STUDIO_ON_SITE: '' }])('is not told by %j', (extra) => {
    expect(buildConfigProblems({ ...PUBLIC_SITE, ...extra })).toEqual([STUDIO_ON_THE_SHOP]);
  });

  it('refuses it when only the API host is public, naming that', () => {
    const { SITE_URL: _, ...apiOnly } = PUBLIC_SITE;
    expect(buildConfigProblems(apiOnly).join('\n')).toContain(
      'The content studio would be built into the site at /admin/ in a build that is not local (the API host api.shopper.example is not local)',
    );
  });

  it('builds with the studio apart (STUDIO_OUT_DIR) or on the site on purpose (STUDIO_ON_SITE=1)', async () => {
    expect(await refusal({ ...PUBLIC_SITE, STUDIO_OUT_DIR: 'dist-studio' })).toBe('');
    expect(await refusal({ ...PUBLIC_SITE, STUDIO_ON_SITE: '1' })).toBe('');
    expect(buildConfigProblems({ ...PUBLIC_SITE, STUDIO_ON_SITE: ' 1 ' })).toEqual([]);
  });

  it('leaves local builds as they were: the studio stays at /admin/ with nothing set', () => {
    expect(buildConfigProblems({})).toEqual([]);
    expect(buildConfigProblems({ SITE_URL: 'http://192.168.1.20:4321', PUBLIC_API_HOST: 'http://192.168.1.20:4010', PUBLIC_PAYMENT_HOSTS: '192.168.1.20:4010' })).toEqual([]);
  });
});

describe('SVGs that could run or load something', () => {
  it("refuses the build naming each hostile file, in src/content or public/, and builds this project's own", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'svg-guard-'));
    try {
      fs.mkdirSync(path.join(root, 'public/shops'), { recursive: true });
      fs.mkdirSync(path.join(root, 'src/content/categories'), { recursive: true });
      fs.writeFileSync(path.join(root, 'public/shops/evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      fs.writeFileSync(path.join(root, 'src/content/categories/hook.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" onload="alert(1)"/></svg>');
      fs.writeFileSync(path.join(root, 'public/shops/wide.svg'), Buffer.from('\ufeff<svg xmlns="http://www.w3.org/2000/svg"/>', 'utf16le'));
      fs.writeFileSync(path.join(root, 'public/shops/fine.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
      const message = await refusal({}, pathToFileURL(`${root}/`));
      expect(message).toContain(
        "- public/shops/evil.svg: has a script element (script), which could run code in a shopper's browser. Export the picture again as a plain SVG, without scripts, links or embedded content, or upload a PNG.",
      );
      expect(message).toContain("- src/content/categories/hook.svg: has an event handler (onload on rect), which could run code in a shopper's browser.");
      expect(message).toContain('- public/shops/wide.svg: is saved as UTF-16, and the site takes only UTF-8. Save it again as UTF-8');
      expect(message).not.toContain('fine.svg');
      expect(await unsafeSvgs(process.cwd(), SVG_FOLDERS)).toEqual([]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
