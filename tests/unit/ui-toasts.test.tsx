// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, Toasts } from '../../src/islands/ui/Toasts';

describe('Toasts', () => {
  it('renders no toast region until a toast is raised, then shows the toast once the library has loaded', async () => {
    const { container } = render(<Toasts />);
    expect(container.querySelector('.Toastify')).toBeNull();
    notify.error('Invalid email or password');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });
});
