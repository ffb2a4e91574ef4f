// What the Bridges host decides (spec §8: errors with a code reach the app's reactions by type and code;
// a non-OK HTTP status is a network error with the status; a transport error has no status, it is 0).
import { describe, expect, it } from 'vitest';
import { BusinessError, NetworkError, TransportError } from '../../../src/api/errors.ts';
import { forwardedError, navigation, toErrorInfo, visibilityEvent } from '../../../src/app/bridge-rules.ts';

describe('toErrorInfo: the catalogue reads a type and a code', () => {
  it('a business error keeps its code, message and data (6032 carries the pre-info)', () => {
    const data = { maintainConfig: { status: 1 } };
    expect(toErrorInfo(new BusinessError(6032, '访问受限', 'main', data))).toEqual({
      type: 'business',
      code: 6032,
      message: '访问受限',
      data,
    });
    expect(toErrorInfo(new BusinessError('0000001', 'provider', 'provider-two'))).toEqual({
      type: 'business',
      code: '0000001',
      message: 'provider',
      data: null,
    });
  });

  it('a network error is coded by its HTTP status', () => {
    expect(toErrorInfo(new NetworkError(502, 'bad gateway'))).toEqual({
      type: 'network',
      code: 502,
      message: 'bad gateway',
    });
  });

  it('a transport error is coded by its kind', () => {
    expect(toErrorInfo(new TransportError('timeout', 'timeout'))).toEqual({
      type: 'transport',
      code: 'timeout',
      message: 'timeout',
    });
  });
});

describe('forwardedError: which errors reach the app actor', () => {
  it('a cancelled request is not forwarded (the page cancelled it itself)', () => {
    expect(forwardedError(new TransportError('cancelled', 'request cancelled, try later'))).toBeNull();
  });

  it.each([
    new TransportError('timeout', 'timeout'),
    new TransportError('network-disconnected', 'network disconnected'),
    new TransportError('unknown', 'unknown'),
    new NetworkError(500, 'x'),
    new BusinessError(10102, 'device blocked'),
    new BusinessError(6001, 'logged in elsewhere'),
  ])('%s is forwarded as it is', (error) => {
    expect(forwardedError(error)).toEqual(toErrorInfo(error));
    expect(forwardedError(error)).not.toBeNull();
  });
});

describe('navigation: the router moves only to somewhere else', () => {
  const here = { pathname: '/mine/vip', search: '?tab=1' };

  it('the same path and query: no navigation', () => {
    expect(navigation({ to: '/mine/vip?tab=1' }, here)).toBeNull();
    expect(navigation({ to: '/mine/vip?tab=1', replace: true }, here)).toBeNull();
  });

  it('the same path with another query, or another path: navigates, pushing unless told to replace', () => {
    expect(navigation({ to: '/mine/vip' }, here)).toEqual({ to: '/mine/vip', replace: false });
    expect(navigation({ to: '/', replace: true }, here)).toEqual({ to: '/', replace: true });
    expect(navigation({ to: '/user/login', replace: false }, here)).toEqual({
      to: '/user/login',
      replace: false,
    });
  });
});

describe('visibilityEvent', () => {
  it('hidden → page.hidden, shown → page.visible (spec §2: the title marquee stops when the tab is hidden)', () => {
    expect(visibilityEvent(true)).toEqual({ type: 'page.hidden' });
    expect(visibilityEvent(false)).toEqual({ type: 'page.visible' });
  });
});
