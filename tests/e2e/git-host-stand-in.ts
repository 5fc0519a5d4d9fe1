import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally, stopServer } from './local-server';

// Stands in, on this machine, for the hosts an editor's browser reaches to sign in to the studio. For GitHub: the
// OAuth relay (a sveltia-cms-auth worker, with GitHub's consent page behind it) and GitHub's API. The relay speaks
// the worker's protocol: /auth checks the provider and the studio's host, sends the editor to the consent page, and
// /callback hands the token (or the error, with the worker's error code) to the studio's window by postMessage. For
// A relay of this project's own (studio-auth) reaches GitHub's consent page with its redirect_uri, and its token
// endpoint; as GitHub does, a signed-in account that has granted the app the scope is sent back without a click. For
// GitLab: its OAuth endpoints as PKCE uses them (the consent page, then the token for the code and its verifier) and
// its API. Each API answers what the studio asks at sign-in, from the files it is given, at one commit; none takes writes.

/** An account the stand-in knows: its consent page signs in by login. */
export interface StandInAccount {
  login: string;
  name: string;
  /** Whether the account may push to the repository (a collaborator on GitHub, a member of the project on GitLab). */
  canWrite: boolean;
}

/** What {@link startGitHubStandIn} serves. */
export interface GitHubStandInOptions {
  /** The repository, `owner/name`, as STUDIO_REPO names it. */
  repo: string;
  branch: string;
  /** The repository's files at its one commit, by path from its root. */
  files: Record<string, Buffer>;
  accounts: StandInAccount[];
  /** The relay's ALLOWED_DOMAINS: the hosts whose studio it signs in. */
  allowedDomains: string[];
  /** The OAuth app whose codes GitHub's token endpoint exchanges for a relay of its own (studio-auth). */
  oauthApp?: { clientId: string; clientSecret: string };
}

/** A running stand-in: its addresses as the STUDIO_* variables take them, and what it was asked. */
export interface GitHubStandIn {
  origin: string;
  /** The relay, as STUDIO_AUTH_URL. */
  authUrl: string;
  /** The API's root, as STUDIO_API_ROOT, in GitHub Enterprise's form (/api/v3), from which the studio takes GraphQL's (/graphql). */
  apiRoot: string;
  /** The relay's ALLOWED_DOMAINS, which a test may change between sign-ins. */
  allowedDomains: string[];
  /** Every API call, as `METHOD path` (a GraphQL write as `POST /graphql mutation`). */
  asked: string[];
  /** Each consent GitHub gave a relay of its own, as `login scope` (shown or, once granted, without a click). */
  consents: string[];
  /** Each token GitHub's token endpoint issued. */
  issued: string[];
  /** API calls the stand-in has no answer for. */
  unanswered: string[];
  close(): Promise<void>;
}

/** The one commit the stand-in's branch points at. */
export const STAND_IN_COMMIT = 'c0ffee'.padEnd(40, '0');
const COMMIT_DATE = '2026-11-02T08:00:00Z';

const gitBlobSha = (bytes: Buffer) =>
  createHash('sha1').update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes])).digest('hex');

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The worker's last page: it tells the studio's window it is there, and on the answer hands over the result. */
function handOverPage(result: { token: string } | { error: string; errorCode: string }): string {
  const message = `authorization:github:${'token' in result ? 'success' : 'error'}:${JSON.stringify({ provider: 'github', ...result })}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in</title></head><body>
<p>Signing in…</p>
<script>
window.addEventListener('message', ({ data, origin }) => {
  if (data === 'authorizing:github') window.opener?.postMessage(${JSON.stringify(message)}, origin);
});
window.opener?.postMessage('authorizing:github', '*');
</script>
</body></html>`;
}

