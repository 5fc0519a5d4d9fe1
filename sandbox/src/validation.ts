import type { FieldReader } from './http';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC 5 e-mail rule. */
export function isEmail(value: string): boolean {
  return EMAIL.test(value) && value.length <= 254;
}

/** SPEC 5 password rule: the messages for each unmet part, empty when valid. */
export function passwordProblems(value: string): string[] {
  const problems: string[] = [];
  if (value.length < 8) problems.push('Password must contain at least 8 characters');
  if (!/[a-z]/.test(value)) problems.push('Must have 1 lowercase');
  if (!/[A-Z]/.test(value)) problems.push('Must have 1 uppercase');
  if (!/\d/.test(value)) problems.push('Must have 1 digit');
  if (!/[^A-Za-z0-9]/.test(value)) problems.push('Must have 1 symbol');
  return problems;
}

/** SPEC 5 mobile rule: +27 and at least 12 characters, or 0 and at least 10; digits only once spaces are dropped (as the client reads it). */
export function isMobile(value: string): boolean {
  const v = value.replace(/\s+/g, '');
  if (!/^\+?\d+$/.test(v)) return false;
  return (v.startsWith('+27') && v.length >= 12) || (v.startsWith('0') && v.length >= 10);
}

/** True when a YYYY-MM-DD birth date makes the person older than 18 today. */
export function isAdult(birthDate: string, today = new Date()): boolean {
  const [y, m, d] = birthDate.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const eighteenth = new Date(Date.UTC(y + 18, m - 1, d));
  return eighteenth.getTime() < today.getTime();
}

/** A real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** http or https URL (SPEC 5 URL rule). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Applies the e-mail rule to a field read by `reader`. */
export function checkEmail(reader: FieldReader, field: string, value: string | undefined): void {
  if (value !== undefined && !isEmail(value)) reader.add(field, 'Must be a valid email');
}

/** Applies the mobile rule to a field read by `reader`. */
export function checkMobile(reader: FieldReader, field: string, value: string | undefined): void {
  if (value !== undefined && !isMobile(value)) {
    reader.add(field, 'Must be a valid mobile number: +27 and at least 12 characters, or 0 and at least 10');
  }
}

/** Applies the password rule to a field read by `reader`. */
export function checkPassword(reader: FieldReader, field: string, value: string | undefined): void {
  if (value !== undefined) for (const problem of passwordProblems(value)) reader.add(field, problem);
}
