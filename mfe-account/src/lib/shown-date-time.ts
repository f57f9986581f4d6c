/** A moment as the dashboard lists it, date and time to the minute: shared by the blog and the releases panels. */
const dateTime = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });
export const shownDateTime = (iso: string) => dateTime.format(new Date(iso));