/** A Git host's consent page, reduced to what an editor does on it: say who they are, then authorize (or cancel). */
function consentPage(action: string, hidden: Record<string, string>, cancel: boolean): string {
  const fields = Object.entries(hidden).map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application</title></head><body>
<main>
<h1>Authorize Shopper content studio</h1>
<form action="${action}" method="get">
${fields.join('\n')}
<label>Username <input name="login" autocomplete="username"></label>
<button>Authorize</button>
${cancel ? '<button name="error" value="access_denied" formnovalidate>Cancel</button>' : ''}
</form>
</main>
</body></html>`;
}

/** Answers with JSON (nothing for a 204). */
function sendJson(response: ServerResponse, status: number, json?: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(json === undefined ? undefined : JSON.stringify(json));
}

/** Answers with an HTML page. */
function sendHtml(response: ServerResponse, text: string): void {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(text);
}

/** What a request to a stand-in carries: its parsed address and its body. */
interface StandInRequest {
  request: IncomingMessage;
  url: URL;
  body: string;
}

/** Serves `handle` on a free port of 127.0.0.1. The studio calls the APIs from its own origin with a token in a header: every answer allows that. */
async function serve(handle: (call: StandInRequest, response: ServerResponse) => void): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      return response
        .writeHead(204, {
          'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
        })
        .end();
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => handle({ request, url: new URL(request.url ?? '/', 'http://stand-in'), body }, response));
  });
  return { origin: await listenLocally(server), close: () => stopServer(server) };
}

/** A GraphQL call to a stand-in's API, and where it records what it was asked. */
interface GraphqlCall {
  path: string;
  body: string;
  signedIn: boolean;
  /** The `data` for a query and its variables; undefined when the stand-in has none. */
  answer(query: string, variables: { paths?: string[] }): unknown;
  asked: string[];
  unanswered: string[];
}

/** Records a GraphQL call and answers it: a query with its data, a write (a mutation) never. */
function answerGraphql({ path, body, signedIn, answer, asked, unanswered }: GraphqlCall, response: ServerResponse): void {
  const { query = '', variables = {} } = JSON.parse(body || '{}') as { query?: string; variables?: { paths?: string[] } };
  const write = query.trim().startsWith('mutation');
  asked.push(`POST ${path}${write ? ' mutation' : ''}`);
  if (!signedIn) return sendJson(response, 401, { message: 'Bad credentials' });
  const data = write ? undefined : answer(query, variables);
  if (data === undefined) {
    unanswered.push(`POST ${path} ${query.slice(0, 200)}`);
    return sendJson(response, 200, { errors: [{ message: 'The stand-in has no answer to this query.' }] });
  }
  return sendJson(response, 200, { data });
}

/** The repository's files with their Git blob ids. */
const filesWithShas = (files: Record<string, Buffer>) =>
  Object.entries(files).map(([path, bytes]) => ({ path, bytes, sha: gitBlobSha(bytes) }));

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startGitHubStandIn(options: GitHubStandInOptions): Promise<GitHubStandIn> {
  const { repo, branch, accounts } = options;
  const tree = filesWithShas(options.files);
  const bySha = new Map(tree.map((file) => [file.sha, file]));
  const tokens = new Map(accounts.map((account) => [`gho_stand_in_${account.login}`, account]));
  const asked: string[] = [];
  const unanswered: string[] = [];
  const allowedDomains = [...options.allowedDomains];
  const consents: string[] = [];
  const issued: string[] = [];
  const granted = new Set<string>();
  const codes = new Map<string, { account: StandInAccount; redirectUri: string; scope: string }>();
  const author = { name: 'Content Editor', email: 'editor@shopper.example', avatarUrl: null, user: { id: 1, login: 'editor' } };
  const history = { nodes: [{ oid: STAND_IN_COMMIT, message: 'Content', author, committedDate: COMMIT_DATE }] };

  /** Answers a GraphQL query by what it selects: the studio's queries are few and fixed. */
  const graphql = (query: string): unknown => {
    const aliased = [...query.matchAll(/(\w+_\d+):\s*(object|ref)\((?:oid: "(\w+)")?/g)];
    if (aliased.length) {
      return {
        repository: Object.fromEntries(
          aliased.map(([, alias = '', kind, oid = '']) => {
            if (kind === 'ref') return [alias, { target: { history } }];
            const blob = bySha.get(oid);
            if (blob) return [alias, { text: blob.bytes.toString('utf8'), isTruncated: false }];
            // A commit's deployments and checks: none.
            return [alias, { status: null, deployments: { nodes: [] }, checkSuites: { nodes: [] } }];
          }),
        ),
      };
    }
    if (query.includes('defaultBranchRef')) return { repository: { defaultBranchRef: { name: branch } } };
    if (query.includes('pullRequests(')) return { repository: { pullRequests: { nodes: [] } } };
    if (query.includes('ref(qualifiedName: $branch)')) return { repository: { ref: { target: { oid: STAND_IN_COMMIT, history } } } };
    return undefined;
  };

  const api = ({ request, url, body }: StandInRequest, response: ServerResponse) => {
    const path = url.pathname;
    const account = tokens.get((request.headers.authorization ?? '').replace(/^token /, ''));
    const send = (status: number, json?: unknown) => sendJson(response, status, json);
    if (path === '/graphql' && request.method === 'POST') return answerGraphql({ path, body, signedIn: !!account, answer: graphql, asked, unanswered }, response);
    asked.push(`${request.method} ${path}`);
    if (!account) return send(401, { message: 'Bad credentials' });
    const repoPath = `/api/v3/repos/${repo}`;
    if (request.method === 'GET' && path === '/api/v3/user') {
      return send(200, { id: accounts.indexOf(account) + 1, login: account.login, name: account.name, avatar_url: null, html_url: `https://github.com/${account.login}` });
    }
    if (request.method === 'GET' && path === `${repoPath}/collaborators/${account.login}`) {
      return account.canWrite ? send(204) : send(403, { message: 'Must have push access to view repository collaborators.' });
    }
    const treeish = path.startsWith(`${repoPath}/git/trees/`) ? path.slice(`${repoPath}/git/trees/`.length) : '';
    if (request.method === 'GET' && [branch, STAND_IN_COMMIT].includes(treeish) && url.searchParams.get('recursive') === '1') {
      return send(200, {
        sha: STAND_IN_COMMIT,
        tree: tree.map(({ path: file, sha, bytes }) => ({ path: file, mode: '100644', type: 'blob', sha, size: bytes.length })),
        truncated: false,
      });
    }
    unanswered.push(`${request.method} ${path}`);
    return send(404, { message: 'Not Found' });
  };

  /** GitHub's consent for an OAuth app: sends the pop-up back to the app's redirect_uri with a code (or access_denied). */
  const oauthApp = ({ request, url }: StandInRequest, response: ServerResponse) => {
    const query = url.searchParams;
    const param = (name: string) => query.get(name) ?? '';
    const [clientId, redirectUri, scope, state] = [param('client_id'), param('redirect_uri'), param('scope'), param('state')] as const;
    const back = (params: Record<string, string>, login = '') => {
      const target = new URL(redirectUri);
      target.search = new URLSearchParams({ ...params, state }).toString();
      // GitHub's own session: the account stays signed in on GitHub.
      const session = login ? { 'Set-Cookie': `stand_in_github_login=${login}; Path=/; HttpOnly` } : {};
      return response.writeHead(302, { Location: target.href, ...session }).end();
    };
    const signedIn = /(?:^|; )stand_in_github_login=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1];
    const login = url.pathname === '/login/oauth/consent' ? query.get('login') : granted.has(`${signedIn} ${clientId} ${scope}`) ? signedIn : null;
    if (url.pathname === '/login/oauth/authorize' && !login) return sendHtml(response, consentPage('/login/oauth/consent', { client_id: clientId, redirect_uri: redirectUri, scope, state }, true));
    const account = accounts.find((known) => known.login === login);
    if (query.get('error') || !account || clientId !== options.oauthApp?.clientId) return back({ error: 'access_denied' });
    granted.add(`${account.login} ${clientId} ${scope}`);
    consents.push(`${account.login} ${scope}`);
    const code = `code-${consents.length}`;
    codes.set(code, { account, redirectUri, scope });
    return back({ code }, account.login);
  };

  /** GitHub's token endpoint: a code, once, for the app's id and secret and the redirect_uri it was issued for. */
  const exchange = ({ body }: StandInRequest, response: ServerResponse) => {
    const { client_id: clientId, client_secret: secret, code = '', redirect_uri: redirectUri } = JSON.parse(body || '{}') as Record<string, string>;
    const issuedFor = codes.get(code);
    codes.delete(code);
    const app = options.oauthApp;
    if (!issuedFor || !app || clientId !== app.clientId || secret !== app.clientSecret || redirectUri !== issuedFor.redirectUri)
      return sendJson(response, 200, { error: 'bad_verification_code' });
    const token = `gho_stand_in_${issuedFor.account.login}`;
    issued.push(token);
    return sendJson(response, 200, { access_token: token, token_type: 'bearer', scope: issuedFor.scope });
  };

  const relay = (call: StandInRequest, response: ServerResponse) => {
    const { url } = call;
    const html = (text: string) => sendHtml(response, text);
    if (url.pathname === '/auth') {
      if (url.searchParams.get('provider') !== 'github')
        return html(handOverPage({ error: 'Your Git backend is not supported by the authenticator.', errorCode: 'UNSUPPORTED_BACKEND' }));
      if (!allowedDomains.includes(url.searchParams.get('site_id') ?? ''))
        return html(handOverPage({ error: 'Your domain is not allowed to use the authenticator.', errorCode: 'UNSUPPORTED_DOMAIN' }));
      return response.writeHead(302, { Location: `/login/oauth/authorize?state=stand-in-${Date.now()}` }).end();
    }
    if (url.pathname === '/login/oauth/authorize' && url.searchParams.has('redirect_uri')) return oauthApp(call, response);
    if (url.pathname === '/login/oauth/consent') return oauthApp(call, response);
    if (url.pathname === '/login/oauth/access_token' && call.request.method === 'POST') return exchange(call, response);
    if (url.pathname === '/login/oauth/authorize') return html(consentPage('/callback', { state: url.searchParams.get('state') ?? '' }, true));
    if (url.pathname === '/callback') {
      const login = url.searchParams.get('login');
      const known = accounts.find((account) => account.login === login);
      if (url.searchParams.get('error') || !known)
        return html(handOverPage({ error: 'Failed to receive an authorization code. Please try again later.', errorCode: 'AUTH_CODE_REQUEST_FAILED' }));
      return html(handOverPage({ token: `gho_stand_in_${known.login}` }));
    }
    return response.writeHead(404).end();
  };

  const { origin, close } = await serve((call, response) =>
    /^\/(api\/|graphql)/.test(call.url.pathname) ? api(call, response) : relay(call, response),
  );
  return { origin, authUrl: origin, apiRoot: `${origin}/api/v3`, allowedDomains, asked, consents, issued, unanswered, close };
}

