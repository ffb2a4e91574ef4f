// AES helpers on crypto-js. Per-module imports keep the rest of crypto-js out of the bundle.
import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import SHA256 from 'crypto-js/sha256';
import Hex from 'crypto-js/enc-hex';

/**
 * AES-CBC with PKCS7 padding, key and iv given raw (base64), ciphertext base64 — the format the server's
 * node:crypto createCipheriv('aes-128-cbc') writes. Throws when the key is wrong or the text is not UTF-8.
 */
export function decryptCbcBase64(cipherB64: string, keyB64: string, ivB64: string): string {
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: Base64.parse(cipherB64) });
  const plain = AES.decrypt(params, Base64.parse(keyB64), {
    iv: Base64.parse(ivB64),
    mode: CryptoJS.mode.CBC,
    padding: Pkcs7,
  });
  return readText(plain);
}

/** Passphrase AES (OpenSSL-compatible string with a random salt). */
export function encryptWithPassphrase(text: string, passphrase: string): string {
  return AES.encrypt(text, passphrase).toString();
}

/** The inverse of encryptWithPassphrase; throws when the passphrase is wrong or the text is not UTF-8. */
export function decryptWithPassphrase(cipherText: string, passphrase: string): string {
  return readText(AES.decrypt(cipherText, passphrase));
}

function readText(plain: CryptoJS.lib.WordArray): string {
  // crypto-js does not verify padding: a wrong key leaves a non-positive length or bytes that are not UTF-8.
  if (plain.sigBytes <= 0) throw new Error('AES decryption produced no text');
  return plain.toString(Utf8);
}

/** hex SHA-256 of UTF-8 text (spec §7: the hashed user name on member/info). */
export function sha256Hex(text: string): string {
  return SHA256(text).toString(Hex);
}
