/** leads-and-quoting §5: the first word of the name is the first name, the rest the last name. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = full.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** leads-and-quoting §5: the possessive form of the name followed by 'Business' (Ana -> "Ana's Business", James -> "James' Business"). */
export function derivedBusinessName(full: string): string {
  const name = full.trim().replace(/\s+/g, ' ');
  return `${name}${/s$/i.test(name) ? "'" : "'s"} Business`;
}
