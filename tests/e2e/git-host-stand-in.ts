import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Stands in, on this machine, for the two hosts an editor's browser reaches to sign in to the studio with GitHub:
// the OAuth relay (a sveltia-cms-auth worker, with GitHub's consent page behind it) and GitHub's API. The relay speaks
// the worker's protocol: /auth checks the provider and the studio's host, sends the editor to the consent page, and
// /callback hands the token (or the error, with the worker's error code) to the studio's window by postMessage. The
// API answers what the studio asks at sign-in, from the files it is given, at one commit; it takes no writes.

/** A GitHub account the stand-in knows: its consent page signs in by login. */
export interface StandInAccount {
  login: string;
  name: string;
  /** Whether the account may push to the repository (GitHub then answers its collaborator check). */
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

/** GitHub's consent page, reduced to what an editor does on it: say who they are, then authorize or cancel. */
function consentPage(state: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application</title></head><body>
<main>
<h1>Authorize Shopper content studio</h1>
<form action="/callback" method="get">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label>Username <input name="code" autocomplete="username"></label>
<button>Authorize</button>
<button name="error" value="access_denied" formnovalidate>Cancel</button>
</form>
</main>
</body></html>`;
}

/** Starts the stand-in on a free port of 127.0.0.1. */
export async function startGitHubStandIn(options: GitHubStandInOptions): Promise<GitHubStandIn> {
  const { repo, branch, accounts } = options;
  const tree = Object.entries(options.files).map(([path, bytes]) => ({ path, bytes, sha: gitBlobSha(bytes) }));
  const bySha = new Map(tree.map((file) => [file.sha, file]));
  const tokens = new Map(accounts.map((account) => [`gho_stand_in_${account.login}`, account]));
  const asked: string[] = [];
  const unanswered: string[] = [];
  const allowedDomains = [...options.allowedDomains];
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

  const api = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const account = tokens.get((request.headers.authorization ?? '').replace(/^token /, ''));
    const send = (status: number, json?: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(json === undefined ? undefined : JSON.stringify(json));
    };
    if (path === '/graphql' && request.method === 'POST') {
      const { query = '' } = JSON.parse(body || '{}') as { query?: string };
      const write = query.trim().startsWith('mutation');
      asked.push(`POST ${path}${write ? ' mutation' : ''}`);
      if (!account) return send(401, { message: 'Bad credentials' });
      const data = write ? undefined : graphql(query);
      if (data === undefined) {
        unanswered.push(`POST ${path} ${query.slice(0, 200)}`);
        return send(200, { errors: [{ message: 'The stand-in has no answer to this query.' }] });
      }
      return send(200, { data });
    }
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

  const relay = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const html = (text: string) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(text);
    if (url.pathname === '/auth') {
      if (url.searchParams.get('provider') !== 'github')
        return html(handOverPage({ error: 'Your Git backend is not supported by the authenticator.', errorCode: 'UNSUPPORTED_BACKEND' }));
      if (!allowedDomains.includes(url.searchParams.get('site_id') ?? ''))
        return html(handOverPage({ error: 'Your domain is not allowed to use the authenticator.', errorCode: 'UNSUPPORTED_DOMAIN' }));
      return response.writeHead(302, { Location: `/login/oauth/authorize?state=stand-in-${Date.now()}` }).end();
    }
    if (url.pathname === '/login/oauth/authorize') return html(consentPage(url.searchParams.get('state') ?? ''));
    if (url.pathname === '/callback') {
      const login = url.searchParams.get('code');
      const known = accounts.find((account) => account.login === login);
      if (url.searchParams.get('error') || !known)
        return html(handOverPage({ error: 'Failed to receive an authorization code. Please try again later.', errorCode: 'AUTH_CODE_REQUEST_FAILED' }));
      return html(handOverPage({ token: `gho_stand_in_${known.login}` }));
    }
    return response.writeHead(404).end();
  };

  const server = createServer((request, response) => {
    if (!/^\/(api\/|graphql)/.test(request.url ?? '')) return relay(request, response);
    // The studio calls the API from its own origin, with a token in a header: every answer carries CORS headers.
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
    request.on('end', () => api(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    authUrl: origin,
    apiRoot: `${origin}/api/v3`,
    allowedDomains,
    asked,
    unanswered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
