import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own eslint.config.js; fixtures are linted as text under a path inside src/, so no file is written.
const eslint = new ESLint({ cwd: process.cwd() });
const BOUNDARY_RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];
// Loading the config and its parsers takes seconds, minutes on a busy machine: done once, before the cases.
const SLOW = 60_000;
beforeAll(async () => {
  for (const filePath of ['src/lib/warm-up.ts', 'src/islands/WarmUp.tsx', 'src/pages/warm-up.astro']) await eslint.lintText('export {};\n', { filePath });
}, 300_000);

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const results = await eslint.lintText(code, { filePath });
  return results.flatMap((r) => r.messages).filter((m) => m.ruleId && BOUNDARY_RULES.includes(m.ruleId)).map((m) => m.message);
}

const backEdges: [string, string, string][] = [
  ['api -> stores', 'src/lib/api/fixture.ts', "import { $accessToken } from '../stores/session';\nexport const t = $accessToken;\n"],
  ['api -> shell', 'src/lib/api/fixture.ts', "import { setSessionFlag } from '../shell/session-flag';\nexport const f = setSessionFlag;\n"],
  ['api -> islands', 'src/lib/api/fixture.ts', "import { failureMessage } from '../../islands/contact/submit-failure';\nexport const f = failureMessage;\n"],
  ['api -> nanostores', 'src/lib/api/fixture.ts', "import { atom } from 'nanostores';\nexport const a = atom(0);\n"],
  ['api -> stores (dynamic)', 'src/lib/api/fixture.ts', "export const load = () => import('../stores/session');\n"],
  ['api -> stores (re-export)', 'src/lib/api/fixture.ts', "export { signOut } from '../stores/session';\n"],
  ['stores -> shell', 'src/lib/stores/fixture.ts', "import { looksLikeToken } from '../api/token-storage';\nimport { setSessionFlag } from '../shell/session-flag';\nexport const f = [looksLikeToken, setSessionFlag];\n"],
  ['stores -> islands', 'src/lib/stores/fixture.ts', "import { failureMessage } from '../../islands/contact/submit-failure';\nexport const f = failureMessage;\n"],
  ['islands -> api', 'src/islands/Fixture.tsx', "import { sendContactMessage } from '../lib/api/email';\nexport const send = sendContactMessage;\n"],
  ['islands -> api (nested)', 'src/islands/account/Fixture.tsx', "import { listOrders } from '../../lib/api/orders';\nexport const list = listOrders;\n"],
  ['islands -> api (dynamic)', 'src/islands/Fixture.tsx', "export const load = () => import('../lib/api/client');\n"],
  ['pages -> stores/session', 'src/pages/fixture.astro', "---\nimport { $signedIn } from '../lib/stores/session';\nconst s = $signedIn.get();\n---\n<p>{s}</p>\n"],
  ['pages <script> -> stores/session', 'src/pages/fixture.astro', "<p>Hi</p>\n<script>\n  import { followOtherTabs } from '../lib/stores/session';\n  followOtherTabs(() => undefined);\n</script>\n"],
  ['pages <script> -> stores/session (dynamic)', 'src/pages/_components/Fixture.astro', "<p>Hi</p>\n<script>\n  void import('../../lib/stores/session').then(({ signOut }) => signOut());\n</script>\n"],
  ['pages <script> -> shell/require-session', 'src/pages/fixture.astro', "<p>Hi</p>\n<script>\n  import { requireSession } from '../lib/shell/require-session';\n  requireSession();\n</script>\n"],
];

describe('layer boundaries (eslint.config.js)', () => {
  it.each(backEdges)('%s fails npm run lint', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  }, SLOW);

  it.each([
    ['stores -> api', 'src/lib/stores/fixture.ts', "import { listOrders } from '../api/orders';\nexport const list = listOrders;\n"],
    ['islands -> stores', 'src/islands/Fixture.tsx', "import { sendContactForm } from '../lib/stores/site-messages';\nexport const send = sendContactForm;\n"],
    ['islands -> an API type and the error shape', 'src/islands/Fixture.tsx', "import type { Order } from '../lib/api/orders';\nimport { ApiError } from '../lib/api/errors';\nexport type O = Order;\nexport const E = ApiError;\n"],
    ['shell -> stores', 'src/lib/shell/fixture.ts', "export const load = () => import('../stores/session');\n"],
  ])('%s is allowed', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  }, SLOW);

  it('the tree itself keeps the layers', async () => {
    const results = await eslint.lintFiles(['src']);
    const broken = results.flatMap((r) => r.messages.filter((m) => m.ruleId && BOUNDARY_RULES.includes(m.ruleId)).map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(broken).toEqual([]);
  }, 120_000);
});
