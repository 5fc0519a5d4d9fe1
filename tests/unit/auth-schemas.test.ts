import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { forgotSchema, loginSchema, registerSchema, resetSchema } from '../../src/lib/schemas/auth';

const good = {
  firstName: 'Thandi',
  lastName: 'Nkosi',
  email: 'thandi@example.com',
  birthDate: '1990-01-01',
  mobile: '+27821234567',
  password: 'Secret#2026',
  confirmPassword: 'Secret#2026',
};

async function errorsOf(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: unknown): Promise<Record<string, string[]>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const result: Record<string, string[]> = {};
    for (const inner of error.inner) (result[inner.path ?? ''] ??= []).push(inner.message);
    return result;
  }
}

describe('registration schema', () => {
  it('accepts a complete adult registration', async () => {
    expect(await errorsOf(registerSchema, good)).toEqual({});
  });

  it.each([
    ['short', 'Password must contain at least 8 characters'],
    ['SECRET#2026', 'Must have 1 lowercase'],
    ['secret#2026', 'Must have 1 uppercase'],
    ['Secret#abcd', 'Must have 1 digit'],
    ['Secret2026a', 'Must have 1 symbol'],
  ])('password %s fails with %s', async (password, message) => {
    const errors = await errorsOf(registerSchema, { ...good, password, confirmPassword: password });
    expect(errors.password).toContain(message);
  });

  it('needs matching passwords', async () => {
    const errors = await errorsOf(registerSchema, { ...good, confirmPassword: 'Other#2026x' });
    expect(errors.confirmPassword).toEqual(['Passwords must match']);
  });

  it('needs a valid e-mail', async () => {
    expect((await errorsOf(registerSchema, { ...good, email: 'not-an-email' })).email).toEqual(['Must be a valid email']);
  });

  it.each(['+2782123', '082123', '27821234567', '+1 555 123 4567'])('rejects mobile %s', async (mobile) => {
    expect((await errorsOf(registerSchema, { ...good, mobile })).mobile).toEqual([
      'Must be a valid mobile number: +27 and at least 12 characters, or 0 and at least 10',
    ]);
  });

  it.each(['+27821234567', '0821234567', '082 123 4567'])('accepts mobile %s', async (mobile) => {
    expect((await errorsOf(registerSchema, { ...good, mobile })).mobile).toBeUndefined();
  });

  it('needs a shopper older than 18', async () => {
    const now = new Date();
    const young = `${now.getUTCFullYear() - 17}-01-01`;
    expect((await errorsOf(registerSchema, { ...good, birthDate: young })).birthDate).toEqual(['Must be older than 18']);
    expect((await errorsOf(registerSchema, { ...good, birthDate: '' })).birthDate).toEqual(['Must be older than 18']);
  });

  it('marks empty required fields', async () => {
    const errors = await errorsOf(registerSchema, { ...good, firstName: ' ', lastName: '', email: '', mobile: '' });
    expect(errors.firstName).toEqual(['Required']);
    expect(errors.lastName).toEqual(['Required']);
    expect(errors.email).toEqual(['Required']);
    expect(errors.mobile).toEqual(['Required']);
  });
});

describe('login schema', () => {
  it('takes an e-mail username, the shared password rule and a remember flag', async () => {
    expect(await errorsOf(loginSchema, { username: 'a@b.co', password: 'Secret#2026', remember: true })).toEqual({});
    const errors = await errorsOf(loginSchema, { username: 'nope', password: 'weak' });
    expect(errors.username).toEqual(['Must be a valid email']);
    expect(errors.password).toContain('Password must contain at least 8 characters');
  });

  it('defaults remember to false', () => {
    expect(loginSchema.cast({ username: 'a@b.co', password: 'x' }).remember).toBe(false);
  });
});

describe('forgot and reset schemas', () => {
  it('forgot needs a valid e-mail', async () => {
    expect((await errorsOf(forgotSchema, { email: 'x' })).email).toEqual(['Must be a valid email']);
    expect(await errorsOf(forgotSchema, { email: 'a@b.co' })).toEqual({});
  });

  it('reset needs the password rule and a matching confirmation', async () => {
    expect(await errorsOf(resetSchema, { password: 'Secret#2026', confirmPassword: 'Secret#2026' })).toEqual({});
    const errors = await errorsOf(resetSchema, { password: 'Secret#2026', confirmPassword: 'Secret#2027' });
    expect(errors.confirmPassword).toEqual(['Passwords must match']);
    expect((await errorsOf(resetSchema, { password: 'abc', confirmPassword: 'abc' })).password).toEqual([
      'Password must contain at least 8 characters',
      'Must have 1 uppercase',
      'Must have 1 digit',
      'Must have 1 symbol',
    ]);
  });
});
