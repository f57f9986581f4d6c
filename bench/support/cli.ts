/** Command-line arguments, tolerating the `--` that `pnpm <script> -- --flag` passes through. */
export const cliArgs = () => process.argv.slice(2).filter((a) => a !== '--');
