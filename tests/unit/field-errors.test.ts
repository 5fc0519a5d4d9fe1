import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api/errors';
import { fieldErrors } from '../../src/lib/field-errors';

const refused = (errors: Record<string, unknown>) => new ApiError('Validation failed', 'client', { status: 422, errors });

describe('fieldErrors, the one server-error-to-field mapper', () => {
  it('reads both wire shapes: a list of messages (first one) and one message (`errors.detail` of addresses)', () => {
    expect(fieldErrors(refused({ email: ['has already been taken', 'is invalid'] }), { email: 'email' })).toEqual({ email: 'has already been taken' });
    expect(fieldErrors(refused({ detail: 'Street address is too short' }), { detail: 'newAddressStreet' })).toEqual({ newAddressStreet: 'Street address is too short' });
  });

  it("names each key with the form's own alias; several wire names may reach one field; keys the form does not name are left out", () => {
    const aliases = { first_name: 'firstName', firstName: 'firstName', current_password: 'currentPassword' } as const;
    expect(fieldErrors(refused({ first_name: ['is too long'], base: ['Something'], current_password: 'is invalid' }), aliases)).toEqual({
      firstName: 'is too long',
      currentPassword: 'is invalid',
    });
    expect(fieldErrors(refused({ firstName: ['is blank'] }), aliases)).toEqual({ firstName: 'is blank' });
  });

  it('carries the index of a nested key (products[2].if_unavailable) into the form path', () => {
    const aliases = { 'products[].if_unavailable': 'products.[].ifUnavailable', 'products[].name': 'products.[].name', portal_id: 'portal' };
    expect(fieldErrors(refused({ 'products[2].if_unavailable': ['is not included in the list'], 'products[0].name': 'is blank', portal_id: ['must exist'] }), aliases)).toEqual({
      'products.2.ifUnavailable': 'is not included in the list',
      'products.0.name': 'is blank',
      portal: 'must exist',
    });
    expect(fieldErrors(refused({ 'products[1].colour': ['is odd'], products: ['is too short'] }), aliases)).toEqual({});
  });

  it('takes the field map itself as well as the error that carries it', () => {
    expect(fieldErrors({ return_quantity: ['must be greater than 0'] }, { return_quantity: 'totalItems' })).toEqual({ totalItems: 'must be greater than 0' });
    expect(fieldErrors(undefined, { email: 'email' })).toEqual({});
  });

  it('marks no field for a failure without a field map, or messages that are not text', () => {
    expect(fieldErrors(new ApiError('Server is probably offline', 'offline'), { email: 'email' })).toEqual({});
    expect(fieldErrors(new Error('boom'), { message: 'email' })).toEqual({});
    expect(fieldErrors(refused({ email: [42], mobile: '', password: [] }), { email: 'email', mobile: 'mobile', password: 'password' })).toEqual({});
  });

  it('ignores keys that are not aliases of their own (toString, __proto__)', () => {
    expect(fieldErrors(refused({ toString: ['x'], constructor: 'y' }), { email: 'email' })).toEqual({});
  });
});
