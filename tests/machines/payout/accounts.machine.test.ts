// The payout account lists (issue 10 §2): the model's paths (accounts.model.ts) and the dialog it opens.
import { describe, expect, it } from 'vitest';
import { deleteDialog } from '../../../machines/payout/accounts.machine.ts';
import { describeModel } from '../../support/model-paths.ts';
import { accountsModel } from './accounts.model.ts';

describeModel(accountsModel.title, accountsModel.machine, accountsModel.graphs, accountsModel.harness);

describe('the delete confirmation (issue 10 §2)', () => {
  it('names the masked account, and its buttons and dismissal go to the payout area actor', () => {
    const spec = deleteDialog('**** 1234');
    expect(spec.kind).toBe('confirm');
    expect(spec.content).toEqual({
      kind: 'text',
      text: { key: 'payout.list.deleteText', args: ['**** 1234'] },
    });
    expect(spec.buttons.map((b) => b.events)).toEqual([
      [{ type: 'accounts.keep', actor: 'payout' }],
      [{ type: 'accounts.confirm', actor: 'payout' }],
    ]);
    expect(spec.onDismiss).toEqual([{ type: 'accounts.keep', actor: 'payout' }]);
  });
});
