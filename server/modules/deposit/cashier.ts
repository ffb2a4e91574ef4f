import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { randomBytes } from 'node:crypto';
import { CODE } from '../../../src/protocol/api.ts';
import { formatFen } from '../../../src/protocol/money.ts';
import type { Db } from '../../db/db.ts';
import { ApiError, ok, SERVER_MESSAGE } from '../../http/envelope.ts';
import { safeEqual } from '../../security/hmac.ts';
import { expireDue, selectOrder, type OrderRow } from './repository.ts';
import { NOTIFY_PATH, signNotify, applyNotify, verifyNotify, type NotifyPayload } from './notify.ts';
import {
  cancelOrder,
  cashierToken,
  formatRate,
  formatUsdt,
  orderView,
  type DepositSettings,
} from './orders.ts';
import {
  cashierActionSchema,
  cashierPageSchema,
  cashierScriptSchema,
  cashierStateSchema,
  notifySchema,
} from './schemas.ts';

// The sandbox cashier (issue 9 §3; docs/decisions/0018-sandbox-cashier.md): a page the back end serves in place
// of a payment provider's, clearly marked as a sandbox that moves PLAY MONEY only. Paying makes the sandbox
// "provider" post a signed notification to the site's notify endpoint, exactly as a real gateway would call
// back; a USDT payment is first "seen" on the sandbox chain and confirmed after a block delay. No real payment
// gateway is ever called.

export const CASHIER_PREFIX = '/sandbox/cashier';
export const CASHIER_SCRIPT_PATH = '/sandbox/cashier.js';

