/** leads-and-quoting §5: the first word of the name is the first name, the rest the last name. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = full.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}
