// The logins list and log out other devices (issue 13 §1): the model's paths (logins.model.ts), and the dialog.
import { describe, expect, it } from 'vitest';
import { describeModel } from '../../support/model-paths.ts';
import { DIALOG_SPEC, loginsModel } from './logins.model.ts';

describeModel(loginsModel.title, loginsModel.machine, loginsModel.graphs, loginsModel.harness);

describe('the log-out-others confirmation', () => {
  it('is a confirm whose buttons and dismissal go to the area actor "mine"', () => {
    expect(DIALOG_SPEC).toMatchObject({ kind: 'confirm', title: '退出其他设备' });
    expect(DIALOG_SPEC.buttons.map((b) => b.events)).toEqual([
      [{ type: 'logins.keep', actor: 'mine' }],
      [{ type: 'logins.confirm', actor: 'mine' }],
    ]);
    expect(DIALOG_SPEC.onDismiss).toEqual([{ type: 'logins.keep', actor: 'mine' }]);
  });
});
