import type { LightMyRequestResponse } from 'fastify';
import { expect, test } from 'vitest';
import { expectContract } from './contract-schema';

const fake = (statusCode: number, body: unknown) =>
  ({ statusCode, body: body === undefined ? '' : JSON.stringify(body), json: () => body }) as LightMyRequestResponse;

test('the contract check refuses a body that misses required fields', () => {
  expect(() => expectContract('get', '/vehicles/{id}', fake(200, { id: 'veh-1' }))).toThrow();
});

test('the contract check refuses a status the operation does not list', () => {
  expect(() => expectContract('get', '/auth/me', fake(418, { code: 'teapot', message: 'no' }))).toThrow();
});

test('the contract check accepts the error shape on a listed error status', () => {
  expectContract('get', '/vehicles/{id}', fake(404, { code: 'not_found', message: 'Vehicle not found.' }));
});

const csv = (statusCode: number, contentType: string) =>
  ({ statusCode, body: 'id,vin\n', headers: { 'content-type': contentType }, json: () => undefined }) as never;

test('the contract check accepts a listed non-JSON body (text/csv) and refuses it where JSON is due', () => {
  expectContract('get', '/vehicles/export', csv(200, 'text/csv; charset=utf-8'));
  expect(() => expectContract('get', '/vehicles/export', csv(200, 'text/plain'))).toThrow();
  expect(() => expectContract('get', '/vehicles', csv(200, 'text/csv'))).toThrow();
});
