/** The most of a User-Agent a session keeps: enough to name the browser, not a place to store whatever is sent. */
export const MAX_USER_AGENT = 300;

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(?:e|ium)\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome" and "Linux" from a User-Agent, for the Security panel and the new-browser e-mail; "Unknown" otherwise. */
export function browserLabel(userAgent: string): { browser: string; device: string } {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown browser';
  const device = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Unknown device';
  return { browser, device };
}
