// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useFormik } from 'formik';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { object, string } from 'yup';
import { Field, type FieldProps } from '../../../../src/islands/ui/Field';

afterEach(cleanup);

interface Values {
  email: string;
  note: string;
}

const schema = object({ email: string().required('Required').email('Must be a valid email'), note: string() });

function Form(props: Partial<FieldProps<Values>> & { status?: string }): ReactNode {
  const form = useFormik<Values>({ initialValues: { email: '', note: '' }, validationSchema: schema, validateOnChange: false, onSubmit: () => undefined, initialStatus: props.status });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <Field form={form} name="email" label="Email" type="email" {...props} />
      <Field form={form} name="note" label="Note" multiline />
      <button type="submit">Send</button>
    </form>
  );
}

describe('Field', () => {
  it('shows no error while typing, then after blur ties it to the field', async () => {
    render(<Form hint="We reply here." />);
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'nope' } });
    expect(screen.queryByText('Must be a valid email')).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(email);
    const message = await screen.findByText('Must be a valid email');
    const hint = screen.getByText('We reply here.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toBe(`${hint.id} ${message.id}`);
  });

  it('shows nothing when an empty field is tabbed past, and the error once it was left with a value', async () => {
    render(<Form />);
    const email = screen.getByLabelText('Email');
    fireEvent.blur(email);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Required')).toBeNull();
    fireEvent.change(email, { target: { value: 'x' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Must be a valid email')).toBeInTheDocument();
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it('shows the error of an untouched field after submit', async () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Note' }).tagName).toBe('TEXTAREA');
  });

  it('marks a required field for assistive technology, with the visible * only when asked', () => {
    const { unmount } = render(<Form required />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    unmount();
    render(<Form required requiredMark={false} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-required', 'true');
    expect(screen.queryByText('*')).toBeNull();
  });

  it('points at a message shown elsewhere instead of repeating it', async () => {
    render(
      <>
        <p id="form-status">Street not found</p>
        <Form errorShownAt="form-status" reserveError />
      </>,
    );
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'x' } });
    fireEvent.blur(email);
    await waitFor(() => expect(email).toHaveAttribute('aria-describedby', 'form-status'));
    expect(screen.queryByText('Must be a valid email')).toBeNull();
  });

  it('gives a password a show/hide toggle', () => {
    render(<Form type="password" label="Password" />);
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
