import type messages from './messages/zh-CN.json';

// Typed message keys: a key used in code but missing from the catalogue fails `npm run typecheck`
// (the catalogues test keeps the three files' keys equal).
declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof messages;
  }
}
