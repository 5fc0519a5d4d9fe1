import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The project's own eslint.config.js; fixtures are linted as text under a path inside src/, so no file is written.
const eslint = new ESLint({ cwd: process.cwd() });
const BOUNDARY_RULES = ['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax', 'screens/own-folder'];
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
  ['api -> hydration', 'src/lib/api/fixture.ts', "import { ISLAND_READY } from '../hydration/ready';\nexport const r = ISLAND_READY;\n"],
  ['api -> schemas', 'src/lib/api/fixture.ts', "import { messages } from '../schemas/rules';\nexport const m = messages;\n"],
  ['api -> react-dom/client', 'src/lib/api/fixture.ts', "import { createRoot } from 'react-dom/client';\nexport const c = createRoot;\n"],
  ['stores -> hydration', 'src/lib/stores/fixture.ts', "import { afterPaint } from '../hydration/after-paint';\nexport const a = afterPaint;\n"],
  ['stores -> react', 'src/lib/stores/fixture.ts', "import { useSyncExternalStore } from 'react';\nexport const u = useSyncExternalStore;\n"],
  ['stores -> @nanostores/react', 'src/lib/stores/fixture.ts', "import { useStore } from '@nanostores/react';\nexport const u = useStore;\n"],
  ['stores -> react-dom (dynamic)', 'src/lib/stores/fixture.ts', "export const load = () => import('react-dom/client');\n"],
  ['shell -> islands', 'src/lib/shell/fixture.ts', "import { failureMessage } from '../../islands/contact/submit-failure';\nexport const f = failureMessage;\n"],
  ['shell -> pages', 'src/lib/shell/fixture.ts', "export const load = () => import('../../pages/index.astro');\n"],
  ['shell -> react', 'src/lib/shell/fixture.ts', "import { createElement } from 'react';\nexport const c = createElement;\n"],
  ['shell -> @nanostores/react', 'src/lib/shell/fixture.ts', "import { useStore } from '@nanostores/react';\nexport const u = useStore;\n"],
  ['hydration -> stores', 'src/lib/hydration/fixture.ts', "import { $signedIn } from '../stores/session';\nexport const s = $signedIn;\n"],
  ['hydration -> stores (dynamic)', 'src/lib/hydration/fixture.ts', "export const load = () => import('../stores/modal');\n"],
  ['hydration -> api', 'src/lib/hydration/fixture.ts', "import { looksLikeToken } from '../api/token-storage';\nexport const l = looksLikeToken;\n"],
  ['hydration -> schemas', 'src/lib/hydration/fixture.ts', "import { messages } from '../schemas/rules';\nexport const m = messages;\n"],
  ['hydration -> islands', 'src/lib/hydration/fixture.ts', "import { failureMessage } from '../../islands/contact/submit-failure';\nexport const f = failureMessage;\n"],
  ['hydration -> shell (not session-flag)', 'src/lib/hydration/fixture.ts', "import { requireSession } from '../shell/require-session';\nexport const r = requireSession;\n"],
  ['hydration -> react', 'src/lib/hydration/fixture.ts', "import { createRoot } from 'react-dom/client';\nexport const c = createRoot;\n"],
  ['hydration -> nanostores', 'src/lib/hydration/fixture.ts', "import { atom } from 'nanostores';\nexport const a = atom(0);\n"],
  ['schemas -> stores', 'src/lib/schemas/fixture.ts', "import { $signedIn } from '../stores/session';\nexport const s = $signedIn;\n"],
  ['schemas -> api', 'src/lib/schemas/fixture.ts', "import { listOrders } from '../api/orders';\nexport const l = listOrders;\n"],
  ['schemas -> hydration', 'src/lib/schemas/fixture.ts', "import { ISLAND_READY } from '../hydration/ready';\nexport const r = ISLAND_READY;\n"],
  ['schemas -> islands', 'src/lib/schemas/fixture.ts', "import { failureMessage } from '../../islands/contact/submit-failure';\nexport const f = failureMessage;\n"],
  ['schemas -> react', 'src/lib/schemas/fixture.ts', "import { useState } from 'react';\nexport const u = useState;\n"],
  ['schemas -> nanostores', 'src/lib/schemas/fixture.ts', "import { atom } from 'nanostores';\nexport const a = atom(0);\n"],
  ['src/lib/* -> stores', 'src/lib/fixture.ts', "import { $signedIn } from './stores/session';\nexport const s = $signedIn;\n"],
  ['src/lib/* -> a store type', 'src/lib/fixture.ts', "import type { ModalLocation } from './stores/modal';\nexport type M = ModalLocation;\n"],
  ['src/lib/* -> stores (dynamic)', 'src/lib/fixture.ts', "export const load = () => import('./stores/session');\n"],
  ['src/lib/* -> shell', 'src/lib/fixture.ts', "import { setSessionFlag } from './shell/session-flag';\nexport const f = setSessionFlag;\n"],
  ['src/lib/* -> hydration', 'src/lib/fixture.ts', "import { afterPaint } from './hydration/after-paint';\nexport const a = afterPaint;\n"],
  ['src/lib/* -> islands', 'src/lib/fixture.ts', "import { failureMessage } from '../islands/contact/submit-failure';\nexport const f = failureMessage;\n"],
  ['src/lib/* -> pages', 'src/lib/fixture.ts', "export const load = () => import('../pages/index.astro');\n"],
  ['src/lib/* -> react', 'src/lib/fixture.ts', "import { useState } from 'react';\nexport const u = useState;\n"],
  ['islands -> api', 'src/islands/Fixture.tsx', "import { sendContactMessage } from '../lib/api/email';\nexport const send = sendContactMessage;\n"],
  ['islands -> api (nested)', 'src/islands/account/Fixture.tsx', "import { listOrders } from '../../lib/api/orders';\nexport const list = listOrders;\n"],
  ['islands -> api (dynamic)', 'src/islands/Fixture.tsx', "export const load = () => import('../lib/api/client');\n"],
  ['islands -> ApiError as a value', 'src/islands/Fixture.tsx', "import { ApiError } from '../lib/api/errors';\nexport const E = ApiError;\n"],
  ['islands -> a message of api/errors', 'src/islands/auth/fixture.ts', "import { UNKNOWN_MESSAGE } from '../../lib/api/errors';\nexport const m = UNKNOWN_MESSAGE;\n"],
  ['islands -> isApiError with a value', 'src/islands/Fixture.tsx', "import { isApiError, normaliseError } from '../lib/api/errors';\nexport const f = [isApiError, normaliseError];\n"],
  ['islands -> all of api/errors', 'src/islands/Fixture.tsx', "import * as errors from '../lib/api/errors';\nexport const e = errors;\n"],
  ['islands -> api/errors (re-export)', 'src/islands/Fixture.tsx', "export * from '../lib/api/errors';\n"],
  ['islands -> api/errors (dynamic)', 'src/islands/Fixture.tsx', "export const load = () => import('../lib/api/errors');\n"],
  ['islands -> shell', 'src/islands/Fixture.tsx', "import { setSessionFlag } from '../lib/shell/session-flag';\nexport const f = setSessionFlag;\n"],
  ['a model -> react', 'src/islands/account/returns/return-rules.ts', "import { useState } from 'react';\nexport const u = useState;\n"],
  ['a model -> @nanostores/react', 'src/islands/estimate/fixture-model.ts', "import { useStore } from '@nanostores/react';\nexport const u = useStore;\n"],
  ['a model -> formik', 'src/islands/modal/login/fixture.ts', "import { useFormik } from 'formik';\nexport const f = useFormik;\n"],
  ['a model -> a view', 'src/islands/account/quote-payment/fixture.ts', "import { CardPicker } from './CardPicker';\nexport const c = CardPicker;\n"],
  ['a model -> a view (.tsx, dynamic)', 'src/islands/ui/fixture.ts', "export const load = () => import('./select-view.tsx');\n"],
  ['a screen -> another screen', 'src/islands/account/returns/Fixture.tsx', "import { CardPicker } from '../quote-payment/CardPicker';\nexport const c = CardPicker;\n"],
  ['a screen -> another screen (dynamic)', 'src/islands/account/invoice/Fixture.tsx', "export const load = () => import('../track-order/WarehousePhotos');\n"],
  ['a screen -> another screen (re-export)', 'src/islands/modal/login/fixture.ts', "export { registrationSchema } from '../register/rules';\n"],
  ['a public island -> another', 'src/islands/contact-us/Fixture.tsx', "import { AdvertiseForm } from '../advertise-with-us/AdvertiseForm';\nexport const a = AdvertiseForm;\n"],
  ['a public island -> an account screen', 'src/islands/estimate/Fixture.tsx', "import { OrderFormScreen } from '../account/upload-orders/OrderFormScreen';\nexport const o = OrderFormScreen;\n"],
  ['a shared piece -> a screen', 'src/islands/account/shared/Fixture.tsx', "import { ReturnForm } from '../returns/ReturnForm';\nexport const r = ReturnForm;\n"],
  ['the shared kit -> a screen', 'src/islands/ui/Fixture.tsx', "import { Login } from '../modal/login/Login';\nexport const l = Login;\n"],
  ['a public island -> the account screens\' shared folder', 'src/islands/contact-us/Fixture.tsx', "import { Screen } from '../account/shared/Screen';\nexport const s = Screen;\n"],
  ['the account frame -> a modal flow', 'src/islands/account/Fixture.tsx', "import { Login } from '../modal/login/Login';\nexport const l = Login;\n"],
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
    ['islands -> stores', 'src/islands/Fixture.tsx', "import { $contactMessage } from '../lib/stores/site-messages';\nexport const send = $contactMessage;\n"],
    ['islands -> an API type and the error shape', 'src/islands/Fixture.tsx', "import type { Order } from '../lib/api/orders';\nimport type { ApiError } from '../lib/api/errors';\nexport type O = Order | ApiError;\n"],
    ['a model -> stores, helpers, API types and isApiError', 'src/islands/account/returns/fixture.ts', "import { $orders } from '../../../lib/stores/orders';\nimport { formatRand } from '../../../lib/format';\nimport { isApiError } from '../../../lib/api/errors';\nimport type { Order } from '../../../lib/api/orders';\nexport const f = [$orders, formatRand, isApiError];\nexport type O = Order;\n"],
    ['a model -> another model of its folder and a shared one', 'src/islands/account/quote-payment/fixture.ts', "import { quotePageView } from './quote-page';\nimport { parseOrderId } from '../shared/order-id';\nexport const f = [quotePageView, parseOrderId];\n"],
    ['a hook -> react', 'src/islands/ui/use-fixture.ts', "import { useState } from 'react';\nexport const u = useState;\n"],
    ['a screen -> its own folder, account/shared and ui', 'src/islands/account/returns/Fixture.tsx', "import { ReturnCard } from './ReturnCard';\nimport { Screen } from '../shared/Screen';\nimport { Field } from '../../ui/Field';\nexport const f = [ReturnCard, Screen, Field];\n"],
    ['the modal frame -> its flows', 'src/islands/modal/Fixture.tsx', "import { Login } from './login/Login';\nimport { Register } from './register/Register';\nexport const f = [Login, Register];\n"],
    ['a modal flow -> modal/shared and ui', 'src/islands/modal/login/Fixture.tsx', "import { showFailure } from '../shared/feedback';\nimport { Modal } from '../../ui/Modal';\nexport const f = [showFailure, Modal];\n"],
    ['islands -> isApiError', 'src/islands/Fixture.tsx', "import { isApiError } from '../lib/api/errors';\nexport const check = isApiError;\n"],
    ['islands -> isApiError and a type, inline', 'src/islands/Fixture.tsx', "import { isApiError, type ApiErrorKind } from '../lib/api/errors';\nexport const check = isApiError;\nexport type K = ApiErrorKind;\n"],
    ['islands -> hydration/ready and @nanostores/react', 'src/islands/Fixture.tsx', "import { useStore } from '@nanostores/react';\nimport { ISLAND_READY } from '../lib/hydration/ready';\nexport const f = [useStore, ISLAND_READY];\n"],
    ['stores -> nanostores, schemas and a helper', 'src/lib/stores/fixture.ts', "import { atom } from 'nanostores';\nimport { nanoquery } from '@nanostores/query';\nimport { messages } from '../schemas/rules';\nimport { config } from '../config';\nexport const f = [atom, nanoquery, messages, config];\n"],
    ['shell -> stores', 'src/lib/shell/fixture.ts', "export const load = () => import('../stores/session');\n"],
    ['shell -> api, hydration and a helper', 'src/lib/shell/fixture.ts', "import { recordVisit } from '../api/portals';\nimport { afterPaint } from '../hydration/after-paint';\nimport { dropDraftOfEndedSession } from '../draft-lifetime';\nexport const f = [recordVisit, afterPaint, dropDraftOfEndedSession];\n"],
    ['hydration -> shell/session-flag and helpers', 'src/lib/hydration/fixture.ts', "import { SESSION_FLAG_SCRIPT } from '../shell/session-flag';\nimport { showAsModal } from '../dialog';\nimport type { ClientDirective } from 'astro';\nexport const f = [SESSION_FLAG_SCRIPT, showAsModal];\nexport type D = ClientDirective;\n"],
    ['schemas -> yup, a helper and an API type', 'src/lib/schemas/fixture.ts', "import * as yup from 'yup';\nimport { isHttpUrl } from '../http-url';\nimport type { Order } from '../api/orders';\nexport const f = [yup, isHttpUrl];\nexport type O = Order;\n"],
    ['src/lib/* -> the API, a schema and another helper', 'src/lib/fixture.ts', "import { looksLikeToken } from './api/token-storage';\nimport { messages } from './schemas/rules';\nimport { config } from './config';\nexport const f = [looksLikeToken, messages, config];\n"],
  ])('%s is allowed', async (_name, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).toEqual([]);
  }, SLOW);

  it('the tree itself keeps the layers', async () => {
    const results = await eslint.lintFiles(['src']);
    const broken = results.flatMap((r) => r.messages.filter((m) => m.ruleId && BOUNDARY_RULES.includes(m.ruleId)).map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(broken).toEqual([]);
  }, 120_000);
});
