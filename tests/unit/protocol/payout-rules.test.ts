// The pure rules of real-name verification and payout accounts (issue 10 §1–2, docs/payout.md): GB 11643 ID
// numbers, real names, Luhn, base58check (TRC20), EIP-55 (ERC20), the e-wallet formats, the QR image and the
// masks. Vectors are published ones: the GB 11643 example number, the card networks' test cards, the USDT
// contract on TRON, the EIP-55 specification's addresses, the FIPS 180 / Keccak empty-input digests.
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  base58Decode,
  BANKS,
  checkIdNumber,
  checkPayoutAccount,
  checkQrImage,
  chinaToday,
  idCheckChar,
  isValidCardNumber,
  isValidErc20Address,
  isValidRealName,
  isValidTrc20Address,
  keccak256,
  luhnValid,
  maskAddress,
  maskCard,
  maskEmail,
  maskIdNumber,
  maskPhone,
  maskWalletId,
  normaliseRealName,
  sha256,
  toChecksumAddress,
  toHex,
  WECHAT_QR_MAX_URL_LENGTH,
} from '../../../src/protocol/payout-rules.ts';
import { citiesOf, isRegion, PROVINCES } from '../../../src/protocol/regions.ts';
import { WECHAT_QR_MAX_BYTES, type PayoutAccountInput } from '../../../src/protocol/payout.ts';

const TODAY = { year: 2026, month: 11, day: 25 };
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('hashes', () => {
  it('SHA-256 gives the FIPS 180-2 digests and agrees with node:crypto', () => {
    expect(toHex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 200 },
    );
  });

  it('Keccak-256 is the original Keccak (Ethereum), not SHA3-256', () => {
    expect(toHex(keccak256(new Uint8Array()))).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(toHex(keccak256(utf8('abc')))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
    // More than one 136-byte block.
    expect(toHex(keccak256(new Uint8Array(200)))).toHaveLength(64);
  });
});

describe('real names (issue 10 §1)', () => {
  it('takes 2–20 Chinese characters', () => {
    expect(isValidRealName('张三')).toBe(true);
    expect(isValidRealName('欧阳娜娜')).toBe(true);
    expect(isValidRealName('  李四 ')).toBe(true);
    expect(isValidRealName('张')).toBe(false);
    expect(isValidRealName('张'.repeat(20))).toBe(true);
    expect(isValidRealName('张'.repeat(21))).toBe(false);
    // Extension B (a surrogate pair counts as one character).
    expect(isValidRealName('𠀀三')).toBe(true);
  });

  it('takes foreign and minority names joined by the middle dot, normalising • and ・', () => {
    expect(isValidRealName('阿卜杜拉·买买提')).toBe(true);
    expect(normaliseRealName('阿卜杜拉\u2022买买提')).toBe('阿卜杜拉·买买提');
    expect(normaliseRealName('阿卜杜拉\u30FB买买提')).toBe('阿卜杜拉·买买提');
    expect(isValidRealName('阿卜杜拉\u2022买买提')).toBe(true);
    expect(isValidRealName('玛丽·安·史密斯')).toBe(true);
  });

  it('refuses dots at an end or doubled, Latin letters, digits, spaces inside', () => {
    for (const bad of ['·张三', '张三·', '张··三', 'John', '张3', '张 三', '张三A', '', '·']) {
      expect(isValidRealName(bad), bad).toBe(false);
    }
  });
});

