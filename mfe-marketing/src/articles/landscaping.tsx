import { BlogLink, Bullets, H, P } from './prose';

export function LandscapingArticle() {
  return (
    <>
      <P>
        Landscaping and garden design sell on sight. Customers want to see what you have built, feel confident you will
        turn up, and book before the season fills. These ideas help Waikato landscapers and garden designers fill the
        calendar with the jobs they actually want.
      </P>
      <H>Show before-and-after, every time</H>
      <P>
        A side-by-side of an overgrown section and the finished garden does more selling than any paragraph. Make the
        before photo a habit on every job. Use the pairs on your website gallery, your Google profile and social media.
      </P>
      <H>Market ahead of the season</H>
      <P>
        People plan gardens in late winter and book in spring. Start advertising six to eight weeks before your busy
        season, with messages like "get your patio ready for summer", so your calendar fills while competitors are still
        waiting for the phone.
      </P>
      <H>Give each service its own page</H>
      <Bullets
        items={[
          'Garden design, retaining walls, paving, planting and maintenance each deserve a page with photos and a typical price range.',
          'Mention the towns you work in, such as Cambridge, Te Awamutu and Hamilton.',
          <>
            Separate pages help Google match each search to you, as our{' '}
            <BlogLink to="seo-strategies">SEO tactics article</BlogLink> explains.
          </>,
        ]}
      />
      <H>Make your Google profile look like a portfolio</H>
      <P>
        Upload finished projects weekly, answer every review, and list your service areas. A profile full of recent work
        is the fastest way to win the customer comparing three landscapers on a phone. Start with our{' '}
        <BlogLink to="google-business-profile">Google Business Profile guide</BlogLink>.
      </P>
      <H>Ask for reviews at the moment of delight</H>
      <P>
        The day you hand over a finished garden, the client is at their happiest. Send a direct review link that
        evening. Steady reviews are a ranking factor and the proof new customers look for.
      </P>
    </>
  );
}
