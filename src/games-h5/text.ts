// The page's shell catalogue (the one file of shell strings it imports).
export { gamesText as text } from '../i18n/zh-CN-games.ts';