export interface CashierOptions {
  db: Db;
  secret: string;
  settings: DepositSettings;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const yuan = (fen: number) => `¥${formatFen(fen)}`;

const STATE_TEXT: Record<OrderRow['state'], string> = {
  pending: '待支付',
  paid: '支付成功',
  expired: '订单已过期',
  cancelled: '订单已取消',
};

const ERROR_TEXT: Record<number, string> = {
  [CODE.orderExpired]: SERVER_MESSAGE.orderExpired,
  [CODE.orderSettled]: SERVER_MESSAGE.orderSettled,
  [CODE.orderNotFound]: SERVER_MESSAGE.orderNotFound,
};

const STYLE = `body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f4f6;color:#111}
.banner{background:#b45309;color:#fff;text-align:center;padding:10px;font-weight:700;letter-spacing:1px}
.card{max-width:440px;margin:24px auto;background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}.note{color:#92400e;font-size:13px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 16px}dt{color:#6b7280}dd{margin:0;text-align:right;word-break:break-all}
.amount{font-size:28px;font-weight:700;text-align:center;margin:8px 0 16px}.state{text-align:center;font-size:18px;font-weight:700;margin:12px 0}
.state.paid{color:#047857}.state.expired,.state.cancelled{color:#b91c1c}.error{color:#b91c1c;text-align:center}
.buttons{display:flex;gap:12px}.buttons form{flex:1}button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.pay{background:#047857;color:#fff}.cancel{background:#e5e7eb;color:#111}button:disabled{opacity:.5;cursor:not-allowed}`;

/** The cashier page of an order (server-rendered; the script only ticks the countdown and follows the state). */
export function renderCashier(
  o: OrderRow,
  token: string,
  opts: { error?: number; now?: number } = {},
): string {
  const now = opts.now ?? Date.now();
  const pending = o.state === 'pending';
  const confirming = pending && o.seenAt !== null;
  const overdue = pending && !confirming && now > o.expiresAt.getTime();
  const stateClass = overdue ? 'expired' : o.state;
  const stateText = overdue
    ? STATE_TEXT.expired
    : confirming
      ? '已收到转账，区块确认中…'
      : STATE_TEXT[o.state];
  const rows: Array<[string, string]> = [
    ['订单号', o.id],
    ['充值渠道', o.channelName],
    ['充值金额', yuan(o.amount)],
    ['赠送彩金', yuan(o.bonus)],
    ['手续费', yuan(o.fee)],
    ['实际到账', `${yuan(o.amount - o.fee + o.bonus)}（含彩金）`],
  ];
  if (o.usdtAddress && o.usdtRateFen !== null && o.usdtMicro !== null) {
    rows.push(['收款地址 (TRC20)', o.usdtAddress]);
    rows.push(['汇率', `1 USDT = ${formatRate(o.usdtRateFen)} 元`]);
    rows.push(['应付 USDT', formatUsdt(o.usdtMicro)]);
  }
  const left = Math.max(0, o.expiresAt.getTime() - now);
  const mmss = `${String(Math.floor(left / 60_000)).padStart(2, '0')}:${String(Math.floor((left % 60_000) / 1000)).padStart(2, '0')}`;
  if (pending && !confirming) rows.push(['剩余时间', `<span id="countdown">${mmss}</span>`]);
  const action = `${CASHIER_PREFIX}/${o.id}`;
  const hidden = `<input type="hidden" name="t" value="${token}">`;
  const buttons =
    pending && !confirming && !overdue
      ? `<div class="buttons">
<form method="post" action="${action}">${hidden}<input type="hidden" name="action" value="pay"><button class="pay" id="pay" type="submit">支付</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="action" value="cancel"><button class="cancel" type="submit">取消</button></form>
</div>`
      : '';
  const error = opts.error
    ? `<p class="error">${escapeHtml(ERROR_TEXT[opts.error] ?? `支付失败（${opts.error}）`)}</p>`
    : '';
  const list = rows
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${k === '剩余时间' ? v : escapeHtml(v)}</dd>`)
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>沙盒收银台 · 仅限游戏币</title>
<style>${STYLE}</style>
</head>
<body data-order="${o.id}" data-token="${token}" data-state="${o.state}" data-confirming="${confirming ? '1' : '0'}" data-expires="${o.expiresAt.getTime()}" data-now="${now}">
<div class="banner">沙盒收银台 · 仅限游戏币 · 不涉及真实资金</div>
<main class="card">
<h1>沙盒收银台</h1>
<p class="note">这是测试用的沙盒支付页面，只会增加游戏币，不会扣除任何真实资金。</p>
<div class="amount">${yuan(o.amount)}</div>
<dl>
${list}
</dl>
<p class="state ${stateClass}" id="state">${escapeHtml(stateText)}</p>
${error}
${buttons}
</main>
<script src="${CASHIER_SCRIPT_PATH}" defer></script>
</body>
</html>
`;
}

/** Ticks the countdown each second (spec §9) and follows the order: a changed state reloads the page. */
export const CASHIER_SCRIPT = `(function () {
  var body = document.body;
  var id = body.getAttribute('data-order');
  var token = body.getAttribute('data-token');
  var state = body.getAttribute('data-state');
  var confirming = body.getAttribute('data-confirming');
  var expires = Number(body.getAttribute('data-expires'));
  var skew = Number(body.getAttribute('data-now')) - Date.now();
  var countdown = document.getElementById('countdown');
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function tick() {
    if (!countdown) return;
    var left = Math.max(0, expires - (Date.now() + skew));
    countdown.textContent = pad(Math.floor(left / 60000)) + ':' + pad(Math.floor((left % 60000) / 1000));
    if (left === 0) {
      var pay = document.getElementById('pay');
      if (pay) pay.disabled = true;
      var s = document.getElementById('state');
      if (s && state === 'pending' && confirming === '0') { s.textContent = '订单已过期'; s.className = 'state expired'; }
    }
  }
  function poll() {
    if (state !== 'pending') return;
    fetch('${CASHIER_PREFIX}/' + id + '/state?t=' + token, { cache: 'no-store' })
      .then(function (r) { return r.json(); })
      .then(function (b) {
        var d = b && b.data;
        if (d && (d.state !== state || (d.confirming ? '1' : '0') !== confirming)) location.replace('${CASHIER_PREFIX}/' + id + '?t=' + token);
      })
      .catch(function () {});
  }
  tick();
  setInterval(tick, 1000);
  setInterval(poll, 2000);
})();
`;

/** The order of a cashier link, when the token is the order's own. */
async function orderOfLink(db: Db, secret: string, orderId: string, token: string): Promise<OrderRow | null> {
  if (!safeEqual(cashierToken(secret, orderId), token)) return null;
  await expireDue(db, { id: orderId });
  return selectOrder(db, orderId);
}

const providerTxId = () => `SBX${randomBytes(9).toString('hex').toUpperCase()}`;

/**
 * The sandbox cashier and the site's notify endpoint, as one plugin (registered by depositModule). The
 * "provider" calls the notify endpoint through the app itself (inject), so every callback crosses the same
 * route, schema and checks as a real gateway's would.
 */
export const sandboxCashier: FastifyPluginAsyncTypebox<CashierOptions> = async (app, opts) => {
  const { db, secret, settings } = opts;
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
  });

  // The cashier's forms post urlencoded bodies: parsed here only (this plugin's context).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The provider posts a signed notification to the site (through the app, as a gateway would over HTTP). */
  async function notify(p: NotifyPayload): Promise<number> {
    const res = await app.inject({ method: 'POST', url: NOTIFY_PATH, payload: signNotify(secret, p) });
    const body = res.json<{ status_code: number }>();
    return body.status_code;
  }

  const payloadOf = (
    o: OrderRow,
    status: 'seen' | 'paid',
    providerTx: string,
    paidAt: number,
  ): NotifyPayload => ({
    orderId: o.id,
    memberId: o.memberId,
    amount: o.amount,
    usdtMicro: o.usdtMicro,
    status,
    providerTx,
    paidAt,
    sentAt: Date.now(),
  });

  /** The sandbox chain: a seen USDT payment is confirmed once the block delay has passed since it was seen. */
  async function confirmIfDue(o: OrderRow): Promise<boolean> {
    if (o.state !== 'pending' || !o.seenAt || !o.providerTx) return false;
    if (Date.now() - o.seenAt.getTime() < settings.usdtConfirmMs) return false;
    await notify(payloadOf(o, 'paid', o.providerTx, o.seenAt.getTime()));
    return true;
  }

  function scheduleConfirm(orderId: string) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (closing) return;
      selectOrder(db, orderId)
        .then((o) => (o ? confirmIfDue(o) : false))
        .catch((err: unknown) => app.log.error({ err, orderId }, 'sandbox USDT confirmation failed'));
    }, settings.usdtConfirmMs);
    timer.unref();
    timers.add(timer);
  }

  /** The player pressed 支付: the provider takes the (play) money and calls back. Answers 6000 or the refusal. */
  async function pay(o: OrderRow): Promise<number> {
    if (o.state !== 'pending') return o.state === 'expired' ? CODE.orderExpired : CODE.orderSettled;
    if (o.seenAt) return CODE.success;
    const now = Date.now();
    // The provider does not take money for an order past its expiry.
    if (now > o.expiresAt.getTime()) return CODE.orderExpired;
    const tx = providerTxId();
    if (o.usdtMicro !== null) {
      const code = await notify(payloadOf(o, 'seen', tx, now));
      if (code === CODE.success) scheduleConfirm(o.id);
      return code;
    }
    return notify(payloadOf(o, 'paid', tx, now));
  }

  app.get(`${CASHIER_PREFIX}/:orderId`, { schema: cashierPageSchema }, async (req, reply) => {
    const o = await orderOfLink(db, secret, req.params.orderId, req.query.t);
    if (!o) throw new ApiError(CODE.orderNotFound, SERVER_MESSAGE.orderNotFound);
    if (await confirmIfDue(o)) return reply.redirect(`${CASHIER_PREFIX}/${o.id}?t=${req.query.t}`, 303);
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return renderCashier(o, req.query.t, { error: req.query.err });
  });

  app.get(`${CASHIER_PREFIX}/:orderId/state`, { schema: cashierStateSchema }, async (req) => {
    let o = await orderOfLink(db, secret, req.params.orderId, req.query.t);
    if (!o) throw new ApiError(CODE.orderNotFound, SERVER_MESSAGE.orderNotFound);
    if (await confirmIfDue(o)) o = (await selectOrder(db, o.id))!;
    const v = orderView(secret, o);
    return ok({ state: v.state, confirming: v.confirming, expiresAt: v.expiresAt, now: Date.now() });
  });

  app.post(`${CASHIER_PREFIX}/:orderId`, { schema: cashierActionSchema }, async (req, reply) => {
    const { orderId } = req.params;
    const o = await orderOfLink(db, secret, orderId, req.body.t);
    if (!o) throw new ApiError(CODE.orderNotFound, SERVER_MESSAGE.orderNotFound);
    let code: number = CODE.success;
    if (req.body.action === 'pay') code = await pay(o);
    else {
      try {
        await cancelOrder(db, o.memberId, o.id);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        code = err.code;
      }
    }
    const back = `${CASHIER_PREFIX}/${orderId}?t=${req.body.t}${code === CODE.success ? '' : `&err=${code}`}`;
    return reply.redirect(back, 303);
  });

  app.get(CASHIER_SCRIPT_PATH, { schema: cashierScriptSchema }, async (_req, reply) => {
    void reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8');
    return CASHIER_SCRIPT;
  });

  // The site's notify endpoint: what a payment gateway calls back (signed; idempotent; see notify.ts).
  app.post(NOTIFY_PATH, { schema: notifySchema }, async (req) => {
    const payload = verifyNotify(secret, req.body);
    return ok(await applyNotify(db, payload));
  });
};
