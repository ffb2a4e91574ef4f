import {
  AxiosError,
  CanceledError,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
  AxiosHeaders,
} from 'axios';
import { describe, expect, it } from 'vitest';
import { BusinessError, NetworkError, TransportError, toApiError } from '../../../src/api/errors.ts';

const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;

function transport(
  code: string | undefined,
  message: string,
  cfg: InternalAxiosRequestConfig = config,
): AxiosError {
  return new AxiosError(message, code, cfg, {});
}

function http(status: number, statusText: string, data: unknown = ''): AxiosError {
  const response: AxiosResponse = { status, statusText, data, headers: {}, config };
  return new AxiosError(
    `Request failed with status code ${status}`,
    AxiosError.ERR_BAD_RESPONSE,
    config,
    {},
    response,
  );
}

function expectTransport(error: unknown, kind: TransportError['kind'], message: string): void {
  const mapped = toApiError(error, false);
  expect(mapped).toBeInstanceOf(TransportError);
  expect(mapped).toMatchObject({ type: 'transport', kind, message, status: 0 });
}

describe('toApiError: transport failures (spec §8)', () => {
  it("maps axios' own timeout to '请求超时' with status 0, whichever code the adapter used", () => {
    expectTransport(transport('ECONNABORTED', 'timeout of 20000ms exceeded'), 'timeout', '请求超时');
    expectTransport(transport('ETIMEDOUT', 'timeout of 5ms exceeded'), 'timeout', '请求超时');
    expectTransport(transport('ECONNABORTED', 'timeout exceeded'), 'timeout', '请求超时');
    const custom = { ...config, timeoutErrorMessage: 'too slow' } as InternalAxiosRequestConfig;
    expectTransport(transport('ETIMEDOUT', 'too slow', custom), 'timeout', '请求超时');
  });

  it('maps a cancel to cancelled', () => {
    expectTransport(new CanceledError(undefined, undefined, config), 'cancelled', '请求已取消，请稍后再试');
    expectTransport(transport('ERR_CANCELED', 'canceled'), 'cancelled', '请求已取消，请稍后再试');
  });

  it('maps ECONNABORTED / ETIMEDOUT that are not our timer to connection timeout', () => {
    expectTransport(transport('ECONNABORTED', 'Request aborted'), 'connection-timeout', '连接超时');
    expectTransport(
      transport('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.1:443'),
      'connection-timeout',
      '连接超时',
    );
  });

  it('maps ERR_NETWORK, or any failure while offline, to network disconnected', () => {
    expectTransport(transport('ERR_NETWORK', 'Network Error'), 'network-disconnected', '网络已断开');
    expect(toApiError(transport('EPROTO', 'odd'), true)).toMatchObject({
      kind: 'network-disconnected',
      message: '网络已断开',
    });
  });

  it('maps ECONNRESET to connection terminated', () => {
    expectTransport(transport('ECONNRESET', 'socket hang up'), 'connection-terminated', '连接已中断');
  });

  it('maps anything else to unknown', () => {
    expectTransport(transport('EPROTO', 'odd'), 'unknown', '未知的连接错误');
    expectTransport(transport(undefined, 'odd'), 'unknown', '未知的连接错误');
    expectTransport(new TypeError('boom'), 'unknown', '未知的连接错误');
    expectTransport('a string', 'unknown', '未知的连接错误');
  });
});

describe('toApiError: HTTP status (spec §8)', () => {
  it.each([
    [406, 'Not Acceptable'],
    [412, 'Precondition Failed'],
    [525, 'SSL Handshake Failed'],
    [495, 'SSL Certificate Error'],
    [403, 'Forbidden'],
  ])('%i %s reads as network abnormal', (status, statusText) => {
    const mapped = toApiError(http(status, statusText), false);
    expect(mapped).toBeInstanceOf(NetworkError);
    expect(mapped).toMatchObject({ type: 'network', status, message: '网络异常，请稍后重试' });
  });

  it('otherwise names the status', () => {
    expect(toApiError(http(502, 'Bad Gateway'), false)).toMatchObject({
      status: 502,
      message: '网络错误（502）',
    });
    expect(toApiError(http(500, ''), false)).toMatchObject({ status: 500, message: '网络错误（500）' });
  });

  it("uses an envelope's message but not a framework's default error body", () => {
    const envelope = { status_code: 10001, message: '服务繁忙', data: null };
    expect(toApiError(http(503, 'Service Unavailable', envelope), false)).toMatchObject({
      status: 503,
      message: '服务繁忙',
    });
    const fastify = { statusCode: 500, error: 'Internal Server Error', message: 'db down' };
    expect(toApiError(http(500, 'Internal Server Error', fastify), false)).toMatchObject({
      message: '网络错误（500）',
    });
  });

  it('takes the status text rule over the envelope message', () => {
    const envelope = { status_code: 1, message: '禁止', data: null };
    expect(toApiError(http(403, 'Forbidden', envelope), false).message).toBe('网络异常，请稍后重试');
  });
});

describe('typed errors', () => {
  it('fall back to system abnormal on an empty message', () => {
    expect(new BusinessError(6002, '').message).toBe('系统异常，请稍后重试或联系客服');
    expect(new NetworkError(500, '').message).toBe('系统异常，请稍后重试或联系客服');
    expect(new TransportError('unknown', '').message).toBe('系统异常，请稍后重试或联系客服');
  });

  it('keep their fields, default source main', () => {
    const e = new BusinessError('0000001', '失败', 'provider-two');
    expect(e).toMatchObject({ type: 'business', code: '0000001', message: '失败', source: 'provider-two' });
    expect(new BusinessError(6001, '异地登录').source).toBe('main');
    expect(e).toBeInstanceOf(Error);
  });

  it('pass through toApiError unchanged', () => {
    const e = new BusinessError(6001, 'x');
    expect(toApiError(e)).toBe(e);
  });
});