describe('ID numbers (GB 11643, issue 10 §1)', () => {
  it('computes the MOD 11-2 check character of the standard example', () => {
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(idCheckChar('44052418800101001')).toBe('4');
  });

  it('takes a valid number, a lower-case x and spaces', () => {
    expect(checkIdNumber('11010519491231002X', TODAY)).toMatchObject({
      ok: true,
      id: '11010519491231002X',
      birth: { year: 1949, month: 12, day: 31 },
      age: 76,
    });
    expect(checkIdNumber('110105 19491231 002x', TODAY)).toMatchObject({
      ok: true,
      id: '11010519491231002X',
    });
  });

  it('refuses a wrong length or characters, a bad province, a wrong check character', () => {
    expect(checkIdNumber('11010519491231002', TODAY)).toEqual({ ok: false, reason: 'format' });
    expect(checkIdNumber('11010519491231002XX', TODAY)).toEqual({ ok: false, reason: 'format' });
    expect(checkIdNumber('1101051949123100X2', TODAY)).toEqual({ ok: false, reason: 'format' });
    expect(checkIdNumber('110105194912310021', TODAY)).toEqual({ ok: false, reason: 'checksum' });
    const badProvince = '99010519491231002';
    expect(checkIdNumber(badProvince + idCheckChar(badProvince), TODAY)).toEqual({
      ok: false,
      reason: 'region',
    });
  });

  it('refuses a birth date that does not exist, is before 1900 or in the future', () => {
    const withCheck = (first17: string) => first17 + idCheckChar(first17);
    // The standard's second example: 1880-01-01, a correct check digit but before 1900.
    expect(checkIdNumber('440524188001010014', TODAY)).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkIdNumber(withCheck('11010519990230001'), TODAY)).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkIdNumber(withCheck('11010519991301001'), TODAY)).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkIdNumber(withCheck('11010520261126001'), TODAY)).toEqual({ ok: false, reason: 'birthDate' });
    expect(checkIdNumber(withCheck('11010519000101001'), TODAY)).toMatchObject({ ok: true });
    // 2000 was a leap year, 1900 was not.
    expect(checkIdNumber(withCheck('11010520000229001'), TODAY)).toMatchObject({ ok: true });
    expect(checkIdNumber(withCheck('11010519000229001'), TODAY)).toEqual({ ok: false, reason: 'birthDate' });
  });

  it('needs 18 full years on today (KYC_MIN_AGE_YEARS)', () => {
    const withCheck = (first17: string) => first17 + idCheckChar(first17);
    expect(checkIdNumber(withCheck('11010520081125001'), TODAY)).toMatchObject({ ok: true, age: 18 });
    expect(checkIdNumber(withCheck('11010520081126001'), TODAY)).toEqual({ ok: false, reason: 'underAge' });
    expect(checkIdNumber(withCheck('11010520261125001'), TODAY)).toEqual({ ok: false, reason: 'underAge' });
  });

  it('counts a 29 February birthday on 1 March in other years', () => {
    expect(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2026, month: 2, day: 28 })).toBe(17);
    expect(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2026, month: 3, day: 1 })).toBe(18);
  });

  it('counts the date in China (UTC+8)', () => {
    expect(chinaToday(Date.UTC(2026, 10, 25, 15, 59))).toEqual({ year: 2026, month: 11, day: 25 });
    expect(chinaToday(Date.UTC(2026, 10, 25, 16, 0))).toEqual({ year: 2026, month: 11, day: 26 });
  });

  it('every 17 digits have exactly one check character that passes (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (tail) => {
        const first17 = `11${tail}`;
        const good = idCheckChar(first17);
        const chars = '0123456789X'.split('');
        const passing = chars.filter((c) => {
          const r = checkIdNumber(first17 + c, TODAY);
          return r.ok || r.reason !== 'checksum';
        });
        expect(passing).toEqual([good]);
      }),
      { numRuns: 100 },
    );
  });

  it('masks to the first 3 and last 4', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskIdNumber('11010519491231002X')).toHaveLength(18);
  });
});

describe('bank cards (issue 10 §2: 16–19 digits, Luhn)', () => {
  it('takes the networks’ test cards', () => {
    expect(isValidCardNumber('4111111111111111')).toBe(true);
    expect(isValidCardNumber('6200000000000005')).toBe(true);
    expect(isValidCardNumber('6205500000000000004')).toBe(true);
    expect(isValidCardNumber('6200 0000 0000 0005')).toBe(true);
  });

  it('refuses a wrong check digit, 15 or 20 digits', () => {
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(isValidCardNumber('79927398713')).toBe(false);
    expect(isValidCardNumber('378282246310005')).toBe(false); // a valid Luhn, 15 digits
    expect(isValidCardNumber('62000000000000000000'.slice(0, 19) + '0')).toBe(false);
    expect(isValidCardNumber('4111x11111111111')).toBe(false);
  });

  it('a single changed digit always breaks Luhn (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{15,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (body, at, delta) => {
          const check = [...'0123456789'].find((d) => luhnValid(body + d))!;
          const card = body + check;
          expect(isValidCardNumber(card)).toBe(true);
          const i = at % card.length;
          const changed = card.slice(0, i) + ((Number(card[i]) + delta) % 10) + card.slice(i + 1);
          expect(luhnValid(changed)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lists the major banks with Chinese names, codes unique', () => {
    for (const code of [
      'ICBC',
      'ABC',
      'BOC',
      'CCB',
      'BOCOM',
      'PSBC',
      'CMB',
      'CITIC',
      'CEB',
      'CMBC',
      'CIB',
      'SPDB',
      'HXB',
      'GDB',
      'PAB',
      'BOB',
      'BOSH',
    ]) {
      expect(BANKS.find((b) => b.code === code)?.name, code).toMatch(/银行/);
    }
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
  });

  it('has every mainland province with its cities', () => {
    expect(PROVINCES).toHaveLength(31);
    expect(isRegion('广东省', '深圳市')).toBe(true);
    expect(isRegion('北京市', '北京市')).toBe(true);
    expect(isRegion('广东省', '杭州市')).toBe(false);
    expect(citiesOf('火星')).toEqual([]);
    for (const p of PROVINCES) expect(p.cities.length, p.name).toBeGreaterThan(0);
  });
});

