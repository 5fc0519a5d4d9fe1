// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';

vi.mock('../../src/lib/api/auth', () => ({
  passwordGrant: vi.fn(),
  googleCallback: vi.fn(),
  facebookCallback: vi.fn(),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  unlockAccount: vi.fn(),
}));
vi.mock('../../src/lib/api/users', async (original) => ({ ...(await original<typeof import('../../src/lib/api/users')>()), createUser: vi.fn(), showDetails: vi.fn() }));

const authApi = await import('../../src/lib/api/auth');
const usersApi = await import('../../src/lib/api/users');
const auth = {
  ...(await import('../../src/lib/auth-messages')),
  ...(await import('../../src/lib/stores/sign-in')),
  ...(await import('../../src/lib/stores/registration')),
  ...(await import('../../src/lib/remembered-username')),
  ...(await import('../../src/lib/stores/recovery')),
  ...(await import('../../src/lib/stores/unlock')),
  ...(await import('../../src/lib/stores/social-sign-in')),
};
const { $currentUser } = await import('../../src/lib/stores/user');
const { clearTokens } = await import('../../src/lib/stores/session');

const tokens = { access_token: 'access-1', refresh_token: 'refresh-1' };
const user = { id: 7, firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', mobile: '+27821234567', notificationMethod: 'email', birthDate: '1990-01-01', archivedAt: null };
const registration = {
  firstName: ' Thandi ',
  lastName: 'Nkosi',
  email: 'thandi@example.com ',
  birthDate: '1990-01-01',
  mobile: '082 123 4567',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
};

/** A write's outcome as a promise: its result, or a rejection with its failure (as the forms read it). */
async function settled<T>(outcome: Promise<{ data: T } | { error: unknown } | undefined>): Promise<T> {
  const done = await outcome;
  if (!done) throw new Error('nothing was sent: a write was in flight');
  if ('error' in done) throw done.error;
  return done.data;
}
const signIn = (values: { username: string; password: string; remember: boolean }) => settled(auth.$signIn.mutate(values));
const register = (values: typeof registration) => settled(auth.$register.mutate(values));
const forgotPassword = (email: string) => settled(auth.$forgotPassword.mutate(email));
const resetPassword = (token: string, password: string, confirmPassword: string) => settled(auth.$newPassword.mutate({ token, password, confirmPassword }));
/** The unlock page's outcome: undefined once unlocked, else what it shows. */
async function unlockAccount(token: string | null) {
  const done = await auth.$unlock.mutate(token);
  return done && 'error' in done ? done.error : undefined;
}

async function failureOf(promise: Promise<unknown>): Promise<InstanceType<typeof auth.AuthFailure>> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(auth.AuthFailure);
  return error as InstanceType<typeof auth.AuthFailure>;
}

beforeEach(() => {
  vi.clearAllMocks();
  clearTokens();
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(usersApi.showDetails).mockResolvedValue(user);
});

