import { COOKIE_DAYS } from './constants';

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked (private mode): the widget keeps working from memory
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // blocked storage
  }
}

/** Set a cookie for `COOKIE_DAYS` days; SameSite=Lax always, Secure on https (the anchor set neither). */
export function setCookie(name: string, value: string, days = COOKIE_DAYS): void {
  try {
    const expires = new Date(Date.now() + days * 864e5).toUTCString();
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the wire needs a plain cookie, the Cookie Store API is not everywhere
    document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
  } catch {
    // cookies blocked
  }
}

export function getCookie(name: string): string | null {
  try {
    for (const part of document.cookie.split('; ')) {
      const i = part.indexOf('=');
      if (part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
    }
  } catch {
    // cookies blocked
  }
  return null;
}

export function removeCookie(name: string): void {
  setCookie(name, '', -1);
}
