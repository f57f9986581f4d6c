/** A titled paragraph: the landing pages' problems, benefits and offer contents are lists of these. */
export type TitledText = readonly [title: string, text: string];

/**
 * Titled paragraphs as cards in a grid (`className` sets the columns, `cardClassName` the card). `list` makes it
 * a list, where the items read as one (what an offer includes) rather than as separate points.
 */
export function CardGrid({
  items,
  className,
  cardClassName,
  list = false,
}: {
  items: readonly TitledText[];
  className: string;
  cardClassName: string;
  list?: boolean;
}) {
  const Grid = list ? 'ul' : 'div';
  const Card = list ? 'li' : 'div';
  return (
    <Grid className={`mt-8 grid gap-6 ${className}`}>
      {items.map(([title, text]) => (
        <Card key={title} className={cardClassName}>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-slate-600">{text}</p>
        </Card>
      ))}
    </Grid>
  );
}
