import { describe, expect, it, vi } from 'vitest';
import { loginSchema } from '../../src/lib/schemas/auth';
import { lazySchema } from '../../src/islands/auth/lazy-schema';

describe('lazily loaded validation', () => {
  it('loads the schema when first asked and gives formik the same errors as validationSchema', async () => {
    const load = vi.fn(async () => loginSchema);
    const validate = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    const errors = await validate({ username: 'not an e-mail', password: '', remember: false });
    expect(load).toHaveBeenCalledOnce();
    expect(Object.keys(errors).sort()).toEqual(['password', 'username']);
    expect(await validate({ username: 'a@example.com', password: 'Secret123!', remember: true })).toEqual({});
  });

  it('lets other failures through', async () => {
    const validate = lazySchema(async () => {
      throw new Error('chunk failed');
    });
    await expect(validate({})).rejects.toThrow('chunk failed');
  });
});