/** What {@link startGitLabStandIn} serves. */
export type GitLabStandInOptions = Omit<GitHubStandInOptions, 'allowedDomains'>;

/** A running GitLab stand-in: its API's root as STUDIO_API_ROOT takes it (the studio signs in on its origin), and what it was asked. */
export type GitLabStandIn = Omit<GitHubStandIn, 'authUrl' | 'allowedDomains' | 'consents' | 'issued'>;

const base64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Starts a stand-in for a self-hosted GitLab on a free port of 127.0.0.1: PKCE sign-in, REST and GraphQL. */
export async function startGitLabStandIn({ repo, branch, files, accounts }: GitLabStandInOptions): Promise<GitLabStandIn> {
  const tree = filesWithShas(files);
  const byPath = new Map(tree.map((file) => [file.path, file]));
  const codes = new Map<string, { account: StandInAccount; challenge: string }>();
  const tokens = new Map<string, StandInAccount>();
  const asked: string[] = [];
  const unanswered: string[] = [];
  const project = `/api/v4/projects/${encodeURIComponent(repo)}`;

  /** Answers a GraphQL query by what it selects. */
  const graphql = (query: string, variables: { paths?: string[] }): unknown => {
    const repository = (answer: unknown) => ({ project: { repository: answer } });
    if (query.includes('lastCommit')) return repository({ tree: { lastCommit: { sha: STAND_IN_COMMIT, message: 'Content' } } });
    if (query.includes('blobs(after:')) {
      const nodes = tree.map(({ path, sha }) => ({ type: 'blob', path, sha }));
      return repository({ tree: { blobs: { nodes, pageInfo: { endCursor: '', hasNextPage: false } } } });
    }
    if (query.includes('blobs(ref:')) {
      return repository({ blobs: { nodes: (variables.paths ?? []).map((path) => ({ rawTextBlob: byPath.get(path)?.bytes.toString('utf8') ?? null })) } });
    }
    return undefined;
  };

  const { origin, close } = await serve(({ request, url, body }, response) => {
    const path = url.pathname;
    const send = (status: number, json?: unknown) => sendJson(response, status, json);
    const query = url.searchParams;
    if (path === '/oauth/authorize') {
      const hidden = { redirect_uri: query.get('redirect_uri') ?? '', state: query.get('state') ?? '', challenge: query.get('code_challenge') ?? '' };
      return sendHtml(response, consentPage('/oauth/consent', hidden, false));
    }
    if (path === '/oauth/consent') {
      const account = accounts.find(({ login }) => login === query.get('login'));
      if (!account) return sendHtml(response, '<!doctype html><title>Sign in</title><p>No such account.</p>');
      const code = `code-${codes.size + 1}`;
      codes.set(code, { account, challenge: query.get('challenge') ?? '' });
      const back = new URL(query.get('redirect_uri') ?? '');
      back.search = new URLSearchParams({ code, state: query.get('state') ?? '' }).toString();
      return response.writeHead(302, { Location: back.href }).end();
    }
    if (path === '/oauth/token' && request.method === 'POST') {
      const { code = '', code_verifier: verifier = '' } = JSON.parse(body || '{}') as { code?: string; code_verifier?: string };
      const issued = codes.get(code);
      codes.delete(code);
      // PKCE: the verifier's SHA-256 must be the challenge the authorize request carried.
      if (!issued || base64url(createHash('sha256').update(verifier).digest()) !== issued.challenge) return send(400, { error: 'invalid_grant' });
      const token = `glpat_stand_in_${issued.account.login}`;
      tokens.set(token, issued.account);
      return send(200, { access_token: token, token_type: 'Bearer', refresh_token: `${token}_refresh`, expires_in: 7200 });
    }
    if (!path.startsWith('/api/')) return send(404, { message: '404 Not Found' });
    const account = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (path === '/api/graphql' && request.method === 'POST') return answerGraphql({ path, body, signedIn: !!account, answer: graphql, asked, unanswered }, response);
    asked.push(`${request.method} ${path}`);
    if (!account) return send(401, { message: '401 Unauthorized' });
    const id = accounts.indexOf(account) + 1;
    if (request.method === 'GET' && path === '/api/v4/user') {
      return send(200, { id, username: account.login, name: account.name, avatar_url: null, web_url: `${origin}/${account.login}` });
    }
    if (request.method === 'GET' && path === `${project}/users`) return send(200, account.canWrite ? [{ id, username: account.login }] : []);
    // No open merge requests, deployments or commit statuses.
    if (request.method === 'GET' && [`${project}/merge_requests`, `${project}/deployments`, `${project}/repository/commits/${STAND_IN_COMMIT}/statuses`].includes(path))
      return send(200, []);
    if (request.method === 'GET' && path === `${project}/repository/branches/${branch}`) return send(200, { name: branch, commit: { id: STAND_IN_COMMIT } });
    unanswered.push(`${request.method} ${path}`);
    return send(404, { message: '404 Not Found' });
  });
  return { origin, apiRoot: `${origin}/api/v4`, asked, unanswered, close };
}
