import { assign, fromPromise } from 'xstate';
import { accountFormMachine } from '../../../machines/payout/account-form.machine.ts';
import { accountsMachine } from '../../../machines/payout/accounts.machine.ts';
import { fundPasswordMachine } from '../../../machines/payout/fund-password.machine.ts';
import { kycMachine } from '../../../machines/payout/kyc.machine.ts';
import {
  BANK_PATH,
  BIND_BANK_CARD_PATH,
  EWALLET_PATHS,
  KYC_PATH,
  USDT_PATH,
  USDT_TUTORIAL_PATH,
  WITHDRAWAL_PATH,
} from '../../../machines/payout/paths.ts';
import { CHILD_SIGNALS, NAVIGATE, payoutMachine } from '../../../machines/payout/payout.machine.ts';
import { withdrawalMachine } from '../../../machines/payout/withdrawal.machine.ts';
import {
  addPayoutAccount,
  deletePayoutAccount,
  fetchBanks,
  fetchPayoutAccounts,
} from '../../api/payout/accounts.ts';
import {
  changeFundPassword,
  fetchFundPasswordStatus,
  setFundPassword,
} from '../../api/payout/fund-password.ts';
import { fetchKycStatus, verifyKyc } from '../../api/payout/kyc.ts';
import {
  cancelWithdrawal,
  createWithdrawal,
  fetchWithdrawalOptions,
  fetchWithdrawals,
} from '../../api/payout/withdrawal.ts';
import type { AreaModule } from '../../app/area-module.ts';
import { accountListPage, addAccountPage, BankCardsPage, UsdtAddressesPage } from './accounts-page.tsx';
import { BindBankCardPage, KycPage } from './kyc-page.tsx';
import { UsdtTutorialPage } from './tutorial-page.tsx';
import { WithdrawalPage } from './withdrawal-page.tsx';
import './payout.css';

/** A caller-made request id (the idempotency key of a withdrawal, docs/api.md "Withdrawals"). */
const newRequestId = () => crypto.randomUUID();

const ewalletPages = Object.fromEntries(
  Object.values(EWALLET_PATHS).flatMap((p) => [
    [p.add, addAccountPage(p.add)],
    [p.list, accountListPage(p.list)],
  ]),
);

// The payout area (issue 10; spec §2): real-name verification, payout accounts of every kind, the fund
// password and withdrawals — its pages and its actor (the page's flow as a child, effects bound to src/api).
export const area: AreaModule = {
  pages: {
    [KYC_PATH]: KycPage,
    [BIND_BANK_CARD_PATH]: BindBankCardPage,
    [WITHDRAWAL_PATH]: WithdrawalPage,
    [BANK_PATH]: BankCardsPage,
    [USDT_PATH]: UsdtAddressesPage,
    [USDT_TUTORIAL_PATH]: UsdtTutorialPage,
    ...ewalletPages,
  },
  actor: {
    logic: payoutMachine.provide({
      actors: {
        kyc: kycMachine.provide({
          actors: {
            loadStatus: fromPromise(() => fetchKycStatus()),
            verify: fromPromise(({ input }) => verifyKyc(input)),
          },
          actions: CHILD_SIGNALS.kyc,
        }),
        accountForm: accountFormMachine.provide({
          actors: {
            load: fromPromise(async () => {
              const [banks, list, kyc] = await Promise.all([
                fetchBanks(),
                fetchPayoutAccounts(),
                fetchKycStatus(),
              ]);
              return { banks: banks.banks, list, holder: kyc.realName };
            }),
            add: fromPromise(({ input }) => addPayoutAccount(input)),
          },
          actions: CHILD_SIGNALS.accountForm,
        }),
        accounts: accountsMachine.provide({
          actors: {
            load: fromPromise(() => fetchPayoutAccounts()),
            remove: fromPromise(({ input }) => deletePayoutAccount(input)),
          },
        }),
        withdrawal: withdrawalMachine.provide({
          actors: {
            load: fromPromise(async () => {
              const [options, accounts, list] = await Promise.all([
                fetchWithdrawalOptions(),
                fetchPayoutAccounts(),
                fetchWithdrawals(),
              ]);
              return { options, accounts: accounts.accounts, list };
            }),
            readList: fromPromise(() => fetchWithdrawals()),
            create: fromPromise(({ input }) => createWithdrawal(input)),
            cancel: fromPromise(({ input }) => cancelWithdrawal(input.id)),
          },
          actions: { mintRequestId: assign({ requestId: () => newRequestId() }) },
        }),
        fundPassword: fundPasswordMachine.provide({
          actors: {
            loadStatus: fromPromise(() => fetchFundPasswordStatus()),
            setPassword: fromPromise(({ input }) => setFundPassword(input)),
            changePassword: fromPromise(({ input }) => changeFundPassword(input)),
          },
          actions: CHILD_SIGNALS.fundPassword,
        }),
      },
      actions: { navigate: NAVIGATE as never },
    }),
    input: (path) => ({ path }),
  },
};
