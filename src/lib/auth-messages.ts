import type { User } from './api/users';

/** Messages of SPEC section 8 that the sign-in screens show. */
export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  registrationFailed: 'Registration failed. Please try again.',
  loginFailed: 'Login failed',
  accountCreated: 'Successfully created account',
  emailSent: 'Email Sent',
  passwordReset: 'Password successfully reset',
  passwordChanged: 'Password Changed Successfully',
  unlocked: 'Account successfully unlocked',
  noUnlockToken: 'No unlock token found',
  unlockFailed: 'Something went wrong, please contact support',
  unlockPending: 'Your account is being unlocked...',
  unlockPageMissing: 'Failed, please use the link from the email, your token is missing',
  unlockPageFailed: 'Failed, please use the link from the email',
  googleFailed: 'Failed to Authenticate with Google',
  facebookFailed: 'Failed to Authenticate with Facebook',
  socialState: 'The sign-in could not be verified. Please try again.',
} as const;

/** SPEC section 8 durations: sign-in failures 3 s, the others 5 s. */
export const FAILURE_MS = { short: 3000, long: 5000 } as const;

/** A failed auth action with the message to show, how long, and any field errors from the server. */
export class AuthFailure extends Error {
  /** Milliseconds the toast stays. */
  readonly ms: number;
  /** Server field errors keyed by form field, when the server sent a field map. */
  readonly fieldErrors: Record<string, string>;

  constructor(message: string, ms: number, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'AuthFailure';
    this.ms = ms;
    this.fieldErrors = fieldErrors;
  }
}

/** The greeting of SPEC section 8: 'Welcome {first} {last}' where the full name is known, else 'Welcome {first name}'. */
export function welcomeMessage(user: Pick<User, 'firstName' | 'lastName'> | undefined): string {
  const name = [user?.firstName.trim(), user?.lastName.trim()].filter(Boolean).join(' ');
  return user?.firstName.trim() ? `Welcome ${name}` : 'Welcome';
}
