// The adapter's half of spec §4's re-fetch: a call whose parameters expired waits for the provider-parameter
// machine's verdict (retry once, or report it failed); any other failure rejects at once.
import { describe, expect, it } from 'vitest';
import { BusinessError, NetworkError } from '../../../src/api/errors.ts';
import { createRefreshingCalls, type ParamsCallEvent } from '../../../src/api/providers/index.ts';

const EXPIRED_TWO = new BusinessError('E400401', 'token expired', 'provider-two');
const EXPIRED_THREE = new BusinessError(14010, 'expired', 'provider-three');
const OTHER = new BusinessError('0000009', 'closed', 'provider-two');

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

/** A call that answers from the list, one answer per attempt (an Error rejects). */
function scripted(...answers: unknown[]) {
  let attempts = 0;
  const attempt = async () => {
    const answer = answers[attempts++];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { attempt, attempts: () => attempts };
}

function setup() {
  const events: ParamsCallEvent[] = [];
  const calls = createRefreshingCalls((e) => void events.push(e));
  return { events, calls };
}

describe('refreshing calls', () => {
  it('a call that succeeds tells the machine nothing', async () => {
    const { events, calls } = setup();
    await expect(calls.run(scripted('ok').attempt)).resolves.toBe('ok');
    expect(events).toEqual([]);
  });

  it('a failure that is not the expiry rejects at once, machine untold', async () => {
    const { events, calls } = setup();
    await expect(calls.run(scripted(OTHER).attempt)).rejects.toBe(OTHER);
    await expect(calls.run(scripted(new NetworkError(500, 'x')).attempt)).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(events).toEqual([]);
    expect(calls.waiting).toBe(0);
  });

  it('an expired call waits; the retry’s success resolves it and tells the machine', async () => {
    const { events, calls } = setup();
    const call = scripted(EXPIRED_TWO, 'second');
    const result = calls.run(call.attempt);
    await tick();
    expect(events).toEqual([{ type: 'call.failed', callId: 'call-1', code: 'E400401' }]);
    expect(calls.waiting).toBe(1);
    calls.retry('call-1');
    await expect(result).resolves.toBe('second');
    expect(call.attempts()).toBe(2);
    expect(events.at(-1)).toEqual({ type: 'call.succeeded', callId: 'call-1' });
    expect(calls.waiting).toBe(0);
  });

  it('a retried call that expires again goes back to the machine, which reports it failed: no loop', async () => {
    const { events, calls } = setup();
    const call = scripted(EXPIRED_THREE, EXPIRED_THREE, 'never');
    const result = calls.run(call.attempt);
    await tick();
    calls.retry('call-1');
    await tick();
    expect(events).toEqual([
      { type: 'call.failed', callId: 'call-1', code: 14010 },
      { type: 'call.failed', callId: 'call-1', code: 14010 },
    ]);
    calls.fail('call-1');
    await expect(result).rejects.toBe(EXPIRED_THREE);
    expect(call.attempts()).toBe(2);
  });

  it('a retried call failing otherwise is reported with its code and rejects with that error', async () => {
    const { events, calls } = setup();
    const network = new NetworkError(502, 'x');
    const result = calls.run(scripted(EXPIRED_TWO, network).attempt);
    await tick();
    calls.retry('call-1');
    await tick();
    expect(events.at(-1)).toEqual({ type: 'call.failed', callId: 'call-1', code: '' });
    calls.fail('call-1');
    await expect(result).rejects.toBe(network);
  });

  it('reporting failed without a retry rejects with the expiry (the re-fetch itself failed)', async () => {
    const { calls } = setup();
    const result = calls.run(scripted(EXPIRED_TWO).attempt);
    await tick();
    calls.fail('call-1');
    await expect(result).rejects.toBe(EXPIRED_TWO);
  });

  it('several calls wait side by side under their own ids; unknown ids are ignored', async () => {
    const { events, calls } = setup();
    const a = calls.run(scripted(EXPIRED_TWO, 'a').attempt);
    const b = calls.run(scripted(EXPIRED_TWO, 'b').attempt);
    await tick();
    expect(events.map((e) => e.callId)).toEqual(['call-1', 'call-2']);
    calls.retry('nope');
    calls.fail('nope');
    calls.retry('call-2');
    calls.retry('call-1');
    await expect(Promise.all([a, b])).resolves.toEqual(['a', 'b']);
    // Done calls are forgotten: a late verdict does nothing.
    calls.retry('call-1');
    calls.fail('call-1');
    expect(calls.waiting).toBe(0);
  });
});
