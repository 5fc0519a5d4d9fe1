// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showAsModal } from '../../../../src/lib/dialog';
import { ApiError } from '../../../../src/lib/api/errors';

vi.mock('../../../../src/lib/api/auth', () => ({
  passwordGrant: vi.fn(),
  googleCallback: vi.fn(),
  facebookCallback: vi.fn(),
  requestPasswordReset: vi.fn(),
  resetPassword: vi.fn(),
  unlockAccount: vi.fn(),
}));
vi.mock('../../../../src/lib/api/users', () => ({ createUser: vi.fn(), showDetails: vi.fn() }));

const authApi = await import('../../../../src/lib/api/auth');
const { ModalRoutes } = await import('../../../../src/islands/modal/ModalRoutes');
const { syncModal } = await import('../../../../src/lib/stores/modal');
const { BACKGROUND_KEY } = await import('../../../../src/lib/modal-routes');

function visit(path: string, background?: string): void {
  window.history.replaceState(background ? { [BACKGROUND_KEY]: `${window.location.origin}${background}` } : null, '', path);
  syncModal();
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = '';
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ModalRoutes', () => {
  it('renders nothing off a modal route', () => {
    visit('/portals/');
    render(<ModalRoutes />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the login dialog, labelled, modal and focused on the e-mail', async () => {
    visit('/login/');
    render(<ModalRoutes initialPath="/login/" />);
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.matches(':modal')).toBe(true);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Facebook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password/');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register/');
  });

  it('Escape goes back to the page behind', async () => {
    visit('/login/', '/portals/');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    render(<ModalRoutes />);
    await screen.findByRole('dialog', { name: 'Log In' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
  });

  it('Close goes back to the page behind, through the dialog closing', async () => {
    visit('/login/', '/portals/');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ModalRoutes />);
    const dialog = await screen.findByRole('dialog', { name: 'Log In' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1));
    expect((dialog as HTMLDialogElement).open).toBe(false);
  });

  it('hydrates a server-rendered dialog already made modal, without a warning and without moving focus', async () => {
    visit('/login/');
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ModalRoutes initialPath="/login/" />);
    document.body.append(container);
    const dialog = container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    showAsModal(dialog);
    const password = container.querySelector<HTMLInputElement>('input[name="password"]');
    password?.focus();
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const root = await act(async () => hydrateRoot(container, <ModalRoutes initialPath="/login/" />));
    expect(showModal).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(password);
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
  });

  it('validates on blur, not on change, and links the message to the field', async () => {
    visit('/login/');
    const user = userEvent.setup();
    render(<ModalRoutes />);
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'nope');
    expect(screen.queryByText('Must be a valid email')).toBeNull();
    await user.click(screen.getByLabelText('Keep me signed in'));
    const message = await screen.findByText('Must be a valid email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(message.id);
  });

  it('toggles the password with an aria-pressed button', async () => {
    visit('/login/');
    const user = userEvent.setup();
    render(<ModalRoutes />);
    const password = await screen.findByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('pre-fills the remembered e-mail and shows the reset and unlock flags', async () => {
    localStorage.setItem('remembered_username', 'thandi@example.com');
    visit('/login/?reset=successful&unlock=successful');
    render(<ModalRoutes />);
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('thandi@example.com'));
    expect(screen.getByLabelText('Keep me signed in')).toBeChecked();
    // The toast library loads with the first toast: give it time on a busy machine.
    expect(await screen.findByText('Password successfully reset', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Account successfully unlocked', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a failed sign-in shows Invalid email or password and keeps the dialog', async () => {
    visit('/login/');
    vi.mocked(authApi.passwordGrant).mockRejectedValue(new ApiError('invalid_grant', 'client', { status: 400 }));
    const user = userEvent.setup();
    render(<ModalRoutes />);
    await user.type(await screen.findByLabelText('Email'), 'thandi@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong#pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const message = await screen.findByText('Invalid email or password');
    // A modal dialog makes the rest of the page inert: the toast is shown inside it.
    expect(screen.getByRole('dialog', { name: 'Log In' })).toContainElement(message);
  });

  it('switches to the forgot-password dialog in place', async () => {
    visit('/login/', '/portals/');
    const user = userEvent.setup();
    render(<ModalRoutes />);
    const login = await screen.findByRole('dialog', { name: 'Log In' });
    await user.click(screen.getByRole('link', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBe(login);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(window.location.pathname).toBe('/forgot-password/');
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
  });

  it('shows a flash message left by the previous page', async () => {
    visit('/portals/');
    sessionStorage.setItem('flash', JSON.stringify([{ kind: 'success', message: 'Welcome Thandi' }]));
    render(<ModalRoutes />);
    expect(await screen.findByText('Welcome Thandi')).toBeInTheDocument();
    await act(async () => undefined);
    expect(sessionStorage.getItem('flash')).toBeNull();
  });

  it('registration names every field of the spec', async () => {
    visit('/register/');
    render(<ModalRoutes />);
    await screen.findByRole('dialog', { name: 'Register' });
    for (const label of ['First Name', 'Last Name', 'Email', 'Birth Date', 'Mobile', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label, { selector: 'input' })).toBeInTheDocument();
    }
  });

  it('the new-password screen has both fields and Save New Password', async () => {
    visit('/new-password/?token=t1');
    render(<ModalRoutes />);
    await screen.findByRole('dialog', { name: 'New Password' });
    expect(screen.getByLabelText('New Password', { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByLabelText('Re-enter New Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save New Password' })).toBeInTheDocument();
  });
});
