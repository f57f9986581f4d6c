import { remoteFederationConfig } from '@agency/contracts/build';

export default remoteFederationConfig({
  context: import.meta.dirname,
  remote: 'quoting',
  // The lead forms marketing pages render, besides quoting's own pages.
  exposes: {
    './enquiry-form': './src/exposed/enquiry-form.tsx',
    './consultation-form': './src/exposed/consultation-form.tsx',
  },
});