describe('USDT addresses', () => {
  it('TRC20: base58check, 25 bytes, version 0x41', () => {
    // The USDT contract itself and TRON's black-hole address.
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isValidTrc20Address('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(true);
    expect(base58Decode('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')?.[0]).toBe(0x41);
    // One character changed: the checksum fails.
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    // Not T, a character outside base58 (0), too short.
    expect(isValidTrc20Address('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60')).toBe(false);
    expect(isValidTrc20Address('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(base58Decode('0OIl')).toBeNull();
  });

  it('ERC20: the EIP-55 examples pass, a flipped case fails, all-lower and all-upper pass', () => {
    for (const addr of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
    ]) {
      expect(isValidErc20Address(addr), addr).toBe(true);
    }
    expect(toChecksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(isValidErc20Address('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidErc20Address('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isValidErc20Address('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toBe(false);
    expect(isValidErc20Address('0xZaAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('the checksum form of any address passes, and is stable (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{40}$/), (hex) => {
        const sum = toChecksumAddress(`0x${hex}`);
        expect(isValidErc20Address(sum)).toBe(true);
        expect(toChecksumAddress(sum)).toBe(sum);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the WeChat QR image', () => {
  const png = 'iVBORw0KGgo' + 'A'.repeat(9);
  const jpeg = '/9j/4AAQSkZJRgABAQ==';

  it('takes PNG and JPEG data: URLs whose bytes match', () => {
    expect(checkQrImage(`data:image/png;base64,${png}`)).toMatchObject({ ok: true, type: 'image/png' });
    expect(checkQrImage(`data:image/jpeg;base64,${jpeg}`)).toMatchObject({ ok: true, type: 'image/jpeg' });
  });

  it('refuses other types, a mismatched magic, bad base64, too many bytes', () => {
    expect(checkQrImage(`data:image/gif;base64,R0lGODlhAQABAAAAACw=`).ok).toBe(false);
    expect(checkQrImage(`data:image/png;base64,${jpeg}`).ok).toBe(false);
    expect(checkQrImage(`data:image/jpeg;base64,${png}`).ok).toBe(false);
    expect(checkQrImage(`data:image/png;base64,${png}=`).ok).toBe(false);
    expect(checkQrImage(`data:image/png;base64,`).ok).toBe(false);
    expect(checkQrImage('https://example.com/qr.png').ok).toBe(false);
    const pngOf = (bytes: number) => {
      const b = new Uint8Array(bytes);
      b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return btoa(String.fromCharCode(...b.subarray(0, 8)) + '\0'.repeat(bytes - 8));
    };
    const justFits = pngOf(WECHAT_QR_MAX_BYTES);
    expect(checkQrImage(`data:image/png;base64,${justFits}`)).toEqual({
      ok: true,
      type: 'image/png',
      bytes: WECHAT_QR_MAX_BYTES,
    });
    expect(checkQrImage(`data:image/png;base64,${pngOf(WECHAT_QR_MAX_BYTES + 1)}`).ok).toBe(false);
    expect(`data:image/jpeg;base64,${justFits}`.length).toBeLessThanOrEqual(WECHAT_QR_MAX_URL_LENGTH);
  });
});

describe('masks (docs/payout.md)', () => {
  it('shows the last 4 of a card, the ends of a phone, the first letter of an e-mail, 6 + 4 of an address', () => {
    expect(maskCard('6200000000000005')).toBe('**** **** **** 0005');
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskEmail('alice@x.com')).toBe('a***@x.com');
    expect(maskAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…Lj6t');
    expect(maskWalletId('EB1234567890123456')).toBe('EB****3456');
  });
});

describe('checkPayoutAccount (issue 10 §2)', () => {
  const bank: PayoutAccountInput = {
    kind: 'bank',
    account: '6200 0000 0000 0005',
    bankCode: 'ICBC',
    province: '广东省',
    city: '深圳市',
  };

  it('a bank card: number, bank, province and city, optional branch ≤ 40', () => {
    expect(checkPayoutAccount(bank)).toMatchObject({
      ok: true,
      value: { account: '6200000000000005', masked: '**** **** **** 0005', bankCode: 'ICBC', branch: null },
    });
    expect(checkPayoutAccount({ ...bank, account: '6200000000000006' })).toEqual({
      ok: false,
      field: 'account',
    });
    expect(checkPayoutAccount({ ...bank, bankCode: 'XXX' })).toEqual({ ok: false, field: 'bankCode' });
    expect(checkPayoutAccount({ ...bank, city: '杭州市' })).toEqual({ ok: false, field: 'region' });
    expect(checkPayoutAccount({ ...bank, branch: '支'.repeat(40) })).toMatchObject({ ok: true });
    expect(checkPayoutAccount({ ...bank, branch: '支'.repeat(41) })).toEqual({ ok: false, field: 'branch' });
  });

  it('alipay: a mainland phone or an e-mail', () => {
    expect(checkPayoutAccount({ kind: 'alipay', account: '13812341234' })).toMatchObject({
      ok: true,
      value: { masked: '138****1234' },
    });
    expect(checkPayoutAccount({ kind: 'alipay', account: 'Alice@Example.com' })).toMatchObject({
      ok: true,
      value: { account: 'alice@example.com', masked: 'a***@example.com' },
    });
    for (const bad of ['12812341234', '1381234123', 'alice@', 'a@b', 'a..b@x.com'])
      expect(checkPayoutAccount({ kind: 'alipay', account: bad }), bad).toEqual({
        ok: false,
        field: 'account',
      });
  });

  it('wechat: a WeChat id (6–20, a letter first) or a phone, optional QR', () => {
    expect(checkPayoutAccount({ kind: 'wechat', account: 'wx_abc-123' })).toMatchObject({ ok: true });
    expect(checkPayoutAccount({ kind: 'wechat', account: '13812341234' })).toMatchObject({ ok: true });
    for (const bad of ['abcde', '1abcdef', 'a'.repeat(21), 'abc def', 'abc.def'])
      expect(checkPayoutAccount({ kind: 'wechat', account: bad }), bad).toEqual({
        ok: false,
        field: 'account',
      });
    expect(
      checkPayoutAccount({ kind: 'wechat', account: 'wx_abc123', qrImage: 'data:text/plain;base64,AAAA' }),
    ).toEqual({
      ok: false,
      field: 'qrImage',
    });
  });

  it('the wallet ids: EB+16, KP+12, SL+10 digits, digital RMB 16 digits', () => {
    expect(checkPayoutAccount({ kind: 'ebpay', account: 'eb1234567890123456' })).toMatchObject({
      ok: true,
      value: { account: 'EB1234567890123456' },
    });
    expect(checkPayoutAccount({ kind: 'koipay', account: 'KP123456789012' })).toMatchObject({ ok: true });
    expect(checkPayoutAccount({ kind: 'sharelife', account: 'SL1234567890' })).toMatchObject({ ok: true });
    expect(checkPayoutAccount({ kind: 'digital', account: '0012345678901234' })).toMatchObject({ ok: true });
    expect(checkPayoutAccount({ kind: 'digital', account: '001234567890123' }).ok).toBe(false);
    expect(checkPayoutAccount({ kind: 'ebpay', account: 'KP123456789012' }).ok).toBe(false);
  });

  it('usdt: the network, the address for it, a label of 1–20', () => {
    const trc = {
      kind: 'usdt',
      account: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      network: 'TRC20',
      label: '我的钱包',
    } as const;
    expect(checkPayoutAccount(trc)).toMatchObject({ ok: true, value: { masked: 'TR7NHq…Lj6t' } });
    expect(checkPayoutAccount({ ...trc, network: 'ERC20' })).toEqual({ ok: false, field: 'account' });
    expect(checkPayoutAccount({ ...trc, network: undefined })).toEqual({ ok: false, field: 'network' });
    expect(checkPayoutAccount({ ...trc, label: ' ' })).toEqual({ ok: false, field: 'label' });
    expect(checkPayoutAccount({ ...trc, label: '字'.repeat(21) })).toEqual({ ok: false, field: 'label' });
    expect(
      checkPayoutAccount({
        kind: 'usdt',
        account: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        network: 'ERC20',
        label: 'e',
      }),
    ).toMatchObject({ ok: true, value: { account: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } });
  });
});
