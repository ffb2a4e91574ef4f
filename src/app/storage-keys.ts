// Local items the shell keeps (spec §3 local items), named once.
export const STORAGE_KEY = {
  theme: 'theme',
  agentVerify: 'agent_verify',
} as const;
/** Session-scoped: the player continued past the access alert (spec §8 6032 "skip flag"). */
export const SESSION_KEY = { accessAlertSkip: 'accessAlertSkip' } as const;
