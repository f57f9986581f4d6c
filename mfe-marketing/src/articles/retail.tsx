import { BlogLink, Bullets, H, P } from './prose';

export function RetailArticle() {
  return (
    <>
      <P>
        Auckland retailers compete with every big-box store and marketplace in the country, so the ones that thrive have
        had to get sharp online. The good news for Waikato shops is that their best tactics cost very little. Here are
        the ones worth copying, scaled to a small-business budget.
      </P>
      <H>1. Let people check your stock before they drive</H>
      <P>
        "Do you have it in store?" is the question behind a large share of local retail searches. City stores answer it
        with live stock on their websites. You do not need a full online store to do the same: a simple product page per
        range with photos, prices and an "in stock, call to hold" note answers the question and brings people in the
        door.
      </P>
      <H>2. Offer click-and-collect</H>
      <P>
        Click-and-collect turns browsers into buyers at the moment they decide, and it brings them into your shop, where
        many buy something else. Even a phone-and-collect option, promoted clearly on your website and Google profile,
        gets you most of the benefit.
      </P>
      <H>3. Treat your Google Business Profile as a shop window</H>
      <P>
        Successful city retailers post new arrivals, seasonal displays and offers to their Google profiles every week.
        It is free, it appears right where locals search, and it keeps your listing looking active. Our{' '}
        <BlogLink to="google-business-profile">Google Business Profile guide</BlogLink> shows how to set it up properly.
      </P>
      <H>4. Build an email list you own</H>
      <Bullets
        items={[
          'Ask for an email address at the counter in exchange for early access to sales or a birthday offer.',
          'Send one useful email a month: new stock, a how-to, an event. Not a wall of discounts.',
          'Email is the one channel no algorithm can take away from you.',
        ]}
      />
      <H>5. Measure foot traffic, not just clicks</H>
      <P>
        Ask new customers how they heard about you and note it. Combined with your website and Google profile insights,
        it tells you which channels bring people to the till, so you can spend where it works. Strong{' '}
        <BlogLink to="seo-strategies">local SEO</BlogLink> then compounds the effect month after month.
      </P>
    </>
  );
}
