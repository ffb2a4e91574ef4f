// Every unit test starts from a browser with no cookies and empty storage.
import { afterEach } from 'vitest';
import { resetApiErrorBus } from '../../src/api/error-bus.ts';

afterEach(() => {
  resetApiErrorBus(); // no listener or held error leaks into the next test
  if (typeof document === 'undefined') return;
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
});
