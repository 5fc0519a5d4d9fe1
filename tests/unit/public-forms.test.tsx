// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';

const sendContactMessage = vi.fn();
const sendAdvertiseMessage = vi.fn();
const notify = { success: vi.fn(), error: vi.fn() };

vi.mock('../../src/lib/api/email', () => ({ sendContactMessage, sendAdvertiseMessage }));
// toastError stands in as the toast module writes it, so the tests see the message the shopper reads.
vi.mock('../../src/islands/ui/Toasts', async () => {
  const { errorMessage } = await import('../../src/lib/error-message');
  return { Toasts: () => null, notify, toastError: (error: unknown) => notify.error(errorMessage(error)) };
});

const { ContactForm } = await import('../../src/islands/contact-us/ContactForm');
const { AdvertiseForm } = await import('../../src/islands/advertise-with-us/AdvertiseForm');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ContactForm', () => {
  it('renders on the server with a label for every field', () => {
    const html = renderToString(<ContactForm />);
    for (const name of ['email', 'firstname', 'lastname', 'mobile', 'querytitle', 'querydescription']) {
      expect(html).toContain(`for="contact-${name}"`);
      expect(html).toContain(`name="${name}"`);
    }
  });

  it('keeps what was typed before hydration and flags a field already left', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    (container.querySelector('input[name="email"]') as HTMLInputElement).value = 'nope';
    (container.querySelector('input[name="firstname"]') as HTMLInputElement).value = 'Sipho';
    const ready = vi.fn();
    container.addEventListener('island:ready', ready);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ContactForm />);
    });
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Sipho');
    expect(ready).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ok@example.com' } });
    sendContactMessage.mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(sendContactMessage).toHaveBeenCalledWith(expect.objectContaining({ email: 'ok@example.com', firstname: 'Sipho' })));
    act(() => root?.unmount());
    container.remove();
  });

  it('says ready only once the typed values are in the form, so a held submit sends them', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    (container.querySelector('input[name="email"]') as HTMLInputElement).value = 'held@example.com';
    sendContactMessage.mockResolvedValue(undefined);
    // The client:interact directive replays a held submit on this signal.
    container.addEventListener('island:ready', (event) => (event.target as HTMLFormElement).requestSubmit());
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ContactForm />);
    });
    await waitFor(() => expect(sendContactMessage).toHaveBeenCalledWith(expect.objectContaining({ email: 'held@example.com' })));
    expect(screen.queryByText('Required')).toBeNull();
    act(() => root?.unmount());
    container.remove();
  });

  it('shows the section 5 e-mail message, linked to the field, and sends nothing', async () => {
    render(<ContactForm />);
    const email = screen.getByLabelText(/E-mail/);
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.blur(email);
    const message = await screen.findByText('Must be a valid email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(sendContactMessage).not.toHaveBeenCalled();
  });

  it('sends the values with their client names and says Successfully Sent', async () => {
    sendContactMessage.mockResolvedValue(undefined);
    render(<ContactForm />);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Query title'), { target: { value: 'Order 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Successfully Sent'));
    expect(sendContactMessage).toHaveBeenCalledWith({ email: 'a@example.com', firstname: '', lastname: '', mobile: '', querytitle: 'Order 7', querydescription: '' });
  });

  it('shows a server error message as an error toast', async () => {
    sendContactMessage.mockRejectedValue(new ApiError('Mail service unavailable', 'server', { status: 500 }));
    render(<ContactForm />);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'a@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Mail service unavailable'));
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('AdvertiseForm', () => {
  it('sends the message and says Email Sent', async () => {
    sendAdvertiseMessage.mockResolvedValue(undefined);
    render(<AdvertiseForm />);
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Kasi Kicks' } });
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ads@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Email Sent'));
    expect(sendAdvertiseMessage).toHaveBeenCalledWith({ email: 'ads@example.com', mobile: '', companyName: 'Kasi Kicks', description: 'Hello' });
  });

  it('falls back to the catch-all message for a non-API failure', async () => {
    sendAdvertiseMessage.mockRejectedValue(new Error('boom'));
    render(<AdvertiseForm />);
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'ads@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Something terrible happened'));
  });
});
