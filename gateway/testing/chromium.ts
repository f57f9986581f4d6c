/**
 * How end-to-end tests and benchmarks start Chromium: Debian's own build (nothing is downloaded at install or run
 * time; `CHROMIUM_PATH` points elsewhere), with the same flags everywhere, so a figure from `bench/` and a test in
 * `e2e/` run the same browser the same way.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `--no-sandbox`: the tests run as root in a container, where Chromium's sandbox cannot start. The rest keep the
 * browser from doing work of its own (GPU process, background fetches, component updates, sync) that would add
 * noise to timings and requests to an offline machine.
 */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
