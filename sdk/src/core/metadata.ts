import { core } from './pipeline-core';
import { isMobileUa } from './report-types';

/** Operating system name from the user agent (§3 list). */
export function systemName(ua: string, platform = ''): string {
  if (/iPad/.test(ua) || (/Macintosh/.test(ua) && /Mobile/.test(ua))) return 'iPad';
  if (/iPhone|iPod/.test(ua)) return 'iPhone';
  if (/Android/.test(ua)) return 'Android';
  if (/Win/.test(ua) || /Win/.test(platform)) return 'Windows';
  if (/Mac/.test(ua) || /Mac/.test(platform)) return 'MacOS';
  if (/Linux/.test(ua) || /Linux/.test(platform)) return 'Linux';
  if (/X11/.test(ua)) return 'UNIX';
  return 'Unknown OS';
}

export function browserName(ua: string): string {
  if (/Edg\//.test(ua)) return 'Microsoft Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Unknown';
}

const VERSION_TOKEN: Record<string, RegExp> = {
  'Microsoft Edge': /Edg\/([^\s;)]+)/,
  Opera: /(?:OPR|Version)\/([^\s;)]+)/,
  Firefox: /Firefox\/([^\s;)]+)/,
  Chrome: /Chrome\/([^\s;)]+)/,
  Safari: /(?:Version|Safari)\/([^\s;)]+)/,
};

/** The browser's version from the user agent (`120.0.0.0`), empty when unknown. */
export function browserVersion(ua: string, name = browserName(ua)): string {
  return VERSION_TOKEN[name]?.exec(ua)?.[1] ?? '';
}

/** The metadata collected per report (§3). */
export function collectMetadata(): Record<string, unknown> {
  const { settings } = core;
  const ua = navigator.userAgent;
  const name = browserName(ua);
  return {
    // gleap's form: `browserName` is `Chrome(120.0.0.0)`, `browser` the bare name
    browserName: `${name}(${browserVersion(ua, name)})`,
    userAgent: ua,
    browser: name,
    systemName: systemName(ua, navigator.platform),
    buildVersionNumber: settings.buildNumber,
    releaseVersionNumber: settings.versionCode,
    sessionDuration: core.sessionDurationSeconds(),
    devicePixelRatio: window.devicePixelRatio,
    screenWidth: window.screen?.width,
    screenHeight: window.screen?.height,
    innerWidth: window.innerWidth,
    innerHeight: window.innerHeight,
    currentUrl: core.redactUrl(location.href),
    language: navigator.language,
    mobile: isMobileUa(ua),
    sdkVersion: core.SDK_VERSION,
    sdkType: core.SDK_TYPE,
    environment: settings.environment,
  };
}
