import { expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJOR, unsupportedRuntime } from './runtime';

it.each([
  ['20.20.2', false],
  ['v22.14.0', false],
  ['24.11.0', false],
  ['26.0.0', true],
  ['26.12.1', true],
  ['27.1.0', true],
])('Node %s runs the gateway: %s', (version, runs) => {
  expect(unsupportedRuntime(version) === null).toBe(runs);
});

it('names the Node it found and how to start on the workspace one', () => {
  expect(unsupportedRuntime('20.20.2')).toMatch(
    /Node\.js 26 LTS.*Node\.js 20\.20\.2.*pnpm start.*node_modules\/\.bin\/node/,
  );
});

it('is running on the supported line itself (the workspace installs it)', () => {
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(SUPPORTED_NODE_MAJOR);
});
