import { Bullets, H, P } from './prose';

export function EcommerceArticle() {
  return (
    <>
      <P>
        Most small online stores do not have a traffic problem; they have a conversion problem. Visitors arrive, browse
        and leave. Before spending more on ads, fix the leaks below. Each one turns more of the visitors you already
        have into buyers.
      </P>
      <H>Make it fast</H>
      <P>
        Shoppers on phones give a page about three seconds. Compress product images, remove apps and scripts you no
        longer use, and choose good hosting. Speed also helps your Google rankings, so the gain is twice over.
      </P>
      <H>Remove surprises at checkout</H>
      <Bullets
        items={[
          'Show shipping costs on the product page, or offer free shipping over a threshold.',
          'Allow guest checkout; offer an account after the order, not before.',
          'Offer the payment options New Zealanders use, including buy-now-pay-later where it suits your margins.',
          'Cut every field you do not need.',
        ]}
      />
      <H>Write product pages that sell</H>
      <P>
        Good product pages answer the questions a shop assistant would: size, material, care, delivery time, returns.
        Use several photos, including one showing scale, and add reviews as soon as you have them.
      </P>
      <H>Recover abandoned carts</H>
      <P>
        A simple reminder email an hour after a cart is abandoned, and another a day later, wins back a meaningful share
        of lost sales for almost no effort once it is set up.
      </P>
      <H>Measure the funnel</H>
      <P>
        Track the share of visitors who view a product, add to cart, start checkout and buy. The step with the biggest
        drop is where your next improvement should go.
      </P>
    </>
  );
}
