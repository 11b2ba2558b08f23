import {
  ANALYTICS_ID_KEY,
  ANALYTICS_ID_MS,
  analyticsIdentifier,
  formatVisitorCookie,
  nextVisit,
  VISIT_COOKIE,
  VISIT_COOKIE_MS,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MS,
} from '@storefront/commerce';
import { readCookie } from '../cookies';

function setCookie(name: string, value: string, maxAgeMs: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers shoppers use
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.floor(maxAgeMs / 1000)}; SameSite=Lax${secure}`;
}

function clearCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers shoppers use
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function localStorageSupported(): boolean {
  return storage() !== null;
}

const randomId = () => crypto.randomUUID();

/**
 * The 390-day analytics identifier (local storage, mirrored in a cookie): a returning browser whose
 * visitor cookie was lost keeps its identity.
 */
function identifier(now: number): string {
  const store = storage();
  const { identifier: id, renewed } = analyticsIdentifier(
    store?.getItem(ANALYTICS_ID_KEY) ?? null,
    now,
    randomId,
  );
  if (renewed) {
    store?.setItem(ANALYTICS_ID_KEY, JSON.stringify(id));
    setCookie(ANALYTICS_ID_KEY, id.id, ANALYTICS_ID_MS);
  }
  return id.id;
}

/** Spec §4 transitions at `now`, written back to the cookies; answers the visitor cookie to send. */
export function advanceVisit(now: number): string {
  const state = nextVisit(readCookie(VISITOR_COOKIE), readCookie(VISIT_COOKIE), now, () => identifier(now));
  const value = formatVisitorCookie(state.visitor);
  setCookie(VISITOR_COOKIE, value, VISITOR_COOKIE_MS);
  setCookie(VISIT_COOKIE, String(state.visit), VISIT_COOKIE_MS);
  return value;
}

/** Spec §4 "Cookies are cleared when restrictive cookie settings apply." */
export function clearAnalyticsCookies(): void {
  clearCookie(VISITOR_COOKIE);
  clearCookie(VISIT_COOKIE);
  clearCookie(ANALYTICS_ID_KEY);
  storage()?.removeItem(ANALYTICS_ID_KEY);
}

export { clearCookie, setCookie };
