/**
 * `@agency/contracts/ui`: what every remote's forms are made of (decision 0055), so a field looks, reads and is
 * announced the same in every app. One way to write a form: react-hook-form with the payload's contracts schema as
 * its resolver, `fieldsOf` to give each field its registration and problem, the frame below for label, hint,
 * problem and their ARIA ties, `SubmitButton` for the pending state, `showServerErrors` for a refused write. It
 * builds on `@agency/contracts/client` and never the other way round; no Node modules, no build tooling.
 */
export * from './field-frame';
export * from './fields';
export * from './form';
