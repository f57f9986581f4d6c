/**
 * Facts about the agency that several places state (footer, contact page, privacy policy, structured data).
 * Defined once so the page a visitor reads and the data a search engine reads never disagree.
 */
export const BUSINESS = {
  name: 'Be Loud Digital',
  tagline: 'Be Loud. Be Seen. Be Unstoppable.',
  foundingYear: 2020,
  address: {
    street: '95 Alexandra Street',
    locality: 'Te Awamutu',
    region: 'Waikato',
    postcode: '3800',
    country: 'NZ',
  },
  /** Approximate centre of Te Awamutu, for the map and the organisation's geo data. */
  geo: { latitude: -38.0087, longitude: 175.3247 },
  serviceRadiusKm: 50,
  areasServed: ['Te Awamutu', 'Hamilton', 'Cambridge', 'Waikato'],
  hours: {
    days: 'Monday to Friday',
    opens: '09:00',
    closes: '17:00',
    label: 'Monday to Friday, 9:00 AM to 5:00 PM',
    weekends: 'Closed',
  },
  rating: { value: 4.9, count: 47 },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/beloud.digital' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/beloud-digital' },
    { name: 'Instagram', url: 'https://www.instagram.com/beloud.digital' },
  ],
  discoveryCallMinutes: 30,
} as const;

/** The agency's name as pages show it (a constant of its own, so a page can use it without the route table). */
export const AGENCY_NAME = BUSINESS.name;

export const formatAddress = (a = BUSINESS.address) => `${a.street}, ${a.locality}, ${a.region} ${a.postcode}`;
