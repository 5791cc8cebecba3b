import { createTranslator } from 'use-intl/core';
import zhCN from '@/messages/zh-CN.json';
import enUS from '@/messages/en-US.json';
import zhHK from '@/messages/zh-HK.json';
import type { Locale } from './locales';

export const messagesByLocale = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-HK': zhHK } as const;

export type Translate = (key: string, values?: Record<string, string | number | Date>) => string;

// One translator per locale for the process: building one cost ~25 us, on every API request.
const translators = new Map<Locale, Translate>();

/** A framework-free translator, for services, route handlers, e-mails and tests. */
export function translatorFor(locale: Locale): Translate {
  let translate = translators.get(locale);
  if (!translate) {
    translate = createTranslator_(locale);
    translators.set(locale, translate);
  }
  return translate;
}

function createTranslator_(locale: Locale): Translate {
  const t = createTranslator({
    locale,
    messages: messagesByLocale[locale],
    timeZone: 'Asia/Shanghai',
    onError: () => {},
    getMessageFallback: ({ key, namespace }) => (namespace ? `${namespace}.${key}` : key),
  });
  return (key, values) => (t as unknown as (k: string, v?: Record<string, unknown>) => string)(key, values);
}

export function hasMessage(locale: Locale, key: string): boolean {
  let node: unknown = messagesByLocale[locale];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
