import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { ValidationError } from 'yup';
import * as client from '../../src/lib/schemas/rules';
import { ifUnavailableFields } from '../../src/lib/schemas/order';
import { readIfUnavailable } from '../../sandbox/src/if-unavailable';
import * as sandbox from '../../sandbox/src/validation';
import { FieldReader } from '../../sandbox/src/http';
import { bankAccountProblem } from '../../src/lib/sa-banks';
import { sentence, withdrawalSchema } from '../../src/lib/schemas/credit';

// The client's rules (src/lib/schemas) and the sandbox's (sandbox/src) are written twice; the same cases
// go through both, and where SPEC section 5 gives a message both sides must give it word for word.

async function clientMessages(rule: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown): Promise<string[]> {
  try {
    await rule.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.errors;
  }
}

function sandboxMessages(check: (reader: FieldReader, field: string, value: string) => void, value: string): string[] {
  const reader = new FieldReader({});
  check(reader, 'field', value);
  return reader.errors.field ?? [];
}

describe('client and sandbox validation agree (SPEC section 5)', () => {
  it.each(['a@b.co', 'thandi.nkosi@example.co.za', 'not-an-email', 'a@b', '@example.com', 'a b@example.com', 'a@@example.com', `${'a'.repeat(250)}@b.co`])('e-mail %s', async (value) => {
    const fromClient = await clientMessages(client.email, value);
    expect(fromClient).toEqual(sandboxMessages(sandbox.checkEmail, value));
    expect(fromClient).toEqual(sandbox.isEmail(value) ? [] : ['Must be a valid email']);
  });

  it.each(['Secret#2026', 'ÄÖÜ#2026x', 'abc', 'SECRET#2026', 'secret#2026', 'Secret#abcd', 'Secret2026a', 'short', ''])('password %j', async (value) => {
    const fromClient = await clientMessages(client.password, value);
    expect(fromClient).toEqual(sandbox.passwordProblems(value));
    expect(fromClient.every((m) => m === 'Password must contain at least 8 characters' || /^Must have 1 (lowercase|uppercase|digit|symbol)$/.test(m))).toBe(true);
  });

  it('the password messages are the spec\'s: Must have 1 lowercase, uppercase, digit, symbol', async () => {
    expect(await clientMessages(client.password, '')).toEqual([
      'Password must contain at least 8 characters',
      'Must have 1 lowercase',
      'Must have 1 uppercase',
      'Must have 1 digit',
      'Must have 1 symbol',
    ]);
  });

  it.each(['+27821234567', '0821234567', '082 123 4567', '0abcdefghij', '+27abcdefghij', '+2782123', '082123', '27821234567', '+1 555 123 4567', '08212345-7'])(
    'mobile %s',
    async (value) => {
      const fromClient = await clientMessages(client.mobile, value);
      expect(client.isMobile(value)).toBe(sandbox.isMobile(value));
      expect(fromClient).toEqual(sandboxMessages(sandbox.checkMobile, value));
    },
  );

  it.each(['2008-11-23', '2008-11-24', '1990-01-01', '2010-06-30'])('adult on 2026-11-23, born %s', (birthDate) => {
    const today = new Date('2026-11-23T12:00:00Z');
    expect(client.isAdult(birthDate, today)).toBe(sandbox.isAdult(birthDate, today));
  });

  it.each(['https://shop.example/item', 'http://shop.example', 'ftp://shop.example', 'javascript:alert(1)', 'shop.example/item', 'https://', ''])('product URL %j', (value) => {
    expect(client.isHttpUrl(value)).toBe(sandbox.isHttpUrl(value));
  });

  // The order form always sends a rule (a select; ask_me by default), so the cases have one; the messages differ (the
  // client's speak to the shopper), the verdicts and the fields they land on may not.
  it.each([
    ['ask_me', ''],
    ['cancel_item', ''],
    ['ask_me', 'White'],
    ['cancel_item', 'UK 7.5'],
    ['buy_alternative', 'UK 7.5'],
    ['buy_alternative', ''],
    ['buy_alternative', '   '],
    ['substitute', ''],
    ['ask_me', 'x'.repeat(255)],
    ['buy_alternative', 'x'.repeat(256)],
  ])('if unavailable %s, alternative %j', async (rule, alternative) => {
    const fromSandbox = new Set<string>();
    readIfUnavailable(rule, alternative, (field) => fromSandbox.add(field === 'if_unavailable' ? 'ifUnavailable' : field));
    const fromClient = new Set<string>();
    try {
      await yup.object(ifUnavailableFields).validate({ ifUnavailable: rule, alternative }, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const inner of error.inner) if (inner.path) fromClient.add(inner.path);
    }
    expect([...fromClient].sort()).toEqual([...fromSandbox].sort());
  });

  // Issue 56: the sandbox's POST /credit/withdrawals checks bank and account number with sa-banks' bankAccountProblem;
  // the form's schema must refuse the same pairs with the same words (as a sentence under the field).
  it.each([
    ['Capitec', '1234567890'],
    ['Capitec', '123456789'],
    ['Capitec', '12345678901'],
    ['FNB', '123456789'],
    ['FNB', '12345678901'],
    ['African Bank', '1234567890'],
    ['Standard Bank', '12345-6789'],
    ['ABSA', 'abcdefghij'],
    ['Bank of Nowhere', '1234567890'],
    ['tymebank', '12345678901'],
  ])('withdrawal bank %s, account number %s', async (bank, accountNumber) => {
    const values = { accountHolder: 'T Nkosi', bank, accountNumber, accountType: 'cheque', amount: '10', currentPassword: 'x' };
    const fromClient: Record<string, string> = {};
    try {
      await withdrawalSchema(100).validate(values, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const inner of error.inner) if (inner.path) fromClient[inner.path] = inner.message;
    }
    const fromSandbox = bankAccountProblem(bank, accountNumber);
    expect(fromClient).toEqual({
      ...(fromSandbox.bank ? { bank: sentence(fromSandbox.bank) } : {}),
      ...(fromSandbox.account_number ? { accountNumber: sentence(fromSandbox.account_number) } : {}),
    });
  });
});
