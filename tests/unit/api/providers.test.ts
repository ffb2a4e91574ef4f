import { describe, expect, it } from 'vitest';
import { BusinessError } from '../../../src/api/errors.ts';
import {
  isProviderSuccess,
  normalizeProviderOne,
  normalizeProviderThree,
  normalizeProviderTwo,
  unwrapProvider,
} from '../../../src/api/providers.ts';

describe('provider envelopes (spec §7)', () => {
  it('reads provider one from StatusCode, StatusDesc, ServerTime; the rest is data', () => {
    const raw = {
      StatusCode: 100,
      StatusDesc: 'Success',
      ServerTime: '2024-01-01T00:00:00',
      Sports: [{ id: 1 }],
    };
    expect(normalizeProviderOne(raw)).toEqual({
      code: 100,
      message: 'Success',
      serverTime: '2024-01-01T00:00:00',
      data: { Sports: [{ id: 1 }] },
    });
    expect(normalizeProviderOne({ StatusCode: 101, StatusDesc: 'x' })).not.toHaveProperty('serverTime');
  });

  it('reads provider two from code and msg', () => {
    expect(normalizeProviderTwo({ code: '0000000', msg: '成功', data: [1] })).toEqual({
      code: '0000000',
      message: '成功',
      data: [1],
    });
  });

  it('reads provider three from code and message, code 0 as 100', () => {
    expect(normalizeProviderThree({ code: 0, message: 'ok', data: { a: 1 } })).toEqual({
      code: 100,
      message: 'ok',
      data: { a: 1 },
    });
    expect(normalizeProviderThree({ code: '0', message: '', data: null }).code).toBe(100);
    expect(normalizeProviderThree({ code: 350, message: '', data: null }).code).toBe(350);
    expect(normalizeProviderThree({ code: 401, message: 'no', data: null }).code).toBe(401);
  });

  it('tolerates a body that is not an object', () => {
    expect(normalizeProviderTwo('<html>')).toEqual({ code: '', message: '', data: undefined });
  });

  it('knows the success codes 100, 0000000 and 350 (spec §8)', () => {
    expect(isProviderSuccess(100)).toBe(true);
    expect(isProviderSuccess('100')).toBe(true);
    expect(isProviderSuccess('0000000')).toBe(true);
    expect(isProviderSuccess(350)).toBe(true);
    expect(isProviderSuccess(0)).toBe(false);
    expect(isProviderSuccess('0')).toBe(false);
    expect(isProviderSuccess(200)).toBe(false);
    expect(isProviderSuccess('')).toBe(false);
  });
});

describe('unwrapProvider', () => {
  it('returns the data on each success code', () => {
    expect(unwrapProvider('provider-one', { StatusCode: 100, StatusDesc: 'ok', Balance: 5 })).toEqual({
      Balance: 5,
    });
    expect(unwrapProvider('provider-two', { code: '0000000', msg: 'ok', data: 'two' })).toBe('two');
    expect(unwrapProvider('provider-three', { code: 350, message: 'ok', data: 'three' })).toBe('three');
    expect(unwrapProvider('provider-three', { code: 0, message: 'ok', data: 'zero' })).toBe('zero');
  });

  it('raises a BusinessError with the provider as source', () => {
    const two = thrown(() =>
      unwrapProvider('provider-two', { code: '0000001', msg: '余额不足', data: null }),
    );
    expect(two).toBeInstanceOf(BusinessError);
    expect(two).toMatchObject({ code: '0000001', message: '余额不足', source: 'provider-two' });
    const one = thrown(() => unwrapProvider('provider-one', { StatusCode: 612, StatusDesc: '' }));
    expect(one).toMatchObject({
      code: 612,
      message: '系统异常，请稍后重试或联系客服',
      source: 'provider-one',
    });
    const three = thrown(() => unwrapProvider('provider-three', { code: 401, message: '未授权' }));
    expect(three).toMatchObject({ code: 401, message: '未授权', source: 'provider-three' });
  });
});

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
