import { assign, fromPromise, sendParent } from 'xstate';
import { depositMachine } from '../../../machines/wallet/deposit.machine.ts';
import { recordsMachine } from '../../../machines/wallet/records.machine.ts';
import { transferFormMachine } from '../../../machines/wallet/transfer-form.machine.ts';
import { walletMachine } from '../../../machines/wallet/wallet.machine.ts';
import {
  fetchRecords,
  fetchWallet,
  recallFunds,
  refreshVenueWallet,
  switchAutoTransfer,
  transferFunds,
} from '../../api/wallet/wallet.ts';
import {
  cancelDepositOrder,
  createDepositOrder,
  fetchDepositChannels,
  readDepositOrder,
} from '../../api/wallet/deposit.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { BalancePage } from './balance-page.tsx';
import { DepositPage } from './deposit-page.tsx';
import { RecordsPage } from './records-page.tsx';
import { TransferPage } from './transfer-page.tsx';
import { IntroTutorialPage, PlatformTutorialsPage } from './tutorial-pages.tsx';
import { WalletPage } from './wallet-page.tsx';
import './wallet.css';

/** A caller-made request id (the idempotency key of a money-moving call, docs/api.md "Wallet"). */
const newRequestId = () => crypto.randomUUID();

// The wallet area (spec §2 /mine/finance/*, /mine/balance, /mine/record/transRecord; issue 9): its pages and its
// actor (balances, recall, 免转, venue refresh, the transfer form, the record query and the deposit warning).
export const area: AreaModule = {
  pages: {
    '/mine/balance': BalancePage,
    '/mine/finance/wallet': WalletPage,
    '/mine/finance/deposit': DepositPage,
    '/mine/finance/transfer': TransferPage,
    '/mine/record/transRecord': RecordsPage,
    '/mine/finance/introTutorial': IntroTutorialPage,
    '/mine/finance/introTutorial/platformTutorials': PlatformTutorialsPage,
  },
  actor: {
    logic: walletMachine.provide({
      actors: {
        loadWallet: fromPromise(() => fetchWallet()),
        recall: fromPromise(({ input }) => recallFunds(input.requestId)),
        switchAuto: fromPromise(({ input }) => switchAutoTransfer(input.enabled, input.requestId)),
        refreshVenue: fromPromise(({ input }) => refreshVenueWallet(input.venue)),
        transferForm: transferFormMachine.provide({
          actors: { send: fromPromise(({ input }) => transferFunds(input)) },
          actions: {
            mintRequestId: assign({ requestId: () => newRequestId() }),
            walletMoved: sendParent({ type: 'wallet.reload' }),
          },
        }),
        deposit: depositMachine.provide({
          actors: {
            loadChannels: fromPromise(() => fetchDepositChannels()),
            createOrder: fromPromise(({ input }) => createDepositOrder(input)),
            readOrder: fromPromise(({ input }) => readDepositOrder(input.orderId)),
            cancelOrder: fromPromise(({ input }) => cancelDepositOrder(input.orderId)),
          },
          actions: {
            mintRequestId: assign({ requestId: () => newRequestId() }),
            credited: sendParent({ type: 'wallet.reload' }),
          },
        }),
        records: recordsMachine.provide({
          actors: {
            load: fromPromise(({ input }) => fetchRecords({ ...input, kind: input.kind || undefined })),
          },
        }),
      },
      actions: { mintRequestId: assign({ requestId: () => newRequestId() }) },
    }),
    input: (path) => ({ path }),
  },
};
