// The page's catalogue (the one file of strings it imports).
export { sportsbookText as text } from '../i18n/zh-CN-sportsbook.ts';
