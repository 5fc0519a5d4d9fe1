const REMEMBERED_USERNAME = 'remembered_username';

/** The e-mail remembered by the last sign-in with Keep me signed in; '' when none. */
export function rememberedUsername(): string {
  try {
    return localStorage.getItem(REMEMBERED_USERNAME) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the e-mail for the next sign-in when Keep me signed in is ticked, and forgets it when it is not. */
export function rememberUsername(username: string, remember: boolean): void {
  try {
    if (remember) localStorage.setItem(REMEMBERED_USERNAME, username);
    else localStorage.removeItem(REMEMBERED_USERNAME);
  } catch {
    // Remembering the e-mail is a convenience; blocked storage must not fail the sign-in.
  }
}
