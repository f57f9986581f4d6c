import { BlogLink, Bullets, H, P } from './prose';

export function GoogleBusinessProfileArticle() {
  return (
    <>
      <P>
        For most Waikato small businesses, the Google Business Profile brings in more calls than the website does. It is
        the panel with your stars, photos, hours and a call button that appears when someone searches for you, or for
        what you do nearby. It is free, and most businesses leave most of it empty.
      </P>
      <H>Claim and verify your profile</H>
      <P>
        Search for your business on Google Maps. If a listing exists, claim it; if not, create one at
        business.google.com. Google verifies that you are the owner, usually by phone, email or a short video of your
        premises or vehicle.
      </P>
      <H>Fill in every field</H>
      <Bullets
        items={[
          'Choose the most specific primary category, such as "Landscape designer" rather than "Contractor", and add secondary ones.',
          'Set service areas if you travel to customers: Te Awamutu, Hamilton, Cambridge and so on.',
          'Add accurate hours, including public holidays.',
          'Write a description that says what you do, for whom and where, in plain words.',
          'List your services with short descriptions and, where you can, prices.',
        ]}
      />
      <H>Add photos every week</H>
      <P>
        Profiles with regular, real photos of work, staff and premises get noticeably more calls and direction requests
        than those without. Phone photos are fine; stock images are not.
      </P>
      <H>Win and answer reviews</H>
      <P>
        Ask every happy customer for a review with a direct link, and reply to each review, especially the critical
        ones, calmly and helpfully. Future customers read your replies as much as the reviews.
      </P>
      <H>Post updates</H>
      <P>
        Google posts for offers, events and recent projects keep your profile active. Pair a strong profile with the{' '}
        <BlogLink to="seo-strategies">ten SEO tactics</BlogLink> that build your site's rankings, and the two work
        together.
      </P>
    </>
  );
}
