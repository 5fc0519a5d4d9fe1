import { $accessToken, readStoredToken } from '../stores/session';

/** Keeps visitors off a login-required page: sends them to / now or the moment the session ends (any tab); returns a function that stops watching. */
export function requireSession(home = '/'): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (!readStoredToken('access_token')) {
    window.location.replace(home);
    return () => undefined;
  }
  return $accessToken.listen((token) => {
    if (token === '') window.location.replace(home);
  });
}