describe('signIn', () => {
  it('keeps tokens in localStorage with Keep me signed in, remembers the e-mail and loads the shopper', async () => {
    vi.mocked(authApi.passwordGrant).mockResolvedValue(tokens);
    const result = await signIn({ username: ' thandi@example.com ', password: 'Secret#2026', remember: true });
    expect(authApi.passwordGrant).toHaveBeenCalledWith('thandi@example.com', 'Secret#2026');
    expect(result.firstName).toBe('Thandi');
    expect((await $currentUser.fetch()) as unknown).toEqual({ data: user });
    expect(usersApi.showDetails).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('remember_me')).toBe('true');
    expect(auth.rememberedUsername()).toBe('thandi@example.com');
  });

  it('keeps tokens in sessionStorage without it and forgets the e-mail', async () => {
    localStorage.setItem('remembered_username', 'old@example.com');
    vi.mocked(authApi.passwordGrant).mockResolvedValue(tokens);
    await signIn({ username: 'thandi@example.com', password: 'Secret#2026', remember: false });
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(auth.rememberedUsername()).toBe('');
  });

  it('turns invalid_grant into Invalid email or password (3 s)', async () => {
    vi.mocked(authApi.passwordGrant).mockRejectedValue(new ApiError('invalid_grant', 'client', { status: 400, description: 'The provided authorization grant is invalid' }));
    const failure = await failureOf(signIn({ username: 'a@b.co', password: 'x', remember: false }));
    expect(failure.message).toBe('Invalid email or password');
    expect(failure.ms).toBe(3000);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('shows the server message for other failures', async () => {
    vi.mocked(authApi.passwordGrant).mockRejectedValue(new ApiError('Server is probably offline', 'offline'));
    expect((await failureOf(signIn({ username: 'a@b.co', password: 'x', remember: false }))).message).toBe('Server is probably offline');
  });

  it('drops the tokens when the shopper cannot be loaded', async () => {
    vi.mocked(authApi.passwordGrant).mockResolvedValue(tokens);
    vi.mocked(usersApi.showDetails).mockRejectedValue(new ApiError('Request failed with status code 500', 'server', { status: 500 }));
    await failureOf(signIn({ username: 'a@b.co', password: 'x', remember: false }));
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });
});

describe('register', () => {
  it('sends trimmed values and a mobile without spaces', async () => {
    vi.mocked(usersApi.createUser).mockResolvedValue(user);
    await register(registration);
    expect(usersApi.createUser).toHaveBeenCalledWith({
      firstName: 'Thandi',
      lastName: 'Nkosi',
      email: 'thandi@example.com',
      birthDate: '1990-01-01',
      mobile: '0821234567',
      password: 'Secret#2026',
    });
  });

  it('fails with Registration failed. Please try again. (5 s) and the server field errors', async () => {
    vi.mocked(usersApi.createUser).mockRejectedValue(new ApiError('Validation failed', 'client', { status: 422, errors: { email: ['has already been taken'] } }));
    const failure = await failureOf(register(registration));
    expect(failure.message).toBe('Registration failed. Please try again.');
    expect(failure.ms).toBe(5000);
    expect(failure.fieldErrors).toEqual({ email: 'has already been taken' });
  });

  it('signs in after registering, or fails with Login failed', async () => {
    vi.mocked(authApi.passwordGrant).mockResolvedValueOnce(tokens);
    expect((await auth.signInAfterRegistration(registration)).firstName).toBe('Thandi');
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    vi.mocked(authApi.passwordGrant).mockRejectedValueOnce(new ApiError('invalid_grant', 'client', { status: 400 }));
    expect((await failureOf(auth.signInAfterRegistration(registration))).message).toBe('Login failed');
  });

  it("resolves with what the next page says: the account created, then the welcome or 'Login failed'", async () => {
    vi.mocked(usersApi.createUser).mockResolvedValue(user);
    vi.mocked(authApi.passwordGrant).mockResolvedValueOnce(tokens);
    await expect(register(registration)).resolves.toEqual([
      { kind: 'success', message: 'Successfully created account' },
      { kind: 'success', message: 'Welcome Thandi Nkosi' },
    ]);
    vi.mocked(authApi.passwordGrant).mockRejectedValueOnce(new ApiError('Too many requests', 'client', { status: 429 }));
    await expect(register(registration)).resolves.toEqual([
      { kind: 'success', message: 'Successfully created account' },
      { kind: 'error', message: 'Login failed' },
    ]);
    // The sign-in's 429 is not the registration's: Register is not held.
    expect(auth.$register.wait.left()).toBe(0);
  });
});

describe('recovery and unlock', () => {
  it('forgot and reset failures carry the server message for 5 s', async () => {
    vi.mocked(authApi.requestPasswordReset).mockRejectedValue(new ApiError('Mail is down', 'server', { status: 503 }));
    const forgot = await failureOf(forgotPassword('a@b.co'));
    expect([forgot.message, forgot.ms]).toEqual(['Mail is down', 5000]);
    vi.mocked(authApi.resetPassword).mockRejectedValue(new ApiError('Reset password token is invalid', 'client', { status: 422 }));
    const reset = await failureOf(resetPassword('t', 'Secret#2026', 'Secret#2026'));
    expect([reset.message, reset.ms]).toEqual(['Reset password token is invalid', 5000]);
    expect(authApi.resetPassword).toHaveBeenCalledWith({ confirmationCode: 't', password: 'Secret#2026', confirmPassword: 'Secret#2026' });
  });

  it('unlock: missing token, failure and success', async () => {
    expect(await unlockAccount(null)).toEqual({
      toast: 'No unlock token found',
      text: 'Failed, please use the link from the email, your token is missing',
    });
    vi.mocked(authApi.unlockAccount).mockRejectedValueOnce(new ApiError('Invalid unlock token', 'client', { status: 422 }));
    expect(await unlockAccount('bad')).toEqual({ toast: 'Something went wrong, please contact support', text: 'Failed, please use the link from the email' });
    vi.mocked(authApi.unlockAccount).mockResolvedValueOnce(undefined);
    expect(await unlockAccount('good')).toBeUndefined();
    expect(auth.authMessages.unlockPending).toBe('Your account is being unlocked...');
  });
});

describe('a 429 on forgot password, unlock and registration', () => {
  const tooMany = (retryAfter?: number) => new ApiError('Too many requests. Try again in 900 seconds.', 'client', { status: 429, retryAfter });

  beforeEach(() => {
    for (const wait of [auth.resetLinkWait, auth.$unlock.wait, auth.$register.wait]) wait.$until.set(0);
  });

  it('forgot password says how long to wait (5 s) and sends nothing more until then', async () => {
    vi.mocked(authApi.requestPasswordReset).mockRejectedValue(tooMany(900));
    const forgot = await failureOf(forgotPassword('a@b.co'));
    expect([forgot.message, forgot.ms]).toEqual(['Too many password reset requests. Please wait 15 minutes before you try again.', 5000]);
    await failureOf(forgotPassword('a@b.co'));
    expect(authApi.requestPasswordReset).toHaveBeenCalledTimes(1);
  });

  it('registration says how long to wait instead of Registration failed, and marks no field', async () => {
    vi.mocked(usersApi.createUser).mockRejectedValue(tooMany(120));
    const failure = await failureOf(register(registration));
    expect([failure.message, failure.ms, failure.fieldErrors]).toEqual(['Too many registration attempts. Please wait 2 minutes before you try again.', 5000, {}]);
  });

  it('the unlock page says how long to wait', async () => {
    vi.mocked(authApi.unlockAccount).mockRejectedValue(tooMany());
    const text = 'Too many unlock attempts. Please wait 30 seconds before you try again.';
    expect(await unlockAccount('token')).toEqual({ toast: text, text });
  });
});

describe('social sign-in', () => {
  const signed = (payload: object) => `signature.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
  const saved = () => JSON.parse(sessionStorage.getItem('oauth_state') ?? '{}') as { state: string; verifier: string; nonce?: string; remember: boolean; next: string };
  const stateOf = async (provider: 'google' | 'facebook', options = {}) => new URL(await auth.socialSignInUrl(provider, options)).searchParams.get('state') ?? '';

  it('builds the consent URL with client id, our callback, a state, a PKCE S256 challenge and (Google) a nonce, kept in sessionStorage', async () => {
    const url = new URL(await auth.socialSignInUrl('google', { remember: true, next: '/help/' }));
    expect(url.searchParams.get('client_id')).toBe('sandbox-google');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/auth/google/callback/`);
    const kept = saved();
    expect(url.searchParams.get('state')).toBe(kept.state);
    expect(kept).toMatchObject({ remember: true, next: '/help/' });
    expect(kept.verifier).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBe(createHash('sha256').update(kept.verifier).digest('base64url'));
    expect(url.searchParams.get('nonce')).toBe(kept.nonce);
    expect(kept.nonce).toMatch(/^[\w-]{22}$/);

    const facebook = new URL(await auth.socialSignInUrl('facebook'));
    expect(facebook.searchParams.get('code_challenge')).toBe(createHash('sha256').update(saved().verifier).digest('base64url'));
    expect(facebook.searchParams.has('nonce')).toBe(false);
  });

  it('completes Google: checks state, trades the code with its verifier, redirect URI and nonce, stores tokens and goes on', async () => {
    const state = await stateOf('google', { remember: true, next: '/help/' });
    const { verifier, nonce } = saved();
    vi.mocked(authApi.googleCallback).mockResolvedValue(tokens);
    const result = await auth.completeSocialSignIn('google', new URLSearchParams({ code: 'c1', state }));
    expect(authApi.googleCallback).toHaveBeenCalledWith({ code: 'c1', codeVerifier: verifier, redirectUri: `${window.location.origin}/auth/google/callback/`, nonce });
    expect(result).toEqual({ user, next: '/help/' });
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(sessionStorage.getItem('oauth_state')).toBeNull();
  });

  it('refuses a state it did not send, and a flow whose verifier this tab does not hold', async () => {
    await auth.socialSignInUrl('google');
    const failure = await failureOf(auth.completeSocialSignIn('google', new URLSearchParams({ code: 'c1', state: 'forged' })));
    expect(failure.message).toBe('The sign-in could not be verified. Please try again.');
    const state = await stateOf('google');
    const { verifier: _verifier, ...withoutVerifier } = saved();
    sessionStorage.setItem('oauth_state', JSON.stringify({ ...withoutVerifier, provider: 'google' }));
    const noVerifier = await failureOf(auth.completeSocialSignIn('google', new URLSearchParams({ code: 'c1', state })));
    expect(noVerifier.message).toBe('The sign-in could not be verified. Please try again.');
    expect(authApi.googleCallback).not.toHaveBeenCalled();
  });

  it('Google failures use error_description, else Failed to Authenticate with Google', async () => {
    let state = await stateOf('google');
    vi.mocked(authApi.googleCallback).mockRejectedValueOnce(new ApiError('invalid_grant', 'client', { status: 401, description: 'The code expired' }));
    expect((await failureOf(auth.completeSocialSignIn('google', new URLSearchParams({ code: 'c', state })))).message).toBe('The code expired');
    state = await stateOf('google');
    expect((await failureOf(auth.completeSocialSignIn('google', new URLSearchParams({ error: 'access_denied', state })))).message).toBe(
      'Failed to Authenticate with Google',
    );
  });

  it("completes Facebook with the redirect's code, or the code inside the SDK's signed request", async () => {
    let state = await stateOf('facebook');
    const { verifier } = saved();
    vi.mocked(authApi.facebookCallback).mockResolvedValue(tokens);
    const result = await auth.completeSocialSignIn('facebook', new URLSearchParams({ code: 'fb-code', state }));
    expect(authApi.facebookCallback).toHaveBeenCalledWith({ code: 'fb-code', codeVerifier: verifier, redirectUri: `${window.location.origin}/auth/facebook/callback/`, nonce: undefined });
    expect(result.next).toBe('/');
    expect(sessionStorage.getItem('access_token')).toBe('access-1');
    state = await stateOf('facebook');
    await auth.completeSocialSignIn('facebook', new URLSearchParams({ signed_request: signed({ code: 'sdk-code', algorithm: 'HMAC-SHA256' }), state }));
    expect(authApi.facebookCallback).toHaveBeenLastCalledWith(expect.objectContaining({ code: 'sdk-code' }));
  });

  it('the callback page completes it through its write store, failing with the AuthFailure the page shows', async () => {
    const state = await stateOf('google', { next: '/help/' });
    vi.mocked(authApi.googleCallback).mockResolvedValue(tokens);
    await expect(auth.$socialSignIn.mutate({ provider: 'google', search: new URLSearchParams({ code: 'c1', state }) })).resolves.toEqual({ data: { user, next: '/help/' } });
    const refused = await auth.$socialSignIn.mutate({ provider: 'facebook', search: new URLSearchParams({ code: 'c1', state: 'forged' }) });
    expect(refused && 'error' in refused && refused.error).toBeInstanceOf(auth.AuthFailure);
    expect(refused && 'error' in refused && [refused.error.message, refused.error.ms]).toEqual(['The sign-in could not be verified. Please try again.', 5000]);
  });

  it('Facebook failures say Failed to Authenticate with Facebook', async () => {
    const state = await stateOf('facebook');
    vi.mocked(authApi.facebookCallback).mockRejectedValue(new ApiError('invalid_grant', 'client', { status: 401, description: 'nope' }));
    const failure = await failureOf(auth.completeSocialSignIn('facebook', new URLSearchParams({ code: 'x', state })));
    expect(failure.message).toBe('Failed to Authenticate with Facebook');
  });

  it('reads the code of a signed request and rejects garbage', () => {
    expect(auth.codeFromSignedRequest(signed({ code: 'abc' }))).toBe('abc');
    expect(auth.codeFromSignedRequest('no-dot')).toBeUndefined();
    expect(auth.codeFromSignedRequest('sig.!!!')).toBeUndefined();
    expect(auth.codeFromSignedRequest(signed({ other: 1 }))).toBeUndefined();
  });
});
