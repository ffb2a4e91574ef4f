// The chrome's mail entry (issue 13 §2: the unread count in the chrome). Kept apart from zh-CN-mail.ts so the
// shell's first load carries only these words, not the mail pages'.
export const mailChromeText = {
  mailLink: (n: number | null) => (n ? `站内信，${n} 封未读` : '站内信'),
  badge: (n: number) => (n > 99 ? '99+' : String(n)),
} as const;
