import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { IMAGES, type ImageName } from '../assets/images';
import { useNearViewport } from './use-near-viewport';

/** site-and-accounts §9: load within 50 px of the viewport, once 10% would be visible. */
const LAZY_MARGIN = '50px';
const VISIBILITY_THRESHOLD = 0.1;

interface Props {
  /** A picture shipped with this remote (responsive sizes), or `url`: one uploaded by staff (content images). */
  image?: ImageName;
  url?: string;
  alt: string;
  /** CSS aspect-ratio of the box, e.g. '16 / 9'; defaults to the image's own. */
  aspect?: string;
  /** Which share of the viewport the image fills, for the browser's width choice. */
  sizes?: string;
  className?: string;
  /** Above-the-fold images load at once and with high priority. */
  priority?: boolean;
  /**
   * The `<img>` is in the markup from the first render, the server's too, and the browser's own lazy loading
   * (`loading="lazy"`) defers it: for images that are part of what a page says, which its server HTML must hold
   * (decision 0068). Without it the `<img>` comes only when the box nears the viewport.
   */
  inMarkup?: boolean;
  failedText?: string;
}

type Status = 'placeholder' | 'loaded' | 'failed';

/** Uploads have one size; they are shown in a box of the given aspect, cropped to fill it. */
const UPLOAD_BOX = { width: 1200, height: 675 };

/**
 * A responsive image (400/800/1200 and the 1600 original) that waits until it is near the viewport; an uploaded
 * one (`url`) the same way, in its single size.
 */
export function LazyImage({
  image,
  url,
  alt,
  aspect,
  sizes = '100vw',
  className = '',
  priority = false,
  inMarkup = false,
  failedText = 'Image not available',
}: Props) {
  const shipped = image ? IMAGES[image] : null;
  const { width, height } = shipped ?? UPLOAD_BOX;
  const main = shipped ? shipped.src[800] : (url ?? '');
  const [box, near] = useNearViewport<HTMLDivElement>({
    margin: LAZY_MARGIN,
    threshold: VISIBILITY_THRESHOLD,
    eager: priority || inMarkup,
  });
  const [status, setStatus] = useState<Status>(main ? 'placeholder' : 'failed');
  const img = useRef<HTMLImageElement>(null);
  // Over server-rendered HTML the image may have finished before the page's code arrived, and React does not
  // replay its load event: read the outcome from the element instead.
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.currentSrc) setStatus(el.naturalWidth > 0 ? 'loaded' : 'failed');
  }, [near]);
  const srcSet = shipped
    ? `${shipped.src[400]} 400w, ${shipped.src[800]} 800w, ${shipped.src[1200]} 1200w, ${shipped.src[1600]} 1600w`
    : undefined;
  // Hero images are preloaded (spec: "two hero images are preloaded"), so they start before layout.
  if (priority && main)
    preload(main, {
      as: 'image',
      ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}),
      fetchPriority: 'high',
    });

  return (
    <div
      ref={box}
      data-status={status}
      className={`relative overflow-hidden bg-slate-100 ${className}`}
      style={{ aspectRatio: aspect ?? `${width} / ${height}` }}
    >
      {status === 'placeholder' && <div aria-hidden="true" className="absolute inset-0 animate-pulse bg-slate-200" />}
      {status === 'failed' ? (
        <div
          role="img"
          aria-label={alt}
          className="absolute inset-0 flex items-center justify-center text-sm text-slate-500"
        >
          {failedText}
        </div>
      ) : (
        near && (
          <img
            ref={img}
            src={main}
            srcSet={srcSet}
            sizes={srcSet ? sizes : undefined}
            width={width}
            height={height}
            alt={alt}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={priority ? 'high' : 'auto'}
            onLoad={() => setStatus('loaded')}
            onError={() => setStatus('failed')}
            // Above-the-fold images, and those in the server's markup, show as soon as they decode, without waiting
            // for code to fade them in (a page read before its code runs, or without it, shows them too).
            className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-500 ${priority || inMarkup || status === 'loaded' ? 'opacity-100' : 'opacity-0'}`}
          />
        )
      )}
    </div>
  );
}
