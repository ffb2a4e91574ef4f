// Mutation testing (issue 18 §3): the site gate's edges — a site domain with stray spaces (spec §1 mobile
// redirect), and a pre-info load that fails with no error object.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  mobileRedirectUrl,
  siteGateMachine,
  type PreInfoResult,
} from '../../../machines/site-gate.machine.ts';
import { Fakes, settle } from '../../support/model-paths.ts';
import { preInfo } from '../fixtures.ts';

describe('mobile redirect (spec §1: a mobile visitor goes to the site domain, keeping i_code)', () => {
  it('a site domain written with surrounding spaces is still the site domain', () => {
    const ctx = {
      isMobileDevice: true,
      origin: 'https://www.qipai.example',
      iCode: 'AB12',
      preInfo: preInfo({ siteDomainUrl: '  m.qipai.example  ' }),
    };
    expect(mobileRedirectUrl(ctx)).toBe('https://m.qipai.example/?i_code=AB12');
  });
});

describe('a pre-info load rejected with no error object', () => {
  for (const error of [undefined, null]) {
    it(`rejected with ${String(error)}: the gate offers a retry and keeps running`, async () => {
      const fakes = new Fakes();
      const actor = createActor(
        siteGateMachine.provide({
          actors: { loadPreInfo: fakes.promise<PreInfoResult>('loadPreInfo') },
          actions: fakes.actions('redirectExternal', 'announcePreInfo'),
        }),
        {
          input: {
            cookiesEnabled: true,
            embedded: null,
            isMobileDevice: false,
            appDownloadMode: false,
            origin: 'https://www.qipai.example',
            iCode: null,
          },
        },
      ).start();
      fakes.reject(fakes.invocations[0]!.id, error);
      await settle();
      expect(actor.getSnapshot().status).toBe('active');
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.error).toBe(String(error));
    });
  }
});
