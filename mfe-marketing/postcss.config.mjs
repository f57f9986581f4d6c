import scopeRemoteCss from '@agency/contracts/scope-remote-css';

// Utilities apply only inside this remote's own root (see contracts/build/scope-remote-css.mjs).
export default { plugins: [(await import('@tailwindcss/postcss')).default(), scopeRemoteCss({ remote: 'marketing' })] };
