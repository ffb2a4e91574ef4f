// The mail list (issue 13 §2): the model's paths (mailbox.model.ts).
import { describeModel } from '../../support/model-paths.ts';
import { mailboxModel } from './mailbox.model.ts';

describeModel(mailboxModel.title, mailboxModel.machine, mailboxModel.graphs, mailboxModel.harness);
