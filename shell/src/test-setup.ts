import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Unmount after each test so no React work outlives the jsdom environment.
afterEach(() => cleanup());
