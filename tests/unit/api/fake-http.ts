// A fake axios adapter: records every request and answers from a handler, settling like axios' own adapters.
import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface FakeRequest {
  method: string;
  url: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  body: unknown;
  timeout: number | undefined;
}

export interface FakeReply {
  status?: number;
  statusText?: string;
  body?: unknown;
}

/** Return a reply, or throw (e.g. an AxiosError) to simulate a transport failure. */
export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export function fakeHttp(handler: FakeHandler): { adapter: AxiosAdapter; requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = Object.fromEntries(
      Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [
        k.toLowerCase(),
        String(v),
      ]),
    );
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      timeout: config.timeout,
    };
    requests.push(request);
    const reply = await handler(request);
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.body,
      status,
      statusText: reply.statusText ?? '',
      headers: {},
      config,
    };
    if (config.validateStatus?.(status) ?? (status >= 200 && status < 300)) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
  return { adapter, requests };
}

export function ok<T>(data: T): FakeReply {
  return { body: { status_code: 6000, message: '', data } };
}

export function fail(code: number, message: string): FakeReply {
  return { body: { status_code: code, message, data: null } };
}
